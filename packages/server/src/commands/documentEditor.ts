import { MESSAGES, normalizeUserDateValue } from '@datahaven/core/rules';
import type { PrivilegeName } from '@datahaven/core/model';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { readOption } from '../db/optionStore';
import type { DocumentDetailRow } from '../db/documentQueries';
import type { DocumentUpdate } from '../db/schema';
import type { AppDeps } from '../http/AppDeps';
import { HttpError, badRequest, forbidden } from '../http/HttpError';
import { assertNotLockedByOtherUser } from '../policies/documentLocks';
import type { Viewer } from '../policies/documentVisibility';
import { effectivePrivileges } from '../policies/privileges';
import { reindexDocument } from '../search/reindexDocument';
import { insertNote } from './noteWriter';

/** Longest description / user string accepted. */
export const MAX_DESCRIPTION_LENGTH = 1000;
/** Longest user string 1 accepted. */
export const MAX_USER_STRING_LENGTH = 250;

/** The validated changes of PUT /api/documents/{id}. */
export interface DocumentChanges {
  description?: string;
  userString?: string;
  userDate?: string | null;
}

function stringField(body: Record<string, unknown>, name: string, max: number): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be text.`);
  if (Array.from(value).length > max) throw badRequest(`${name} is limited to ${max} characters.`);
  return value;
}

/** Reads and checks the JSON body of PUT /api/documents/{id}; dates become ISO instants, '' or null blanks the date. */
export function parseDocumentChanges(body: unknown): DocumentChanges {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('A JSON object is required.');
  const record = body as Record<string, unknown>;
  const changes: DocumentChanges = {};
  const description = stringField(record, 'description', MAX_DESCRIPTION_LENGTH);
  if (description !== undefined) changes.description = description;
  const userString = stringField(record, 'userString', MAX_USER_STRING_LENGTH);
  if (userString !== undefined) changes.userString = userString;
  if ('userDate' in record) {
    // Strict (core normalizeUserDateValue): a bare date is stored at 12:00 UTC (shown date-only), 1900 as blank.
    const normalized = normalizeUserDateValue(record.userDate);
    if (normalized === undefined) throw badRequest(MESSAGES.reenterValidDate);
    changes.userDate = normalized.value;
  }
  return changes;
}

const PRIVILEGE_OF: Readonly<Record<keyof DocumentChanges, PrivilegeName>> = {
  description: 'Cabinet: Edit Document Description',
  userString: 'Cabinet: Edit Document user_string1',
  userDate: 'Cabinet: Edit Document user_date1',
};

function quoted(value: string | null): string {
  return value === null || value === '' ? '(blank)' : `'${value}'`;
}

/**
 * Applies the changes that differ from the stored values, each needing its privilege (403
 * otherwise), with one system note listing them; bumps row_version. The update is conditional on
 * the row version read, so a concurrent change answers 409 instead of being overwritten.
 */
export async function editDocument(deps: AppDeps, viewer: Viewer, current: DocumentDetailRow, changes: DocumentChanges): Promise<void> {
  const changed: (keyof DocumentChanges)[] = [];
  if (changes.description !== undefined && changes.description !== current.description) changed.push('description');
  if (changes.userString !== undefined && changes.userString !== current.user_string1) changed.push('userString');
  if (changes.userDate !== undefined && changes.userDate !== current.user_date1) changed.push('userDate');
  if (changed.length === 0) return;
  const held = await effectivePrivileges(deps.db, viewer.userId, changed.map((c) => PRIVILEGE_OF[c]));
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
  const update: DocumentUpdate = { updated_at: deps.now().toISOString(), row_version: current.row_version + 1 };
  if (changed.includes('description')) update.description = changes.description;
  if (changed.includes('userString')) update.user_string1 = changes.userString;
  if (changed.includes('userDate')) update.user_date1 = changes.userDate ?? null;
  await inWriteTransaction(deps.db, async (trx) => {
    const result = await trx
      .updateTable('documents')
      .set(update)
      .where('id', '=', current.id)
      .where('row_version', '=', current.row_version)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, 'Conflict', 'The document was changed by someone else. Reload it and try again.');
    await insertNote(trx, current.id, viewer.userId, 'system', `${parts.join('; ')} by ${viewer.username}.`, update.updated_at as string);
    if (changed.includes('description')) await reindexDocument(trx, current.id);
  });
}

/**
 * Soft-deletes the given (visible) documents, each with a system note; resolves to the ids deleted.
 * Another user's live lock on any of them → 409 and nothing is deleted.
 */
export async function deleteDocuments(deps: AppDeps, viewer: Viewer, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const now = deps.now().toISOString();
  return inWriteTransaction(deps.db, async (trx) => {
    await assertNotLockedByOtherUser(trx, deps, viewer.userId, ids);
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
