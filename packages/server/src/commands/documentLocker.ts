import type { DocumentLockInfo } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database } from '../db/schema';
import type { AppDeps } from '../http/AppDeps';
import { HttpError, forbidden, notFound } from '../http/HttpError';
import { documentsLockedByOthers, lockDocumentRows, lockedByOtherUser } from '../policies/documentLocks';
import { canSeeDocument } from '../policies/documentVisibility';
import type { Viewer } from '../policies/documentVisibility';
import { findQueuesWithAccess } from '../policies/queueAccess';
import { QUEUE_ACCESS_FLAGS } from '../workflow/queueAccessFlags';

/** `POST /api/locks`: the document, the queue the window shows it in and the row version it saw. */
export interface LockRequest {
  docId: number;
  queueId: number;
  rowVersion: number;
}

/** `PUT /api/locks/renew`, `DELETE /api/locks`: the document and (optionally) the queue the window shows it in. */
export interface LockTarget {
  docId: number;
  queueId: number | null;
}

interface VisibleDocument {
  id: number;
  queue_id: number | null;
  row_version: number;
}

function outOfSync(): HttpError {
  return new HttpError(409, 'Conflict', MESSAGES.queueOutOfSync);
}

/** The document if the viewer may see it (404 otherwise, like a missing one: SECURITY row 9). */
async function visibleDocumentOr404(db: Kysely<Database>, viewer: Viewer, docId: number): Promise<VisibleDocument> {
  const row = await db
    .selectFrom('documents as d')
    .select(['d.id', 'd.queue_id', 'd.row_version'])
    .where('d.id', '=', docId)
    .where((eb) => canSeeDocument(eb, viewer))
    .executeTakeFirst();
  if (row === undefined) throw notFound(MESSAGES.documentNotFound);
  return row;
}

/** 403 unless the viewer's effective access on the queue has AccessDocumentWithin (locks are for documents one may work on). */
async function requireDocumentAccess(db: Kysely<Database>, viewer: Viewer, queueId: number): Promise<void> {
  const queue = (await findQueuesWithAccess(db, viewer, [queueId])).get(queueId);
  if (queue === undefined || (queue.access & QUEUE_ACCESS_FLAGS.AccessDocumentWithin) === 0) {
    throw forbidden('You do not have the AccessDocumentWithin access of this queue.');
  }
}

/**
 * The database clock read once, so a lock's start and end come from the same instant of the
 * database's clock (never this process's: several servers must agree on expiry).
 */
async function databaseInstant(db: Kysely<Database>, deps: AppDeps): Promise<string> {
  const row = await db.selectNoFrom(deps.databaseNow().as('now')).executeTakeFirstOrThrow();
  return row.now;
}

function plusMinutes(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) + minutes * 60_000).toISOString();
}

interface LockRow {
  document_id: number;
  user_id: number;
  queue_id: number | null;
  acquired_at: string;
  expires_at: string;
}

async function presentLock(db: Kysely<Database>, viewer: Viewer, lock: LockRow): Promise<DocumentLockInfo> {
  const holder = lock.user_id === viewer.userId
    ? viewer.username
    : (await db.selectFrom('users').select('username').where('id', '=', lock.user_id).executeTakeFirstOrThrow()).username;
  return {
    docId: lock.document_id,
    queueId: lock.queue_id,
    holder,
    ownLock: lock.user_id === viewer.userId,
    acquiredAt: lock.acquired_at,
    lockExpiration: lock.expires_at,
  };
}

/** `GET /api/documents/{id}/locks`: the live lock of a visible document as a list of 0 or 1 (404 when invisible). */
export async function findDocumentLocks(deps: AppDeps, viewer: Viewer, docId: number): Promise<DocumentLockInfo[]> {
  await visibleDocumentOr404(deps.db, viewer, docId);
  const lock = await deps.db
    .selectFrom('document_locks')
    .selectAll()
    .where('document_id', '=', docId)
    .where('expires_at', '>', deps.databaseNow())
    .executeTakeFirst();
  return lock === undefined ? [] : [await presentLock(deps.db, viewer, lock)];
}

/**
 * Takes the document's lock for `DATAHAVEN_LOCK_MINUTES` of the database clock, in one write
 * transaction: invisible → 404; no AccessDocumentWithin on `queueId` → 403; the document no longer
 * in `queueId` or at `rowVersion` → 409 'Document Queue Out Of Sync With Window'. The write is an
 * upsert that replaces only an expired lock or the caller's own (which is thereby renewed); another
 * user's live lock leaves it untouched and answers 409 'The document has been locked by another
 * user.'. Of users racing for one document exactly one wins: the row lock (PostgreSQL) or the
 * IMMEDIATE transaction (SQLite) orders them, and the upsert's condition decides.
 */
export async function acquireLock(deps: AppDeps, viewer: Viewer, request: LockRequest): Promise<DocumentLockInfo> {
  return inWriteTransaction(deps.db, async (trx) => {
    await lockDocumentRows(trx, deps.dialect, [request.docId]);
    const document = await visibleDocumentOr404(trx, viewer, request.docId);
    await requireDocumentAccess(trx, viewer, request.queueId);
    if (document.queue_id !== request.queueId || document.row_version !== request.rowVersion) throw outOfSync();
    const now = await databaseInstant(trx, deps);
    const expiresAt = plusMinutes(now, deps.config.lockMinutes);
    const lock = await trx
      .insertInto('document_locks')
      .values({ document_id: request.docId, user_id: viewer.userId, queue_id: request.queueId, acquired_at: now, expires_at: expiresAt })
      .onConflict((conflict) =>
        conflict
          .column('document_id')
          .doUpdateSet({
            user_id: viewer.userId,
            queue_id: request.queueId,
            // Renewing one's own live lock keeps when it was first taken.
            acquired_at: sql<string>`case when document_locks.user_id = ${viewer.userId} and document_locks.expires_at > ${now}
              then document_locks.acquired_at else ${now} end`,
            expires_at: expiresAt,
          })
          .where((eb) => eb.or([eb('document_locks.expires_at', '<=', now), eb('document_locks.user_id', '=', viewer.userId)])),
      )
      .returningAll()
      .executeTakeFirst();
    if (lock === undefined) throw lockedByOtherUser();
    return presentLock(trx, viewer, lock);
  });
}

/**
 * Extends the caller's own live lock by `DATAHAVEN_LOCK_MINUTES` from the database's now:
 * invisible → 404; `queueId` given and not the document's queue → 409 out of sync; the caller holds
 * no live lock (it expired, maybe taken by someone else since: SECURITY row 22) → 409 'The document
 * has been locked by another user.'.
 */
export async function renewLock(deps: AppDeps, viewer: Viewer, target: LockTarget): Promise<DocumentLockInfo> {
  return inWriteTransaction(deps.db, async (trx) => {
    await lockDocumentRows(trx, deps.dialect, [target.docId]);
    const document = await visibleDocumentOr404(trx, viewer, target.docId);
    if (target.queueId !== null && document.queue_id !== target.queueId) throw outOfSync();
    const now = await databaseInstant(trx, deps);
    const lock = await trx
      .updateTable('document_locks')
      .set({ expires_at: plusMinutes(now, deps.config.lockMinutes) })
      .where('document_id', '=', target.docId)
      .where('user_id', '=', viewer.userId)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (lock === undefined) throw lockedByOtherUser();
    return presentLock(trx, viewer, lock);
  });
}

/**
 * Releases the document's lock: the caller's own (live or expired) or an expired one goes; another
 * user's live lock → 409 'The document has been locked by another user.' unless the caller is a
 * security manager, who may release it. No lock at all is fine (nothing to do). Invisible → 404.
 * The queue is not compared: a lock may be released after the document moved on.
 */
export async function releaseLock(deps: AppDeps, viewer: Viewer, target: LockTarget): Promise<void> {
  await inWriteTransaction(deps.db, async (trx) => {
    await lockDocumentRows(trx, deps.dialect, [target.docId]);
    await visibleDocumentOr404(trx, viewer, target.docId);
    const lockedByOthers = await documentsLockedByOthers(trx, deps, viewer.userId, [target.docId]);
    if (lockedByOthers.length > 0 && !viewer.isManager) throw lockedByOtherUser();
    await trx.deleteFrom('document_locks').where('document_id', '=', target.docId).execute();
  });
}
