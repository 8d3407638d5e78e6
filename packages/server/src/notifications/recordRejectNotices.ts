import type { Kysely } from 'kysely';
import { databaseNowSql } from '../db/databaseNow';
import { dialectOf } from '../db/dialectOf';
import type { Database } from '../db/schema';
import type { Config } from '../config/Config';
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
 * Writes, inside the reject's transaction, a Teams notice with the reason to whoever sent each
 * rejected document (findDocumentSender; issue 38 "Reasons"), with its send job: nobody hears of
 * their own reject, and with Teams notifications off (teamsNotifySettingsOf null) nothing is
 * written. `moved` are the documents where the reject put them (the notice's link opens them there).
 */
export async function recordRejectNotices(
  trx: Kysely<Database>,
  deps: { config: Pick<Config, 'entra' | 'teams'> },
  rejectedByUserId: number,
  moved: readonly { id: number; queueId: number }[],
  reason: string | null,
  now: string,
): Promise<void> {
  if (teamsNotifySettingsOf(deps.config) === null) return;
  for (const doc of moved) {
    const sender = await findDocumentSender(trx, doc.id);
    if (sender === null || sender === rejectedByUserId) continue;
    const row = await trx
      .insertInto('teams_notifications')
      .values({
        user_id: sender,
        queue_id: doc.queueId,
        document_count: 1,
        first_document_id: doc.id,
        created_at: now,
        reason: reason ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('jobs')
      .values({ kind: TEAMS_NOTIFICATION_JOB, subject: String(row.id), run_after: databaseNowSql(dialectOf(trx)), created_at: now })
      .execute();
  }
}
