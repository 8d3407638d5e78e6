import { autoDocumentName } from '@datahaven/core/rules';
import { hasPrivilege } from '../access';
import type { DocumentDetailRow, Viewer } from '../access';
import type { AppDeps } from '../services/AppDeps';
import { forbidden, invalid } from '../errors/DomainError';
import { cleanFileName } from './fileNames';

/** The privilege renaming and re-applying a name needs (embedded §6 'Dynamics: Reapply Document Name'). */
export const REAPPLY_NAME_PRIVILEGE = 'Dynamics: Reapply Document Name';

/** The record a name is built from when `useContext` names one of the document's links. */
export interface NamingContext {
  dataAreaId?: string;
  recordId?: string;
}

/** The naming part of PUT /api/documents/{id}: a new name, or `autoname` (built from the link). */
export type NamingRequest = { kind: 'name'; name: string } | { kind: 'auto'; context: NamingContext | null };

/**
 * Reads the naming fields of the PUT /api/documents/{id} body (spec §7: name, autoname,
 * useContext, dataAreaId, recordId, tableId, sourceType); undefined when the body renames nothing.
 */
export function parseNamingRequest(body: unknown): NamingRequest | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  if (record.autoname === true || record.autoname === 'true') {
    if (record.useContext !== true) return { kind: 'auto', context: null };
    const context: NamingContext = {};
    if (typeof record.dataAreaId === 'string' && record.dataAreaId !== '') context.dataAreaId = record.dataAreaId;
    if (typeof record.recordId === 'string' && record.recordId !== '')
      context.recordId = record.recordId.replace(/[{}]/g, '').toLowerCase();
    return { kind: 'auto', context };
  }
  if (record.name === undefined) return undefined;
  if (typeof record.name !== 'string') throw invalid('name must be text.');
  const name = cleanFileName(record.name);
  if (name === '') throw invalid('The name must not be blank.');
  return { kind: 'name', name };
}

/** The source number the automatic name uses: the primary link's, or the link `context` names (400 when none matches). */
async function sourceNumberFor(deps: AppDeps, current: DocumentDetailRow, context: NamingContext | null): Promise<string> {
  if (context === null || (context.recordId === undefined && context.dataAreaId === undefined)) return current.link_source_number ?? '';
  let query = deps.db.selectFrom('record_links').select('source_number').where('document_id', '=', current.id);
  if (context.recordId !== undefined) query = query.where('record_id', '=', context.recordId);
  if (context.dataAreaId !== undefined) query = query.where('data_area_id', '=', context.dataAreaId);
  const link = await query.orderBy('is_primary', 'desc').executeTakeFirst();
  if (link === undefined) throw invalid('The document is not linked to the record of the context.');
  return link.source_number;
}

/**
 * Resolves the name a rename or automatic name (core `autoDocumentName`: record number, subtype,
 * date) gives a linked document, after its checks: unlinked (spec §7) → 400; without 'Dynamics:
 * Reapply Document Name' → 403. Writes nothing: `editDocument` applies the name in the same
 * transaction as the other fields of the request (queue flag, lock, row version, note, index).
 * Resolves to the new name, or null when it is the current one.
 */
export async function resolveDocumentName(
  deps: AppDeps,
  viewer: Viewer,
  current: DocumentDetailRow,
  request: NamingRequest,
): Promise<string | null> {
  if (current.link_record_id === null) throw invalid('An unlinked document cannot be renamed.');
  if (!(await hasPrivilege(deps.db, viewer.userId, REAPPLY_NAME_PRIVILEGE))) {
    throw forbidden(`Renaming a document needs the '${REAPPLY_NAME_PRIVILEGE}' privilege.`);
  }
  const name =
    request.kind === 'name'
      ? request.name
      : autoDocumentName({
          sourceNumber: await sourceNumberFor(deps, current, request.context),
          subtypeText: current.subtype_text,
          userDate: current.user_date1,
          createdAt: current.created_at,
          extension: current.extension,
        });
  return name === current.name ? null : name;
}
