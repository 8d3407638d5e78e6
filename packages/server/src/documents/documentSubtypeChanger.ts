import type { SubtypeChangeRequest } from '@datahaven/core/contract';
import type { SubtypeChange } from '@datahaven/core/model';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { assertDocumentActionAllowed, hasPrivilege, queueActionAllowed } from '../access';
import type { DocumentDetailRow, Viewer } from '../access';
import type { AppDeps } from '../services/AppDeps';
import { forbidden, conflict, invalid } from '../errors/DomainError';
import { insertNote } from './noteWriter';

/** The privilege that changing a document's subtype needs (embedded §6). */
export const CHANGE_SUBTYPE_PRIVILEGE = 'Dynamics: Change Document Subtype';

/** The change a checked body of PUT /api/documents/{id}/subtype asks for (`subtype` may be an id or `{ id }`). */
export function subtypeChangeOf(body: SubtypeChangeRequest): SubtypeChange {
  const change: SubtypeChange = { subtype: typeof body.subtype === 'number' ? body.subtype : body.subtype.id };
  if (body.ignorePermissions !== undefined) change.ignorePermissions = body.ignorePermissions;
  if (body.rowVersion !== undefined) change.rowVersion = body.rowVersion;
  return change;
}

/**
 * Changes a visible document's subtype. Checks, in order: the 'Dynamics: Change Document
 * Subtype' privilege (403; `ignorePermissions` never skips it — the server is the authority),
 * the queue's ChangeSubtype flag when the document is in a queue (403), a link (400: the
 * subtypes are those of the linked record's integrated table), the subtype belonging to that
 * table (400). In one transaction: another user's live lock → 409, a stale row version → 409,
 * then the update (row_version + 1) and a system note. Choosing the current subtype changes nothing.
 */
export async function changeDocumentSubtype(
  deps: AppDeps,
  viewer: Viewer,
  current: DocumentDetailRow,
  change: SubtypeChange,
): Promise<void> {
  if (!(await hasPrivilege(deps.db, viewer.userId, CHANGE_SUBTYPE_PRIVILEGE))) {
    throw forbidden(`Changing the subtype needs the '${CHANGE_SUBTYPE_PRIVILEGE}' privilege.`);
  }
  if (current.queue_id !== null && !queueActionAllowed('changeSubtype', Number(current.queue_access))) {
    throw forbidden(`Your access to the queue ${current.queue_name ?? ''} does not allow changing the subtype.`);
  }
  if (current.link_sit_id === null) throw invalid('Only a linked document has subtypes to choose from. Link the document first.');
  const subtype = await deps.db
    .selectFrom('subtypes')
    .select(['id', 'text', 'integrated_table_id'])
    .where('id', '=', change.subtype)
    .executeTakeFirst();
  if (subtype === undefined || subtype.integrated_table_id !== current.link_sit_id) {
    throw invalid(`Subtype ${change.subtype} does not belong to ${current.sit_label ?? 'the linked table'}.`);
  }
  const now = deps.now().toISOString();
  await inWriteTransaction(deps.db, async (trx) => {
    await assertDocumentActionAllowed(trx, deps, viewer, [current.id], 'changeSubtype');
    const stored = await trx
      .selectFrom('documents')
      .select(['row_version', 'subtype_id'])
      .where('id', '=', current.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const expected = change.rowVersion ?? current.row_version;
    if (stored === undefined || stored.row_version !== expected) {
      throw conflict('The document was changed by someone else. Reload it and try again.');
    }
    if (stored.subtype_id === subtype.id) return;
    const result = await trx
      .updateTable('documents')
      .set({ subtype_id: subtype.id, updated_at: now, row_version: stored.row_version + 1 })
      .where('id', '=', current.id)
      .where('row_version', '=', stored.row_version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('The document was changed by someone else. Reload it and try again.');
    const before = current.subtype_text === null ? '(blank)' : `'${current.subtype_text}'`;
    await insertNote(
      trx,
      current.id,
      viewer.userId,
      'system',
      `Subtype changed from ${before} to '${subtype.text}' by ${viewer.username}.`,
      now,
    );
  });
}
