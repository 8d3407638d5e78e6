import { hasQueueFeature } from '@datahaven/core/model';
import type { DocumentLockInfo } from '@datahaven/core/model';
import { MESSAGES, effectiveLockAccess } from '@datahaven/core/rules';
import type { LockAccess } from '@datahaven/core/rules';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database } from '../db/schema';
import type { AppDeps } from '../services/AppDeps';
import { forbidden, outOfSync } from '../errors/DomainError';
import type { DomainError } from '../errors/DomainError';
import {
  QUEUE_ACCESS_FLAGS,
  documentsLockedByOthers,
  findQueuesWithAccess,
  lockDocumentRows,
  lockedByOtherUser,
  visibleDocumentOr404,
} from '../access';
import type { QueueWithAccess, Viewer } from '../access';

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

function queueOutOfSync(): DomainError {
  return outOfSync(MESSAGES.queueOutOfSync);
}

const NO_DOCUMENT_ACCESS = 'You do not have the AccessDocumentWithin access of this queue.';
const OPT_IN_NO_RENEW = 'Locks in this queue are taken, not renewed: they expire (OptInWorkflow).';
const OPT_IN_NO_UNLOCK = 'Locks in this queue are not released: they expire (OptInWorkflow).';

/**
 * What the caller may do with locks of a document in `queue` before the lock's owner is looked at,
 * by the client's rule (core effectiveLockAccess, portal §4): locks are for documents one may work
 * on, so taking and renewing need AccessDocumentWithin on the queue; releasing one's own lock needs
 * nothing more (it only gives work back, also after access was revoked or the document moved on);
 * in an OptInWorkflow queue taking a lock is allowed to anyone who sees the document (that is how
 * one opts in to work it) and renewing and releasing are not: such a lock runs out.
 */
function lockAccessIn(queue: QueueWithAccess | undefined): LockAccess {
  const mayWork = queue !== undefined && (queue.access & QUEUE_ACCESS_FLAGS.AccessDocumentWithin) !== 0;
  return effectiveLockAccess({ createLock: mayWork, renewLock: mayWork, unlock: true }, queue ?? null);
}

async function queueOf(db: Kysely<Database>, viewer: Viewer, queueId: number | null): Promise<QueueWithAccess | undefined> {
  return queueId === null ? undefined : (await findQueuesWithAccess(db, viewer, [queueId])).get(queueId);
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
  const holder =
    lock.user_id === viewer.userId
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
 * transaction: invisible → 404; no AccessDocumentWithin on `queueId` → 403 (not asked in an
 * OptInWorkflow queue: see lockAccessIn); the document no longer
 * in `queueId` or at `rowVersion` → 409 'Document Queue Out Of Sync With Window'. The write is an
 * upsert that replaces only an expired lock or the caller's own (which is thereby renewed; in an
 * OptInWorkflow queue the caller's own live lock is answered as it is, not extended); another
 * user's live lock leaves it untouched and answers 409 'The document has been locked by another
 * user.'. Of users racing for one document exactly one wins: the row lock (PostgreSQL) or the
 * IMMEDIATE transaction (SQLite) orders them, and the upsert's condition decides.
 */
export async function acquireLock(deps: AppDeps, viewer: Viewer, request: LockRequest): Promise<DocumentLockInfo> {
  return inWriteTransaction(deps.db, async (trx) => {
    await lockDocumentRows(trx, deps.dialect, [request.docId]);
    const document = await visibleDocumentOr404(trx, viewer, request.docId);
    const queue = await queueOf(trx, viewer, request.queueId);
    if (!lockAccessIn(queue).createLock) throw forbidden(NO_DOCUMENT_ACCESS);
    if (document.queue_id !== request.queueId || document.row_version !== request.rowVersion) throw queueOutOfSync();
    // In an OptInWorkflow queue a lock is not renewed, so taking it again changes nothing.
    const optIn = hasQueueFeature(queue ?? null, 'OptInWorkflow');
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
          .where((eb) =>
            optIn
              ? eb('document_locks.expires_at', '<=', now)
              : eb.or([eb('document_locks.expires_at', '<=', now), eb('document_locks.user_id', '=', viewer.userId)]),
          ),
      )
      .returningAll()
      .executeTakeFirst();
    if (lock !== undefined) return presentLock(trx, viewer, lock);
    const own = optIn
      ? await trx
          .selectFrom('document_locks')
          .selectAll()
          .where('document_id', '=', request.docId)
          .where('user_id', '=', viewer.userId)
          .where('expires_at', '>', now)
          .executeTakeFirst()
      : undefined;
    if (own === undefined) throw lockedByOtherUser();
    return presentLock(trx, viewer, own);
  });
}

/**
 * Extends the caller's own live lock by `DATAHAVEN_LOCK_MINUTES` from the database's now:
 * invisible → 404; `queueId` given and not the document's queue → 409 out of sync; the document in
 * an OptInWorkflow queue → 403 (its locks expire); no AccessDocumentWithin on the document's queue
 * (also: access revoked since the lock was taken, or no queue) → 403; the caller holds
 * no live lock (it expired, maybe taken by someone else since: SECURITY row 22) → 409 'The document
 * has been locked by another user.'.
 */
export async function renewLock(deps: AppDeps, viewer: Viewer, target: LockTarget): Promise<DocumentLockInfo> {
  return inWriteTransaction(deps.db, async (trx) => {
    await lockDocumentRows(trx, deps.dialect, [target.docId]);
    const document = await visibleDocumentOr404(trx, viewer, target.docId);
    if (target.queueId !== null && document.queue_id !== target.queueId) throw queueOutOfSync();
    const queue = await queueOf(trx, viewer, document.queue_id);
    if (hasQueueFeature(queue ?? null, 'OptInWorkflow')) throw forbidden(OPT_IN_NO_RENEW);
    if (!lockAccessIn(queue).renewLock) throw forbidden(NO_DOCUMENT_ACCESS);
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
 * The document in an OptInWorkflow queue → 403 for everyone (its locks expire; portal §4).
 * The queue is not compared: a lock may be released after the document moved on.
 */
export async function releaseLock(deps: AppDeps, viewer: Viewer, target: LockTarget): Promise<void> {
  await inWriteTransaction(deps.db, async (trx) => {
    await lockDocumentRows(trx, deps.dialect, [target.docId]);
    const document = await visibleDocumentOr404(trx, viewer, target.docId);
    if (!lockAccessIn(await queueOf(trx, viewer, document.queue_id)).unlock) throw forbidden(OPT_IN_NO_UNLOCK);
    const lockedByOthers = await documentsLockedByOthers(trx, deps, viewer.userId, [target.docId]);
    if (lockedByOthers.length > 0 && !viewer.isManager) throw lockedByOtherUser();
    await trx.deleteFrom('document_locks').where('document_id', '=', target.docId).execute();
  });
}
