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
 * clock, later ones join it. `language` is the mover's (their request's), the notice's words. Cheap when nobody uses Teams: a row per document, one job per batch.
 */
export async function recordQueueArrival(
  trx: Kysely<Database>,
  queueId: number,
  documentIds: readonly number[],
  movedByUserId: number,
  now: string,
  language: string | null = null,
): Promise<void> {
  if (documentIds.length === 0) return;
  await trx
    .insertInto('queue_arrivals')
    .values(
      documentIds.map((documentId) => ({
        queue_id: queueId,
        document_id: documentId,
        moved_by_user_id: movedByUserId,
        arrived_at: now,
        language,
      })),
    )
    .execute();
  // "Schedule one unless one is pending" as one statement (INSERT … SELECT … WHERE NOT EXISTS),
  // not a read and a write: inside a workflow action's transaction every round trip holds the
  // document rows locked a little longer, and racing approvers wait on them.
  await trx
    .insertInto('jobs')
    .columns(['kind', 'subject', 'run_after', 'created_at'])
    .expression(
      trx
        .selectNoFrom((eb) => [
          eb.val(QUEUE_ARRIVALS_JOB).as('kind'),
          eb.val(String(queueId)).as('subject'),
          databaseNowSql(dialectOf(trx), NOTIFICATION_BATCH_WINDOW_MS).as('run_after'),
          eb.val(now).as('created_at'),
        ])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('jobs')
                .select('id')
                .where('kind', '=', QUEUE_ARRIVALS_JOB)
                .where('subject', '=', String(queueId))
                .where('state', '=', 'pending'),
            ),
          ),
        ),
    )
    .execute();
}
