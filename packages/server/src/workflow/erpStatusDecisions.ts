import type { Kysely } from 'kysely';
import type { QueueWithAccess } from '../access';
import type { Database, WorkflowActionColumn } from '../db/schema';
import type { ErpApprovalStatus } from '../erp';
import { usesApprovalLists } from './approvalListEditor';
import { recordErpStatusDecisions, type ErpStatusDecision } from './erpStatusOutbox';

/**
 * What a workflow action means for the linked purchase invoice's approval status in the ERP
 * (docs/UX-DECISIONS.md "The ERP follows the decision"): a rejection → Rejected; an approval
 * into a queue that approves nowhere further (no ApproveToQueue and no approval list to go on
 * with: the approve-to chain ends there) → Approved; any other move (an approval to the next
 * level, a route, a route back out of Approved or Rejected) → Pending Approval. Only an approval
 * ever makes Approved: a route into the last queue does not.
 */
export function erpStatusAfter(
  action: WorkflowActionColumn,
  to: Pick<QueueWithAccess, 'approveToQueueId' | 'features1' | 'features2'>,
): ErpApprovalStatus {
  if (action === 'reject') return 'Rejected';
  if (action === 'approve' && to.approveToQueueId === null && !usesApprovalLists(to)) return 'Approved';
  return 'Pending Approval';
}

/** The ERP status each moved document of a workflow action owes its linked invoice. */
export function erpDecisionsOfMoves(
  action: WorkflowActionColumn,
  moved: readonly { id: number; queueId: number }[],
  queues: ReadonlyMap<number, Pick<QueueWithAccess, 'approveToQueueId' | 'features1' | 'features2'>>,
): ErpStatusDecision[] {
  return moved.flatMap((doc) => {
    const to = queues.get(doc.queueId);
    return to === undefined ? [] : [{ documentId: doc.id, status: erpStatusAfter(action, to) }];
  });
}

/**
 * After a document was linked inside the caller's transaction: when it sits in a queue it can
 * still leave (an approve-to, a reject-to or a route out), its new record's approval is pending
 * in the ERP. A document in a queue it cannot leave (Approved) owes nothing: its approval was
 * given before this record was named, so the invoice waits for an approval of its own.
 */
export async function recordErpStatusOnLink(
  trx: Kysely<Database>,
  documentId: number,
  queueId: number | null,
  userId: number,
  now: string,
): Promise<void> {
  if (queueId === null) return;
  const queue = await trx
    .selectFrom('queues as q')
    .select((eb) => [
      'q.approve_to_queue_id',
      'q.reject_to_queue_id',
      eb.exists(eb.selectFrom('routes as r').select('r.id').whereRef('r.from_queue_id', '=', 'q.id')).as('has_route'),
    ])
    .where('q.id', '=', queueId)
    .executeTakeFirst();
  if (queue === undefined) return;
  const leavable = queue.approve_to_queue_id !== null || queue.reject_to_queue_id !== null || Boolean(queue.has_route);
  if (!leavable) return;
  await recordErpStatusDecisions(trx, [{ documentId, status: 'Pending Approval' }], userId, now);
}
