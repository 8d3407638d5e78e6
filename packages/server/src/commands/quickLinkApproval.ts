import { quickLinkApproveRefusal } from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { invalid } from '../errors/DomainError';
import type { QueueWithAccess } from '../policies/queueAccess';

/**
 * The server's half of the Quick Link rule (embedded §4 "Quick Link queue"): from a queue of the
 * quick-link queue type that sets LinkOnApprovalRequired, an approval of a document without a
 * primary record link is refused (400 'Document Link Required' / 'Linked Documents Required'),
 * whichever client sent it — the workflow listing links first, then approves.
 */
export async function assertQuickLinkApproval(trx: Kysely<Database>, from: QueueWithAccess, docIds: readonly number[]): Promise<void> {
  const type = await trx
    .selectFrom('queues as q')
    .innerJoin('queue_types as t', 't.id', 'q.queue_type_id')
    .select('t.name')
    .where('q.id', '=', from.id)
    .executeTakeFirst();
  if (type === undefined) return;
  const queue = { queueTypeName: type.name, features1: from.features1, features2: from.features2 };
  // Only a quick-link queue that asks for the link reads the links.
  if (quickLinkApproveRefusal(queue, docIds.length, docIds.length) === null) return;
  const linked = await trx.selectFrom('record_links').select('document_id').where('document_id', 'in', [...docIds]).where('is_primary', '=', 1).execute();
  const linkedIds = new Set(linked.map((row) => row.document_id));
  const refusal = quickLinkApproveRefusal(queue, docIds.filter((id) => !linkedIds.has(id)).length, docIds.length);
  if (refusal !== null) throw invalid(refusal);
}
