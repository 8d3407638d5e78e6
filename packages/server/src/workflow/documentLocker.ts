import { hasQueueFeature } from '@datahaven/core/model';
import type { DocumentLockInfo } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database } from '../db/schema';
import type { AppDeps } from '../services/AppDeps';
import { forbidden, outOfSync } from '../errors/DomainError';
import type { DomainError } from '../errors/DomainError';
import { insertNote } from '../documents';
import { reindexDocument } from '../search';
import { assertQueueActionAllowed, findQueuesWithAccess, lockDocumentRows, lockedByOtherUser, visibleDocumentOr404 } from '../access';
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

const OPT_IN_NO_RENEW = 'Locks in this queue are taken, not renewed: they expire (OptInWorkflow).';
const OPT_IN_NO_UNLOCK = 'Locks in this queue are not released: they expire (OptInWorkflow).';

/** The system note a security manager's release of another user's lock leaves on the document (who held it, who broke it). */
export function lockReleasedNote(holder: string, manager: string): string {
  return `Lock held by ${holder} released by ${manager}.`;
}

/** What the former holder's next renewal answers (409) once a security manager released their lock. */
export function lockReleasedMessage(manager: string): string {
  return `Your lock was released by ${manager}.`;
}

/** The system note when the former holder takes a lock again within a lock's lifetime of a security manager releasing it. */
export function lockRetakenNote(holder: string, manager: string): string {
  return `Lock taken again by ${holder} after ${manager} released it.`;
}

/**
 * Who may take or renew a lock (issue 35, finding 4): a document in a queue (403 otherwise) where
 * the caller is a member who may act — the queue policy's `lock`: AccessDocumentWithin and a flag
 * besides the read-only ones (403 in words). OptInWorkflow changes nothing here: opting in to work
 * a document is for those who may work on it; a lock by someone who may not act cannot exist.
 */
function assertMayLock(queue: QueueWithAccess | undefined, queueId: number | null): void {
  if (queue === undefined) {
    throw forbidden(queueId === null ? 'Only a document in a workflow queue can be locked.' : `There is no queue ${queueId} to lock in.`);
  }
  assertQueueActionAllowed('lock', queue);
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
 * transaction: invisible → 404; the caller not a member who may act in `queueId` (the queue
 * policy's `lock`, OptInWorkflow or not: assertMayLock) → 403 in words; the document no longer
 * in `queueId` or at `rowVersion` → 409 'Document Queue Out Of Sync With Window'. The write is an
 * upsert that replaces only an expired lock or the caller's own (which is thereby renewed; in an
 * OptInWorkflow queue the caller's own live lock is answered as it is, not extended); another
 * user's live lock leaves it untouched and answers 409 'The document has been locked by another
 * user.'. Of users racing for one document exactly one wins: the row lock (PostgreSQL) or the
 * IMMEDIATE transaction (SQLite) orders them, and the upsert's condition decides. The former
 * holder taking it again soon after a security manager released it leaves a note saying so.
 */
export async function acquireLock(deps: AppDeps, viewer: Viewer, request: LockRequest): Promise<DocumentLockInfo> {
  return inWriteTransaction(deps.db, async (trx) => {
    await lockDocumentRows(trx, deps.dialect, [request.docId]);
    const document = await visibleDocumentOr404(trx, viewer, request.docId);
    const queue = await queueOf(trx, viewer, request.queueId);
    assertMayLock(queue, request.queueId);
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
    if (lock !== undefined) {
      await noteRetakeAfterRelease(trx, deps, viewer, request.docId, now);
      return presentLock(trx, viewer, lock);
    }
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
 * an OptInWorkflow queue → 403 (its locks expire); the caller not a member who may act in the
 * document's queue (the queue policy's `lock`; also: access revoked since the lock was taken, or no
 * queue) → 403; the caller holds
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
    assertMayLock(queue, document.queue_id);
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
 * The security manager who released `viewer`'s lock on the document within the last lock lifetime
 * (an older release concerns a lock that would have expired anyway), read from the system note the
 * release left; null when there is none.
 */
export async function releasedBy(deps: AppDeps, viewer: Viewer, docId: number, db: Kysely<Database> = deps.db): Promise<string | null> {
  const since = new Date(deps.now().getTime() - deps.config.lockMinutes * 60_000).toISOString();
  const notes = await db
    .selectFrom('notes')
    .innerJoin('users', 'users.id', 'notes.author_id')
    .select(['notes.text', 'users.username'])
    .where('notes.document_id', '=', docId)
    .where('notes.kind', '=', 'system')
    .where('notes.created_at', '>=', since)
    .orderBy('notes.id', 'desc')
    .execute();
  return notes.find((note) => note.text === lockReleasedNote(viewer.username, note.username))?.username ?? null;
}

/**
 * A lock taken again by the user a security manager released it from, within a lock's lifetime of
 * the release, is said in a system note: the holder may take it again (they may act there), but not
 * silently.
 */
async function noteRetakeAfterRelease(trx: Kysely<Database>, deps: AppDeps, viewer: Viewer, docId: number, now: string): Promise<void> {
  const manager = await releasedBy(deps, viewer, docId, trx);
  if (manager === null) return;
  const retaken = lockRetakenNote(viewer.username, manager);
  const already = await trx
    .selectFrom('notes')
    .select('id')
    .where('document_id', '=', docId)
    .where('kind', '=', 'system')
    .where('text', '=', retaken)
    .where('created_at', '>=', new Date(Date.parse(now) - deps.config.lockMinutes * 60_000).toISOString())
    .executeTakeFirst();
  if (already === undefined) await insertNote(trx, docId, viewer.userId, 'system', retaken, deps.now().toISOString());
}

/** What a release did: whose live lock a security manager broke (null: the caller's own, an expired one or none). */
export interface LockRelease {
  brokenHolder: string | null;
}

/**
 * Releases the document's lock, in one write transaction: invisible → 404. Another user's live
 * lock → 409 'The document has been locked by another user.' unless the caller holds 'Security:
 * Manager': a security manager releases any lock — in an OptInWorkflow queue too (issue 35,
 * finding 4: a lock nobody could release) — leaving the system note 'Lock held by {holder}
 * released by {manager}.' and, when given, their `note` as a user note, in the same transaction.
 * The caller's own lock (live or expired) or an expired one goes, except in an OptInWorkflow queue,
 * where it expires (403; portal §4) unless a security manager releases it. No lock at all is fine.
 * The queue is not compared: a lock may be released after the document moved on.
 */
export async function releaseLock(deps: AppDeps, viewer: Viewer, target: LockTarget, note: string | null = null): Promise<LockRelease> {
  return inWriteTransaction(deps.db, async (trx) => {
    await lockDocumentRows(trx, deps.dialect, [target.docId]);
    const document = await visibleDocumentOr404(trx, viewer, target.docId);
    const other = await trx
      .selectFrom('document_locks')
      .innerJoin('users', 'users.id', 'document_locks.user_id')
      .select('users.username')
      .where('document_locks.document_id', '=', target.docId)
      .where('document_locks.user_id', '<>', viewer.userId)
      .where('document_locks.expires_at', '>', deps.databaseNow())
      .executeTakeFirst();
    if (other !== undefined && !viewer.isManager) throw lockedByOtherUser();
    if (
      other === undefined &&
      !viewer.isManager &&
      hasQueueFeature((await queueOf(trx, viewer, document.queue_id)) ?? null, 'OptInWorkflow')
    ) {
      throw forbidden(OPT_IN_NO_UNLOCK);
    }
    await trx.deleteFrom('document_locks').where('document_id', '=', target.docId).execute();
    if (other === undefined) return { brokenHolder: null };
    const now = deps.now().toISOString();
    await insertNote(trx, target.docId, viewer.userId, 'system', lockReleasedNote(other.username, viewer.username), now);
    if (note !== null) {
      await insertNote(trx, target.docId, viewer.userId, 'user', note, now);
      await reindexDocument(trx, target.docId);
    }
    return { brokenHolder: other.username };
  });
}
