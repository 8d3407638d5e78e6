import { approvalLimitExceeded, approvalLimitUnchecked } from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readLinkedRecordFacts } from '../erp';
import type { ErpDeps } from '../erp';
import { invalid } from '../errors/DomainError';
import { QUEUE_ACCESS_FLAGS, canSeeDocument, findQueuesWithAccess } from '../access';
import type { Viewer } from '../access';

/** The linked record's amount an approval limit is compared with, in the record's own currency ('' when it names none). */
export interface LinkedAmount {
  amount: number;
  currencyCode: string;
}

/** A document's primary link, as the amount lookup needs it. */
export interface AmountLink {
  documentId: number;
  typeName: string;
  dataAreaId: string;
  recordId: string;
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * The approver's limit in a queue: the lower of the queue's ApprovalLimit and the user's group
 * limit, where the group limit is the highest ApprovalLimit among the user's groups with
 * HasApprovalLimit (a group without one neither limits nor lifts a limit). Null: no limit.
 */
export async function effectiveApprovalLimit(db: Kysely<Database>, userId: number, queueId: number): Promise<number | null> {
  // Both limits in one statement: every approval asks, before its transaction, on a busy pool.
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('queues').select('approval_limit').where('id', '=', queueId).as('queue_limit'),
      eb
        .selectFrom('user_groups as ug')
        .innerJoin('groups as g', 'g.id', 'ug.group_id')
        .select((inner) => inner.fn.max('g.approval_limit').as('limit'))
        .where('ug.user_id', '=', userId)
        .where('g.has_approval_limit', '=', 1)
        .where('g.approval_limit', 'is not', null)
        .as('group_limit'),
    ])
    .executeTakeFirstOrThrow();
  const limits = [numberOf(row.queue_limit), numberOf(row.group_limit)].filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}

/**
 * The amounts of the linked records, read fresh from the ERP with the decision columns' reader
 * (erp/linkedRecordFacts): per link, the record's total with tax and its currency; null for a
 * record the ERP no longer holds; absent from the map for a record that has no amount (a vendor
 * card). Not the listing's cache: a limit is checked against the amount as the ERP holds it now,
 * not as it was up to 15 minutes ago. An unreachable ERP throws the connector's refusal in words.
 */
export async function linkedAmountsOf(deps: ErpDeps, links: readonly AmountLink[]): Promise<Map<number, LinkedAmount | null>> {
  const amounts = new Map<number, LinkedAmount | null>();
  for (const link of links) {
    const facts = await readLinkedRecordFacts(deps.entitySources, link.typeName, link.dataAreaId, link.recordId);
    if (facts === null) amounts.set(link.documentId, null);
    else if (facts.amount !== null) amounts.set(link.documentId, { amount: facts.amount, currencyCode: facts.currencyCode ?? '' });
  }
  return amounts;
}

/**
 * Refuses an approval over the approver's limit (issue 12, money rules), before the write
 * transaction so no ERP call holds the write lock: when the caller has a limit in the queue and
 * may approve there, each visible document of the queue with a primary link has its linked
 * record's amount read; an amount over the limit → 400 'The amount {amount} of {document} is over
 * your approval limit of {limit} in queue {queue}.', a linked record the ERP no longer holds →
 * 400 in words. Unlinked documents and records without an amount have nothing to compare (the
 * Warn/Block unlinked features govern those). Documents that are not visible, not in the queue or
 * not approvable are left to the transaction's own refusals; a link changed after this check moves
 * the row version, so the move itself is refused as out of sync.
 */
export async function assertWithinApprovalLimit(deps: ErpDeps, viewer: Viewer, queueId: number, docIds: readonly number[]): Promise<void> {
  const limit = await effectiveApprovalLimit(deps.db, viewer.userId, queueId);
  if (limit === null) return;
  const queue = (await findQueuesWithAccess(deps.db, viewer, [queueId])).get(queueId);
  if (queue === undefined || (queue.access & QUEUE_ACCESS_FLAGS.Approve) === 0) return;
  const rows = await deps.db
    .selectFrom('documents as d')
    .innerJoin('record_links as rl', (join) => join.onRef('rl.document_id', '=', 'd.id').on('rl.is_primary', '=', 1))
    .select(['d.id', 'd.name', 'rl.type_name', 'rl.data_area_id', 'rl.record_id'])
    .where('d.id', 'in', [...docIds])
    .where('d.queue_id', '=', queueId)
    .where((eb) => canSeeDocument(eb, viewer))
    .orderBy('d.id')
    .execute();
  const amounts = await linkedAmountsOf(
    deps,
    rows.map((row) => ({ documentId: row.id, typeName: row.type_name, dataAreaId: row.data_area_id, recordId: row.record_id })),
  );
  for (const row of rows) {
    if (!amounts.has(row.id)) continue;
    const linked = amounts.get(row.id) ?? null;
    if (linked === null) throw invalid(approvalLimitUnchecked(row.name, queue.name));
    if (linked.amount > limit) throw invalid(approvalLimitExceeded(linked.amount, linked.currencyCode, row.name, limit, queue.name));
  }
}
