import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { conflict, invalid } from '../errors/DomainError';
import { applyQueueAccessPatch } from './queueAccessPatch';
import type { QueueAccessPatch } from './queueAccessPatch';
import { requireQueue, requireQueueType } from './workflowReferences';

/**
 * A queue's writable values; absent ones keep their value. Field names in messages are the data
 * service's (WorkflowQueueTypeId, ApproveToQueueId, …): it is the only writer of queues.
 */
export interface QueueChanges {
  name?: string;
  enabled?: boolean;
  /** Null: no limit. */
  approvalLimit?: number | null;
  queueTypeId?: number;
  approveToQueueId?: number | null;
  rejectToQueueId?: number | null;
  features1?: number;
  features2?: number;
  /** Flags of the queue's default access to set or clear. */
  defaultAccess?: QueueAccessPatch;
  /** Segregation of duties: who imported, submitted or coded a document may not approve it here. */
  approverNotPreparer?: boolean;
  /** Segregation of duties: nobody approves the same document at two levels. */
  oneLevelPerApprover?: boolean;
}

type QueueColumns = Partial<{
  name: string;
  enabled: number;
  approval_limit: number | null;
  queue_type_id: number;
  approve_to_queue_id: number | null;
  reject_to_queue_id: number | null;
  features1: number;
  features2: number;
  default_access: number;
  approver_not_preparer: number;
  one_level_per_approver: number;
}>;

/** Checks the changes (references exist, the limit is not negative) and turns them into columns. */
async function columnsOf(trx: Transaction<Database>, changes: QueueChanges, currentAccess: number): Promise<QueueColumns> {
  const columns: QueueColumns = {};
  if (changes.name !== undefined) columns.name = changes.name;
  if (changes.enabled !== undefined) columns.enabled = changes.enabled ? 1 : 0;
  if (changes.approvalLimit !== undefined) {
    const limit = changes.approvalLimit;
    if (limit !== null && (!Number.isFinite(limit) || limit < 0))
      throw invalid("The property 'ApprovalLimit' must be a non-negative number or null.");
    columns.approval_limit = limit;
  }
  if (changes.queueTypeId !== undefined) {
    await requireQueueType(trx, changes.queueTypeId, 'WorkflowQueueTypeId');
    columns.queue_type_id = changes.queueTypeId;
  }
  if (changes.approveToQueueId !== undefined) {
    if (changes.approveToQueueId !== null) await requireQueue(trx, changes.approveToQueueId, 'ApproveToQueueId');
    columns.approve_to_queue_id = changes.approveToQueueId;
  }
  if (changes.rejectToQueueId !== undefined) {
    if (changes.rejectToQueueId !== null) await requireQueue(trx, changes.rejectToQueueId, 'RejectToQueueId');
    columns.reject_to_queue_id = changes.rejectToQueueId;
  }
  if (changes.features1 !== undefined) columns.features1 = changes.features1;
  if (changes.features2 !== undefined) columns.features2 = changes.features2;
  if (changes.defaultAccess !== undefined) columns.default_access = applyQueueAccessPatch(currentAccess, changes.defaultAccess);
  if (changes.approverNotPreparer !== undefined) columns.approver_not_preparer = changes.approverNotPreparer ? 1 : 0;
  if (changes.oneLevelPerApprover !== undefined) columns.one_level_per_approver = changes.oneLevelPerApprover ? 1 : 0;
  return columns;
}

/** Creates a queue (a name and a queue type are required); resolves to its id. */
export async function createQueue(trx: Transaction<Database>, changes: QueueChanges): Promise<number> {
  const columns = await columnsOf(trx, changes, 0);
  if (columns.name === undefined) throw invalid("The property 'Name' is required.");
  if (columns.queue_type_id === undefined) throw invalid("The property 'WorkflowQueueTypeId' is required.");
  const { id } = await trx
    .insertInto('queues')
    .values({ ...columns, name: columns.name, queue_type_id: columns.queue_type_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes the named values of queue `id`; default access flags are patched on the stored ones. */
export async function updateQueue(trx: Transaction<Database>, id: number, changes: QueueChanges): Promise<void> {
  const current = await trx.selectFrom('queues').select('default_access').where('id', '=', id).executeTakeFirstOrThrow();
  const columns = await columnsOf(trx, changes, Number(current.default_access));
  if (Object.keys(columns).length === 0) return;
  await trx.updateTable('queues').set(columns).where('id', '=', id).execute();
}

/** Deletes queue `id` (its routes, memberships and delegates go with it); refuses while documents or pending approval steps need it. */
export async function removeQueue(trx: Transaction<Database>, id: number): Promise<void> {
  const document = await trx
    .selectFrom('documents')
    .select('id')
    .where('queue_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (document !== undefined) throw conflict('The queue still holds documents; move them first.');
  const step = await trx
    .selectFrom('document_approvals')
    .select('document_id')
    .where('queue_id', '=', id)
    .where('approved_at', 'is', null)
    .executeTakeFirst();
  if (step !== undefined) throw conflict('Approval lists still name the queue; remove it from them first.');
  await trx.deleteFrom('queues').where('id', '=', id).execute();
}
