import { invalid } from '../errors/DomainError';
import { blocksUnsubmitted, submissionRequiredMessage } from '@datahaven/core/rules';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { QueueWithAccess } from './queueAccess';

/**
 * SQL true (1) when the document aliased `d` is submitted in its current queue: a `submit` history
 * row in that queue with no later entry into it (a document routed away and back must be submitted
 * again). Later rows are told by the history id, as timestamps can tie within a transaction.
 */
export function submittedInQueueSql(): RawBuilder<number> {
  return sql<number>`case when exists (select 1 from workflow_history hs
    where hs.document_id = d.id and hs.action = 'submit' and hs.to_queue_id = d.queue_id
    and not exists (select 1 from workflow_history he where he.document_id = d.id and he.to_queue_id = d.queue_id
      and he.action <> 'submit' and he.action <> 'link' and he.action <> 'unlink' and he.id > hs.id)) then 1 else 0 end`;
}

/** The documents among `docIds` (all in `queueId`) not submitted in that queue. */
async function unsubmittedDocuments(trx: Kysely<Database>, docIds: readonly number[]): Promise<number[]> {
  const rows = await trx
    .selectFrom('documents as d')
    .select(['d.id', submittedInQueueSql().as('submitted')])
    .where('d.id', 'in', [...docIds])
    .execute();
  return rows.filter((row) => Number(row.submitted) !== 1).map((row) => row.id);
}

/**
 * BlockApproveUnsubmitted / BlockRouteUnsubmitted (portal §6 features1; UX-DECISIONS "Intake"): an
 * approval or route from `from` of a document not submitted there → 400 'Document Submission
 * Required' ('Submitted Documents Required' for several). Warn bits are the client's to confirm.
 */
export async function assertSubmittedWhereRequired(
  trx: Kysely<Database>,
  action: string,
  from: QueueWithAccess,
  docIds: readonly number[],
): Promise<void> {
  if (action !== 'approve' && action !== 'route') return;
  if (!blocksUnsubmitted(action, from)) return;
  if ((await unsubmittedDocuments(trx, docIds)).length > 0) throw invalid(submissionRequiredMessage(docIds.length));
}
