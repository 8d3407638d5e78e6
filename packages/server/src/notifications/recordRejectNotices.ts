import type { Kysely } from 'kysely';
import { databaseNowSql } from '../db/databaseNow';
import { dialectOf } from '../db/dialectOf';
import type { Database } from '../db/schema';
import { REJECT_MAIL_JOB } from './rejectMailJobHandler';
import { rejectMailSettingsOf } from './rejectMailSettingsOf';
import type { RejectMailConfig } from './rejectMailSettingsOf';
import { TEAMS_NOTIFICATION_JOB } from './teamsNotificationJobHandler';
import { teamsNotifySettingsOf } from './teamsNotifySettingsOf';

/**
 * Who sent document `documentId` on its way: the user of its latest `route` or `submit` history
 * row (Send for approval writes `route` rows), null when nobody did. Read before the reject's
 * own row counts, as that is a `reject`.
 */
export async function findDocumentSender(trx: Kysely<Database>, documentId: number): Promise<number | null> {
  const row = await trx
    .selectFrom('workflow_history')
    .select('user_id')
    .where('document_id', '=', documentId)
    .where('action', 'in', ['route', 'submit'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Writes, inside the reject's transaction, the notices to whoever sent each rejected document
 * (findDocumentSender; issue 38 "Reasons"), each with its send job: a Teams notice with the reason
 * while Teams notifications are on (teamsNotifySettingsOf), and — for a reject with a reason, while
 * Graph mail is configured (rejectMailSettingsOf) and the sender has an e-mail address — one
 * e-mail (reject_mails, sent by the `mail:reject-notice` job). Nobody hears of their own reject.
 * `moved` are the documents where the reject put them (the Teams notice's link opens them there);
 * `fromQueueId` the queue they were rejected from; `language` the rejecter's (their request's), which
 * the notices are worded in: users keep no language of their own.
 */
export async function recordRejectNotices(
  trx: Kysely<Database>,
  deps: { config: RejectMailConfig },
  rejectedByUserId: number,
  moved: readonly { id: number; queueId: number }[],
  fromQueueId: number,
  reason: string | null,
  now: string,
  language: string | null = null,
): Promise<void> {
  const teams = teamsNotifySettingsOf(deps.config) !== null;
  const mail = rejectMailSettingsOf(deps.config) !== null && reason !== null && reason.trim() !== '';
  if (!teams && !mail) return;
  const runAfter = databaseNowSql(dialectOf(trx));
  for (const doc of moved) {
    const sender = await findDocumentSender(trx, doc.id);
    if (sender === null || sender === rejectedByUserId) continue;
    if (teams) {
      const row = await trx
        .insertInto('teams_notifications')
        .values({
          user_id: sender,
          queue_id: doc.queueId,
          document_count: 1,
          first_document_id: doc.id,
          created_at: now,
          reason: reason ?? '',
          language,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('jobs')
        .values({ kind: TEAMS_NOTIFICATION_JOB, subject: String(row.id), run_after: runAfter, created_at: now })
        .execute();
    }
    if (!mail) continue;
    const recipient = await trx.selectFrom('users').select('email').where('id', '=', sender).executeTakeFirst();
    if (recipient === undefined || recipient.email.trim() === '') continue;
    const row = await trx
      .insertInto('reject_mails')
      .values({
        user_id: sender,
        document_id: doc.id,
        rejected_by_user_id: rejectedByUserId,
        from_queue_id: fromQueueId,
        reason: reason ?? '',
        created_at: now,
        language,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('jobs')
      .values({ kind: REJECT_MAIL_JOB, subject: String(row.id), run_after: runAfter, created_at: now })
      .execute();
  }
}
