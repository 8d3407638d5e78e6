import type { CustomDataRequest } from '@datahaven/core/contract';
import { checkCustomFieldValue } from '@datahaven/core/rules';
import type { CustomDataUpdate, CustomField } from '@datahaven/core/model';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { AppDeps } from '../services/AppDeps';
import { forbidden, invalid } from '../errors/DomainError';
import { assertDocumentActionAllowed, hasPrivilege } from '../access';
import type { Viewer } from '../access';
import { insertNote } from './noteWriter';
import { quoted } from './quoted';

/** The privilege that editing a document's custom (index) data needs (embedded §6). */
export const EDIT_INDEX_DATA_PRIVILEGE = 'Dynamics: Edit Document Index Data';

/**
 * The update a checked body of POST /api/document/{id}/custom asks for (the request contract has
 * checked the types and the 200-value limit); a field named twice is refused.
 */
export function customDataUpdateOf(body: CustomDataRequest): CustomDataUpdate {
  const seen = new Set<number>();
  for (const { fieldId } of body.values) {
    if (seen.has(fieldId)) throw invalid(`Field ${fieldId} is named twice.`);
    seen.add(fieldId);
  }
  return { values: body.values };
}

/**
 * Stores a document's custom values. Needs 'Dynamics: Edit Document Index Data' (403). Every
 * field must belong to a category that applies to the document (400) and be a ManualEntry field
 * — only those are editable (portal §3) — (400); values pass the core field check (required,
 * number, strict date, length) or answer 400 with its message. In one transaction: in a queue,
 * the queue policy's `editCustomData` (403 in words, the same rule GET /readonly answers: a member
 * who only follows the queue changes nothing), another user's live lock → 409 (ours: a lock
 * holder works on the document alone), upserts, and one system note naming the fields that changed.
 */
export async function saveCustomData(
  deps: AppDeps,
  viewer: Viewer,
  documentId: number,
  fields: readonly CustomField[],
  update: CustomDataUpdate,
): Promise<void> {
  if (!(await hasPrivilege(deps.db, viewer.userId, EDIT_INDEX_DATA_PRIVILEGE))) {
    throw forbidden(`Changing custom data needs the '${EDIT_INDEX_DATA_PRIVILEGE}' privilege.`);
  }
  const byId = new Map(fields.map((field) => [field.id, field]));
  const checked = update.values.map(({ fieldId, value }) => {
    const field = byId.get(fieldId);
    if (field === undefined) throw invalid(`Field ${fieldId} is not a custom field of this document.`);
    if (!field.editable) throw invalid(`The field ${field.label} is not editable: only ManualEntry fields are.`);
    const result = checkCustomFieldValue(field, value);
    if (!result.ok) throw invalid(`${field.label}: ${result.message}`);
    return { field, value: result.value };
  });
  if (checked.length === 0) return;
  const now = deps.now().toISOString();
  await inWriteTransaction(deps.db, async (trx) => {
    await assertDocumentActionAllowed(trx, deps, viewer, [documentId], 'editCustomData');
    const stored = await trx
      .selectFrom('custom_values')
      .select(['field_id', 'value'])
      .where('document_id', '=', documentId)
      .where(
        'field_id',
        'in',
        checked.map((c) => c.field.id),
      )
      .execute();
    const before = new Map(stored.map((row) => [row.field_id, row.value]));
    const changes: string[] = [];
    for (const { field, value } of checked) {
      const previous = before.get(field.id) ?? null;
      if (previous === value) continue;
      await trx
        .insertInto('custom_values')
        .values({ document_id: documentId, field_id: field.id, value, updated_at: now, updated_by_user_id: viewer.userId })
        .onConflict((oc) =>
          oc.columns(['document_id', 'field_id']).doUpdateSet({ value, updated_at: now, updated_by_user_id: viewer.userId }),
        )
        .execute();
      changes.push(`${field.label} changed from ${quoted(previous)} to ${quoted(value)}`);
    }
    if (changes.length > 0) await insertNote(trx, documentId, viewer.userId, 'system', `${changes.join('; ')} by ${viewer.username}.`, now);
  });
}
