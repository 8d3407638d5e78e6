import { MESSAGES } from '@datahaven/core/rules';
import type { Kysely, RawBuilder } from 'kysely';
import type { DialectName } from '../db/createDatabase';
import type { Database } from '../db/schema';
import { conflict } from '../errors/DomainError';
import type { DomainError } from '../errors/DomainError';

/** What the lock policy needs of the app's dependencies: the dialect and the database clock. */
export interface LockClock {
  dialect: DialectName;
  /** The database clock as SQL (db/databaseNow.ts); a lock is live while `expires_at` is after it. */
  databaseNow: () => RawBuilder<string>;
}

/** 409 'The document has been locked by another user.' (embedded §8). */
export function lockedByOtherUser(): DomainError {
  return conflict(MESSAGES.documentLockedByOther);
}

/**
 * Takes the row locks of the documents (PostgreSQL `SELECT … FOR UPDATE`, in id order so two
 * requests never wait on each other crosswise). Whoever reads or writes a document's lock, and
 * every action a lock blocks, goes through this first, so a lock taken and an action checked at
 * the same moment are serialised by the document row. SQLite needs nothing: its write
 * transactions begin IMMEDIATE and already run one at a time.
 */
export async function lockDocumentRows(trx: Kysely<Database>, dialect: DialectName, documentIds: readonly number[]): Promise<void> {
  if (dialect !== 'postgres') return;
  await lockDocumentRowsReadingQueues(trx, dialect, documentIds);
}

/** The documents among `documentIds` on which a user other than `userId` holds a live lock. */
export async function documentsLockedByOthers(
  trx: Kysely<Database>,
  clock: LockClock,
  userId: number,
  documentIds: readonly number[],
): Promise<number[]> {
  if (documentIds.length === 0) return [];
  const rows = await trx
    .selectFrom('document_locks')
    .select('document_id')
    .where('document_id', 'in', [...new Set(documentIds)])
    .where('user_id', '!=', userId)
    .where('expires_at', '>', clock.databaseNow())
    .execute();
  return rows.map((row) => row.document_id);
}

/** What assertNotLockedByOtherUser found besides "no other user's live lock". */
export interface DocumentLockRows {
  /** Whether any lock row (the caller's own, or an expired one) exists on the documents. */
  anyLockRow: boolean;
}

/**
 * Takes the row locks of the documents as lockDocumentRows does and answers each one's queue and
 * row version, in one statement: on PostgreSQL a row that `FOR UPDATE` waited for is returned as
 * the waited-for transaction left it, so what is read is what the action will be judged in. SQLite
 * reads the same rows without a lock (its write transactions already run one at a time).
 */
export async function lockDocumentRowsReadingQueues(
  trx: Kysely<Database>,
  dialect: DialectName,
  documentIds: readonly number[],
): Promise<{ id: number; queue_id: number | null; row_version: number }[]> {
  if (documentIds.length === 0) return [];
  const query = trx
    .selectFrom('documents')
    .select(['id', 'queue_id', 'row_version'])
    .where('id', 'in', [...new Set(documentIds)])
    .orderBy('id');
  return (dialect === 'postgres' ? query.forUpdate() : query).execute();
}

/**
 * Inside a write transaction whose document rows are already locked (lockDocumentRows): refuses
 * with 409 'The document has been locked by another user.' when a user other than `userId` holds
 * a live lock on any of the documents. The lock rows are read in a statement of their own after
 * the row lock: on PostgreSQL (READ COMMITTED) a subquery of the locking statement itself reads
 * the snapshot taken before it waited for the rows, and would miss a lock committed by the
 * transaction it waited for. Answers whether any lock row exists (the caller's own, or an
 * expired one), so a caller that drops the locks (releaseDocumentLocks) can skip a delete of
 * nothing.
 */
export async function assertNoOtherUsersLockOnLockedRows(
  trx: Kysely<Database>,
  clock: LockClock,
  userId: number,
  documentIds: readonly number[],
): Promise<DocumentLockRows> {
  if (documentIds.length === 0) return { anyLockRow: false };
  const rows = await trx
    .selectFrom('document_locks')
    .select((eb) => ['document_id', eb.and([eb('user_id', '!=', userId), eb('expires_at', '>', clock.databaseNow())]).as('by_other')])
    .where('document_id', 'in', [...new Set(documentIds)])
    .execute();
  // PostgreSQL answers booleans, SQLite 0 and 1.
  if (rows.some((row) => Boolean(row.by_other))) throw lockedByOtherUser();
  return { anyLockRow: rows.length > 0 };
}

/**
 * Inside a write transaction: refuses with 409 'The document has been locked by another user.'
 * when a user other than `userId` holds a live lock on any of the documents (embedded §5: route,
 * approve, reject, delete, link, unlink, split and change subtype). The rows are locked first
 * (see lockDocumentRows), so the answer stays true until the transaction ends; then the lock rows
 * are read (assertNoOtherUsersLockOnLockedRows).
 */
export async function assertNotLockedByOtherUser(
  trx: Kysely<Database>,
  clock: LockClock,
  userId: number,
  documentIds: readonly number[],
): Promise<DocumentLockRows> {
  if (documentIds.length === 0) return { anyLockRow: false };
  await lockDocumentRows(trx, clock.dialect, documentIds);
  return assertNoOtherUsersLockOnLockedRows(trx, clock, userId, documentIds);
}

/**
 * Drops every lock on the documents: called when a workflow action moved them out of the queue
 * they were locked in. Another user's live lock would have refused the action, so what goes is
 * the caller's own lock or an expired one.
 */
export async function releaseDocumentLocks(trx: Kysely<Database>, documentIds: readonly number[]): Promise<void> {
  if (documentIds.length === 0) return;
  await trx
    .deleteFrom('document_locks')
    .where('document_id', 'in', [...new Set(documentIds)])
    .execute();
}
