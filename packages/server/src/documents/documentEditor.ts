import type { DocumentChanges } from '@datahaven/core/contract';
import { MESSAGES, normalizeUserDateValue } from '@datahaven/core/rules';
import type { PrivilegeName } from '@datahaven/core/model';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { readOption } from '../db/optionStore';
import { QUEUE_ACTION_POLICY, assertDocumentWriteAllowed, effectivePrivileges } from '../access';
import type { DocumentDetailRow, QueueAccessFlag, Viewer } from '../access';
import type { DocumentUpdate } from '../db/schema';
import type { AppDeps } from '../services/AppDeps';
import { forbidden, conflict, invalid } from '../errors/DomainError';
import { reindexDocument } from '../search';
import { insertNote } from './noteWriter';
import { quoted } from './quoted';

/** Longest description / user string accepted. */
export const MAX_DESCRIPTION_LENGTH = 1000;
/** Longest user string 1 accepted. */
export const MAX_USER_STRING_LENGTH = 250;

function stringField(body: Record<string, unknown>, name: string, max: number): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${name} must be text.`);
  if (Array.from(value).length > max) throw invalid(`${name} is limited to ${max} characters.`);
  return value;
}

/** Reads and checks the JSON body of PUT /api/documents/{id}; dates become ISO instants, '' or null blanks the date. */
export function parseDocumentChanges(body: unknown): DocumentChanges {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('A JSON object is required.');
  const record = body as Record<string, unknown>;
  const changes: DocumentChanges = {};
  const description = stringField(record, 'description', MAX_DESCRIPTION_LENGTH);
  if (description !== undefined) changes.description = description;
  const userString = stringField(record, 'userString', MAX_USER_STRING_LENGTH);
  if (userString !== undefined) changes.userString = userString;
  if ('userDate' in record) {
    // Strict (core normalizeUserDateValue): a bare date is stored at 12:00 UTC (shown date-only), 1900 as blank.
    const normalized = normalizeUserDateValue(record.userDate);
    if (normalized === undefined) throw invalid(MESSAGES.reenterValidDate);
    changes.userDate = normalized.value;
  }
  return changes;
}

const PRIVILEGE_OF: Readonly<Record<keyof DocumentChanges, PrivilegeName>> = {
  description: 'Cabinet: Edit Document Description',
  userString: 'Cabinet: Edit Document user_string1',
  userDate: 'Cabinet: Edit Document user_date1',
};

/**
 * The queue access flag each change needs when the document is in a queue (portal §3), as THE
 * queue policy names it (access/queueActionPolicy: editDescription, editUserString,
 * editUserDate). A rename has no flag of its own in the spec; ours: it needs ChangeDescription,
 * the name being the document's other descriptive text (and the flag the portal's edit form pairs it with).
 */
export const QUEUE_FLAG_OF: Readonly<Record<keyof DocumentChanges | 'name', QueueAccessFlag>> = {
  description: QUEUE_ACTION_POLICY.editDescription.allOf[0],
  userString: QUEUE_ACTION_POLICY.editUserString.allOf[0],
  userDate: QUEUE_ACTION_POLICY.editUserDate.allOf[0],
  name: QUEUE_ACTION_POLICY.editDescription.allOf[0],
};

/**
 * Applies one PUT /api/documents/{id}: the new name (already resolved and checked by the naming
 * command; null for none) and the field changes that differ from the stored values, each needing
 * its privilege (403 otherwise). All in one transaction, so a request applies whole or not at all:
 * the document row locked; in a queue, the caller's effective access must hold the flag of each
 * change (QUEUE_FLAG_OF → 403); another user's live lock → 409; then one update (row_version + 1,
 * conditional on the version read → 409 on a race), the notes ('Name changed …', then one listing
 * the fields) and the search index.
 */
export async function editDocument(
  deps: AppDeps,
  viewer: Viewer,
  current: DocumentDetailRow,
  changes: DocumentChanges,
  newName: string | null = null,
): Promise<void> {
  const changed: (keyof DocumentChanges)[] = [];
  if (changes.description !== undefined && changes.description !== current.description) changed.push('description');
  if (changes.userString !== undefined && changes.userString !== current.user_string1) changed.push('userString');
  if (changes.userDate !== undefined && changes.userDate !== current.user_date1) changed.push('userDate');
  const renamed = newName !== null && newName !== current.name;
  if (changed.length === 0 && !renamed) return;
  const held = await effectivePrivileges(
    deps.db,
    viewer.userId,
    changed.map((c) => PRIVILEGE_OF[c]),
  );
  for (const field of changed) {
    if (held.get(PRIVILEGE_OF[field]) !== true) throw forbidden(`Changing ${field} needs the '${PRIVILEGE_OF[field]}' privilege.`);
  }
  const labels = {
    description: 'Description',
    userString: await readOption(deps.db, 'Document User String 1 Label'),
    userDate: await readOption(deps.db, 'Document User Date 1 Label'),
  };
  const before = { description: current.description, userString: current.user_string1, userDate: current.user_date1 };
  const parts = changed.map((field) => `${labels[field]} changed from ${quoted(before[field])} to ${quoted(changes[field] ?? null)}`);
  const now = deps.now().toISOString();
  const update: DocumentUpdate = { updated_at: now, row_version: current.row_version + 1 };
  if (renamed) update.name = newName;
  if (changed.includes('description')) update.description = changes.description;
  if (changed.includes('userString')) update.user_string1 = changes.userString;
  if (changed.includes('userDate')) update.user_date1 = changes.userDate ?? null;
  const edited: (keyof DocumentChanges | 'name')[] = renamed ? ['name', ...changed] : changed;
  const flags = [...new Set(edited.map((field) => QUEUE_FLAG_OF[field]))];
  await inWriteTransaction(deps.db, async (trx) => {
    await assertDocumentWriteAllowed(trx, deps, viewer, [current.id], flags, `changing the ${edited.join(', ')}`);
    const result = await trx
      .updateTable('documents')
      .set(update)
      .where('id', '=', current.id)
      .where('row_version', '=', current.row_version)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('The document was changed by someone else. Reload it and try again.');
    if (renamed)
      await insertNote(
        trx,
        current.id,
        viewer.userId,
        'system',
        `Name changed from '${current.name}' to '${newName}' by ${viewer.username}.`,
        now,
      );
    if (parts.length > 0) await insertNote(trx, current.id, viewer.userId, 'system', `${parts.join('; ')} by ${viewer.username}.`, now);
    if (renamed || changed.includes('description')) await reindexDocument(trx, current.id);
  });
}

/**
 * Soft-deletes the given (visible) documents, each with a system note; resolves to the ids deleted.
 * A document in a queue whose effective access lacks Delete → 403, another user's live lock on any
 * of them → 409; either refuses the whole request and nothing is deleted.
 */
export async function deleteDocuments(deps: AppDeps, viewer: Viewer, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const now = deps.now().toISOString();
  return inWriteTransaction(deps.db, async (trx) => {
    await assertDocumentWriteAllowed(trx, deps, viewer, ids, ['Delete'], 'deleting the documents');
    const deleted: number[] = [];
    for (const id of ids) {
      const result = await trx
        .updateTable('documents')
        .set((eb) => ({ deleted_at: now, updated_at: now, row_version: eb('row_version', '+', 1) }))
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) continue;
      await insertNote(trx, id, viewer.userId, 'system', `Deleted by ${viewer.username}`, now);
      await reindexDocument(trx, id);
      deleted.push(id);
    }
    return deleted;
  });
}
