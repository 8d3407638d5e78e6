import type { JobHandler } from '../jobs/JobHandler';
import type { AppDeps } from '../services/AppDeps';
import type { TeamsNotifier } from './TeamsNotifier';
import { teamsNotifySettingsOf } from './teamsNotifySettingsOf';

/** `jobs.kind` of "send one Teams activity notification"; `jobs.subject` is the teams_notifications id. */
export const TEAMS_NOTIFICATION_JOB = 'teams:send-notification';

/** Longest `teams_notifications.last_error` kept. */
const MAX_ERROR_CHARS = 2000;

/**
 * The `teams:send-notification` job: sends one written notification (documents arrived, or a
 * reject notice with its reason) through Graph and marks it
 * sent. A recipient who meanwhile was disabled or lost their Entra identity is skipped (state
 * `dropped`, the reason kept). A failure is kept in words on the row and thrown, so the job
 * runner retries with its backoff and, after the last run, leaves the job failed with the same
 * words — nothing crashes, and the other recipients' jobs go on.
 */
export function teamsNotificationJobHandler(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, notifier: TeamsNotifier): JobHandler {
  return async (job) => {
    const id = Number(job.subject);
    if (!Number.isInteger(id) || id < 1) return;
    const { db } = deps;
    const row = await db
      .selectFrom('teams_notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .innerJoin('queues as q', 'q.id', 'n.queue_id')
      .leftJoin('documents as d', 'd.id', 'n.first_document_id')
      .select([
        'n.state',
        'n.queue_id',
        'n.document_count',
        'n.first_document_id',
        'u.disabled',
        'u.entra_tenant_id',
        'u.entra_object_id',
        'q.name as queue_name',
        'n.reason',
        'n.language',
        // A reject notice names its document (left join: a deleted document's notice still goes).
        'd.name as document_name',
      ])
      .where('n.id', '=', id)
      .executeTakeFirst();
    if (row === undefined || row.state !== 'pending') return;
    const drop = async (why: string): Promise<void> => {
      await db.updateTable('teams_notifications').set({ state: 'dropped', last_error: why }).where('id', '=', id).execute();
    };
    if (row.disabled === 1) return drop('Not sent: the user was disabled.');
    if (row.entra_tenant_id === null || row.entra_object_id === null)
      return drop('Not sent: the user has no Microsoft Entra identity any more.');
    const settings = teamsNotifySettingsOf(deps.config);
    if (settings === null) {
      throw new Error(
        'Teams notifications are not configured: DATAHAVEN_ENTRA_CLIENT_ID, DATAHAVEN_ENTRA_CLIENT_SECRET and DATAHAVEN_TEAMS_APP_ID are all needed.',
      );
    }
    try {
      const recipient = { tenantId: row.entra_tenant_id, objectId: row.entra_object_id };
      if (row.reason === null) {
        await notifier.documentsArrived(settings, recipient, {
          queueId: row.queue_id,
          queueName: row.queue_name,
          count: row.document_count,
          firstDocumentId: row.first_document_id,
          language: row.language,
        });
      } else {
        await notifier.documentRejected(settings, recipient, {
          queueId: row.queue_id,
          queueName: row.queue_name,
          documentId: row.first_document_id,
          documentName: row.document_name ?? `#${row.first_document_id}`,
          reason: row.reason,
          language: row.language,
        });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('teams_notifications')
        .set({ last_error: message.slice(0, MAX_ERROR_CHARS) })
        .where('id', '=', id)
        .execute();
      throw error;
    }
    await db
      .updateTable('teams_notifications')
      .set({ state: 'sent', sent_at: deps.now().toISOString(), last_error: null })
      .where('id', '=', id)
      .execute();
  };
}
