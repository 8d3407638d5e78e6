import { databaseNowSql } from '../db/databaseNow';
import { dialectOf } from '../db/dialectOf';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { completeJob } from '../jobs/finishJob';
import type { JobHandler } from '../jobs/JobHandler';
import { canSeeDocument } from '../access';
import type { AppDeps } from '../services/AppDeps';
import { findQueueApprovers } from './findQueueApprovers';
import { TEAMS_NOTIFICATION_JOB } from './teamsNotificationJobHandler';
import { teamsNotifySettingsOf } from './teamsNotifySettingsOf';

/** Arrivals one run takes at most; a bigger burst is taken by the next run of the same job kind. */
const MAX_ARRIVALS_PER_RUN = 5000;

/**
 * The `teams:queue-arrivals` job (subject: the queue id), run once a queue's batching window
 * closed: takes the queue's noted arrivals, and for every approver of the queue with an Entra
 * identity (findQueueApprovers) who can see some of those documents still in the queue and did not
 * move them there themselves, writes
 * one notification — how many, and the first in arrival order — with a send job of its own, in
 * one transaction that also deletes the arrivals and completes this job (a rerun finds nothing
 * left to do). With notifications off (teamsNotifySettingsOf null) the arrivals are just dropped.
 */
export function queueArrivalsJobHandler(
  deps: Pick<AppDeps, 'db' | 'config' | 'databaseNow' | 'now'> & Partial<Pick<AppDeps, 'jobSignal'>>,
): JobHandler {
  return async (job) => {
    const queueId = Number(job.subject);
    if (!Number.isInteger(queueId) || queueId < 1) return;
    const { db } = deps;
    const arrivals = await db
      .selectFrom('queue_arrivals')
      .select(['id', 'document_id', 'moved_by_user_id', 'language'])
      .where('queue_id', '=', queueId)
      .orderBy('id')
      .limit(MAX_ARRIVALS_PER_RUN)
      .execute();
    if (arrivals.length === 0) return;
    const lastId = arrivals[arrivals.length - 1].id;
    const inOrder = [...new Set(arrivals.map((arrival) => arrival.document_id))];
    // Worded in the language of the batch's latest request that moved documents here.
    const language = arrivals[arrivals.length - 1].language;
    // A document's latest mover in this batch: nobody is told of what they moved themselves.
    const movedBy = new Map(arrivals.map((arrival) => [arrival.document_id, arrival.moved_by_user_id]));
    const notifications: { userId: number; count: number; firstDocumentId: number }[] = [];
    if (teamsNotifySettingsOf(deps.config) !== null) {
      // Only what is still waiting there: a document approved on within the window is no news.
      const present = await db
        .selectFrom('documents')
        .select('id')
        .where('id', 'in', inOrder)
        .where('queue_id', '=', queueId)
        .where('deleted_at', 'is', null)
        .execute();
      const presentIds = new Set(present.map((row) => row.id));
      const waiting = inOrder.filter((id) => presentIds.has(id));
      if (waiting.length > 0) {
        for (const approver of await findQueueApprovers(db, deps.databaseNow(), queueId)) {
          const visible = await db
            .selectFrom('documents as d')
            .select('d.id')
            .where('d.id', 'in', waiting)
            .where((eb) => canSeeDocument(eb, approver.viewer))
            .execute();
          const visibleIds = new Set(visible.map((row) => row.id));
          const theirs = waiting.filter((id) => visibleIds.has(id) && movedBy.get(id) !== approver.viewer.userId);
          if (theirs.length > 0) notifications.push({ userId: approver.viewer.userId, count: theirs.length, firstDocumentId: theirs[0] });
        }
      }
    }
    const now = deps.now().toISOString();
    await inWriteTransaction(db, async (trx) => {
      await trx.deleteFrom('queue_arrivals').where('queue_id', '=', queueId).where('id', '<=', lastId).execute();
      for (const notification of notifications) {
        const row = await trx
          .insertInto('teams_notifications')
          .values({
            user_id: notification.userId,
            queue_id: queueId,
            document_count: notification.count,
            first_document_id: notification.firstDocumentId,
            created_at: now,
            language,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('jobs')
          .values({ kind: TEAMS_NOTIFICATION_JOB, subject: String(row.id), run_after: databaseNowSql(dialectOf(trx)), created_at: now })
          .execute();
      }
      await completeJob(trx, job);
    });
    if (notifications.length > 0) deps.jobSignal?.notify();
  };
}
