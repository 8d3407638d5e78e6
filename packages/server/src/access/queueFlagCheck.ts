import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden } from '../errors/DomainError';
import type { DomainError } from '../errors/DomainError';
import { QUEUE_ACCESS_FLAGS } from './queueAccessFlags';
import type { QueueAccessFlag } from './queueAccessFlags';
import { assertNoOtherUsersLockOnLockedRows, lockDocumentRows, lockDocumentRowsReadingQueues } from './documentLocks';
import type { LockClock } from './documentLocks';
import { findQueuesWithAccess } from './queueAccess';
import type { QueueAccessCaller } from './queueAccess';
import { queueActionAllowed, queueActionForbidden } from './queueActionPolicy';
import type { QueueAction } from './queueActionPolicy';

/** A document as the queue flag check reads it: its queue and the caller's effective access there. */
export interface QueuedDocument {
  queue_id: number | null;
  queue_access: number | string;
}

/** Whether an access bit set holds every named flag. */
function hasFlags(access: number, flags: readonly QueueAccessFlag[]): boolean {
  return flags.every((flag) => (access & QUEUE_ACCESS_FLAGS[flag]) !== 0);
}

/**
 * Whether a document's queue lets the caller do an action needing `flags`: a document in no queue
 * is governed by privileges alone (true); in a queue, the caller's effective access must hold
 * every flag. Pure, so the access presenter and the commands answer alike.
 */
export function queueGrants(inQueue: boolean, queueAccess: number, flags: readonly QueueAccessFlag[]): boolean {
  return !inQueue || hasFlags(queueAccess, flags);
}

/** 403 naming the flags, the same wording for every action. */
function missingFlags(action: string, flags: readonly QueueAccessFlag[]): DomainError {
  return forbidden(`Your access to the document's queue does not allow ${action} (${flags.join(', ')}).`);
}

/**
 * Early check on rows already read with the caller's access (`findVisibleDocument(s)`): 403 when a
 * document is in a queue whose effective access lacks one of `flags`. It spares the file work of a
 * request that would be refused; the authority is `assertDocumentWriteAllowed`, in the transaction.
 */
export function assertQueueFlagsOnRows(rows: readonly QueuedDocument[], flags: readonly QueueAccessFlag[], action: string): void {
  if (rows.some((row) => !queueGrants(row.queue_id !== null, Number(row.queue_access), flags))) throw missingFlags(action, flags);
}

/**
 * Inside a write transaction, for every document a command writes: takes the document rows and
 * reads each one's queue in the same statement (lockDocumentRowsReadingQueues: a document routed
 * meanwhile is judged in its new queue), then the caller's effective access on those queues → 403
 * when a queued document's access lacks one of `flags`; then another user's live lock on any of
 * them → 409 'The document has been locked by another user.'. A document in no queue needs no flag.
 * `flags` may instead name a QueueAction: it is then judged by THE queue policy
 * (access/queueActionPolicy) and refused in its words, naming the queue.
 */
export async function assertDocumentWriteAllowed(
  trx: Kysely<Database>,
  clock: LockClock,
  caller: QueueAccessCaller,
  documentIds: readonly number[],
  flags: readonly QueueAccessFlag[] | QueueAction,
  action: string,
): Promise<void> {
  if (documentIds.length === 0) return;
  if (flags.length === 0) {
    // Nothing to judge the queues by: lock only (no statement at all on SQLite).
    await lockDocumentRows(trx, clock.dialect, documentIds);
  } else {
    const rows = await lockDocumentRowsReadingQueues(trx, clock.dialect, documentIds);
    const queueIds = rows.map((row) => row.queue_id).filter((id): id is number => id !== null);
    const queues = await findQueuesWithAccess(trx, caller, queueIds);
    for (const queueId of queueIds) {
      const queue = queues.get(queueId);
      const access = queue?.access ?? 0;
      if (typeof flags === 'string') {
        if (!queueActionAllowed(flags, access)) throw queueActionForbidden(flags, queue?.name ?? `#${queueId}`, access);
      } else if (!hasFlags(access, flags)) throw missingFlags(action, flags);
    }
  }
  await assertNoOtherUsersLockOnLockedRows(trx, clock, caller.userId, documentIds);
}

/** assertDocumentWriteAllowed for one QueueAction of THE queue policy (its refusal names the queue and the flags). */
export async function assertDocumentActionAllowed(
  trx: Kysely<Database>,
  clock: LockClock,
  caller: QueueAccessCaller,
  documentIds: readonly number[],
  action: QueueAction,
): Promise<void> {
  await assertDocumentWriteAllowed(trx, clock, caller, documentIds, action, action);
}
