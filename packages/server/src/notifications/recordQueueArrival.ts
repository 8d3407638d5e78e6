import type { Kysely } from 'kysely';
import { databaseNowSql } from '../db/databaseNow';
import { dialectOf } from '../db/dialectOf';
import type { Database } from '../db/schema';

/** `jobs.kind` of "notify the approvers of a queue of what arrived"; `jobs.subject` is the queue id. */
export const QUEUE_ARRIVALS_JOB = 'teams:queue-arrivals';

/**
 * How long a queue collects arrivals before its approvers are told (UX-DECISIONS "Teams
 * notifications"): files dropped one after another, or a batch approved into the next queue,
 * make one notification rather than one each.
 */
export const NOTIFICATION_BATCH_WINDOW_MS = 15_000;

/**
 * Notes, inside the transaction that moved them, that documents entered queue `queueId` (upload,
 * import, approve, reject, route) and who moved them, and makes sure a notification job for the queue is pending:
 * the first arrival of a batch schedules it `NOTIFICATION_BATCH_WINDOW_MS` ahead by the database
 * clock, later ones join it. Cheap when nobody uses Teams: a row per document, one job per batch.
 */
export async function recordQueueArrival(
  trx: Kysely<Database>,
  queueId: number,
  documentIds: readonly number[],
  movedByUserId: number,
  now: string,
): Promise<void> {
  if (documentIds.length === 0) return;
  await trx
    .insertInto('queue_arrivals')
    .values(documentIds.map((documentId) => ({ queue_id: queueId, document_id: documentId, moved_by_user_id: movedByUserId, arrived_at: now })))
    .execute();
  const pending = await trx
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', QUEUE_ARRIVALS_JOB)
    .where('subject', '=', String(queueId))
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (pending !== undefined) return;
  await trx
    .insertInto('jobs')
    .values({ kind: QUEUE_ARRIVALS_JOB, subject: String(queueId), run_after: databaseNowSql(dialectOf(trx), NOTIFICATION_BATCH_WINDOW_MS), created_at: now })
    .execute();
}
