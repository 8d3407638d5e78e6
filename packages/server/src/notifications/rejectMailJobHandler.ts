import { encodeDocumentId } from '@datahaven/core/model';
import type { JobDefinition } from '../jobs/JobDefinition';
import type { JobHandler } from '../jobs/JobHandler';
import type { AppDeps } from '../services/AppDeps';
import { RejectMailer } from './RejectMailer';
import type { RejectMailerGraphOptions } from './RejectMailer';
import { noticeTextsFor } from './noticeTextsFor';
import { mailAmountText, rejectMailMessage } from './rejectMailMessage';
import { rejectMailSettingsOf } from './rejectMailSettingsOf';

/** `jobs.kind` of "e-mail one reject notice"; `jobs.subject` is the reject_mails id. */
export const REJECT_MAIL_JOB = 'mail:reject-notice';

/** Longest `reject_mails.last_error` kept. */
const MAX_ERROR_CHARS = 2000;

function fullName(first: string | null, last: string | null, username: string | null): string {
  const name = `${first ?? ''} ${last ?? ''}`.trim();
  return name === '' ? (username ?? '') : name;
}

/**
 * The `mail:reject-notice` job: e-mails one written reject notice through Graph and marks it
 * sent, so a rerun (a runner that died after Graph took it, a retry) sends nothing twice. The
 * facts the mail names — document, vendor, invoice number, amount — are read as it goes (the
 * linked record's cached facts); its words are in the language kept on the row (the rejecter's request's). A recipient who meanwhile was disabled or has no e-mail address
 * any more is skipped (state `dropped`, the reason kept). A failure is kept in words on the row and
 * thrown, so the job runner retries with its backoff.
 */
export function rejectMailJobHandler(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, mailer: RejectMailer): JobHandler {
  return async (job) => {
    const id = Number(job.subject);
    if (!Number.isInteger(id) || id < 1) return;
    const { db } = deps;
    const row = await db
      .selectFrom('reject_mails as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('users as r', 'r.id', 'm.rejected_by_user_id')
      .leftJoin('queues as q', 'q.id', 'm.from_queue_id')
      // A deleted document's notice still goes, naming it by its id.
      .leftJoin('documents as d', 'd.id', 'm.document_id')
      .leftJoin('record_links as l', (j) => j.onRef('l.document_id', '=', 'm.document_id').on('l.is_primary', '=', 1))
      .leftJoin('linked_record_facts as fa', (j) =>
        j
          .onRef('fa.integrated_table_id', '=', 'l.integrated_table_id')
          .onRef('fa.data_area_id', '=', 'l.data_area_id')
          .onRef('fa.record_id', '=', 'l.record_id'),
      )
      .select([
        'm.state',
        'm.document_id',
        'm.reason',
        'u.disabled',
        'u.email',
        'u.username',
        'u.first_name',
        'u.last_name',
        'r.username as rejecter_username',
        'r.first_name as rejecter_first_name',
        'r.last_name as rejecter_last_name',
        'q.name as from_queue_name',
        'd.name as document_name',
        'fa.vendor_number',
        'fa.vendor_name',
        'fa.invoice_number',
        'fa.amount',
        'fa.currency_code',
        'm.language',
      ])
      .where('m.id', '=', id)
      .executeTakeFirst();
    if (row === undefined || row.state !== 'pending') return;
    const drop = async (why: string): Promise<void> => {
      await db.updateTable('reject_mails').set({ state: 'dropped', last_error: why }).where('id', '=', id).execute();
    };
    if (row.disabled === 1) return drop('Not sent: the user was disabled.');
    if (row.email.trim() === '') return drop('Not sent: the user has no e-mail address any more.');
    const settings = rejectMailSettingsOf(deps.config);
    if (settings === null) {
      throw new Error(
        'Reject mails are not configured: DATAHAVEN_ENTRA_CLIENT_ID, DATAHAVEN_ENTRA_CLIENT_SECRET, DATAHAVEN_ENTRA_TENANTS and DATAHAVEN_GRAPH_MAIL_FROM are all needed.',
      );
    }
    const documentName = row.document_name ?? `#${row.document_id}`;
    const vendor =
      row.vendor_name !== null && row.vendor_number !== null
        ? `${row.vendor_name} (${row.vendor_number})`
        : (row.vendor_name ?? row.vendor_number);
    const body = rejectMailMessage({
      to: { address: row.email.trim(), name: fullName(row.first_name, row.last_name, row.username) },
      documentName,
      documentLink: `${settings.publicUrl}/viewer/${encodeDocumentId(row.document_id)}`,
      rejectedBy: fullName(row.rejecter_first_name, row.rejecter_last_name, row.rejecter_username) || noticeTextsFor(row.language).someone,
      fromQueueName: row.from_queue_name ?? '',
      reason: row.reason,
      vendor,
      invoiceNumber: row.invoice_number,
      amount: mailAmountText(row.amount, row.currency_code, row.language),
      language: row.language,
    });
    try {
      await mailer.send(settings, body);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('reject_mails')
        .set({ last_error: message.slice(0, MAX_ERROR_CHARS) })
        .where('id', '=', id)
        .execute();
      throw error;
    }
    await db
      .updateTable('reject_mails')
      .set({ state: 'sent', sent_at: deps.now().toISOString(), last_error: null })
      .where('id', '=', id)
      .execute();
  };
}

/** The reject mail job kind of the notifications module, with one mailer (one Graph client and app-token cache) per server. */
export function rejectMailJobs(graphOptions: RejectMailerGraphOptions = {}): JobDefinition<Pick<AppDeps, 'db' | 'config' | 'now'>>[] {
  const mailer = new RejectMailer(graphOptions);
  return [{ kind: REJECT_MAIL_JOB, handler: (deps) => rejectMailJobHandler(deps, mailer) }];
}
