import type { WorkflowQueue, WorkflowQueueType } from '@datahaven/core/model';
import { queueImportRefusal, workflowPermsFromAccess } from '../access';

/** A queue row as read for the structure calls (`WORKFLOW_QUEUE_COLUMNS` plus the type's name and the caller's access). */
export interface WorkflowQueueSource {
  id: number;
  name: string;
  enabled: number;
  queue_type_id: number;
  queue_type_name: string;
  features1: number | string;
  features2: number | string;
  default_approve_requires_note: number;
  default_reject_requires_note: number;
  approve_to_queue_id: number | null;
  reject_to_queue_id: number | null;
  approver_not_preparer: number;
  one_level_per_approver: number;
  access: number | string;
  /** access/finalQueues finalQueueSql (1: final), when the query read it; then the queue says why the caller may not import there. */
  is_final?: number | string;
}

/**
 * The columns of `queues as q` a `WorkflowQueueSource` is built from (with the queue type's name,
 * the document count and the caller's access, which each query adds its own way).
 */
export const WORKFLOW_QUEUE_COLUMNS = [
  'q.id',
  'q.name',
  'q.enabled',
  'q.queue_type_id',
  'q.features1',
  'q.features2',
  'q.default_approve_requires_note',
  'q.default_reject_requires_note',
  'q.approve_to_queue_id',
  'q.reject_to_queue_id',
  'q.approver_not_preparer',
  'q.one_level_per_approver',
] as const;

/**
 * A queue row and its visible document count → `WorkflowQueue`; `workflowPerms` comes from the
 * caller's effective access, and `importRefusal` (when the row says whether the queue is final)
 * from access/queueImportRefusal, the rule the import itself applies, worded in `language` (the caller's).
 */
export function presentWorkflowQueue(row: WorkflowQueueSource, documentCount: number, language = 'en'): WorkflowQueue {
  const features = { name: row.name, features1: Number(row.features1), features2: Number(row.features2), access: Number(row.access) };
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    queueTypeId: row.queue_type_id,
    queueTypeName: row.queue_type_name,
    documentCount,
    features1: Number(row.features1),
    features2: Number(row.features2),
    defaultApproveRequiresNote: row.default_approve_requires_note === 1,
    defaultRejectRequiresNote: row.default_reject_requires_note === 1,
    approveToQueueId: row.approve_to_queue_id,
    rejectToQueueId: row.reject_to_queue_id,
    workflowPerms: workflowPermsFromAccess(Number(row.access)),
    ...(row.is_final === undefined ? {} : { importRefusal: queueImportRefusal(features, Number(row.is_final) === 1, language) }),
    approverNotPreparer: row.approver_not_preparer === 1,
    oneLevelPerApprover: row.one_level_per_approver === 1,
  };
}

/** Options of `presentWorkflowQueueTypes`. */
export interface QueueListFilter {
  /** Case-insensitive "name contains"; empty keeps every queue. */
  q: string;
  /** Drops queues with documentCount 0. */
  hideEmpty: boolean;
}

/** Whether a queue passes the list filter. */
export function queueMatches(queue: WorkflowQueue, filter: QueueListFilter): boolean {
  if (filter.hideEmpty && queue.documentCount === 0) return false;
  return filter.q === '' || queue.name.toLowerCase().includes(filter.q.toLowerCase());
}

/** One queue type with its listed queues; documentCount is the sum of theirs. */
export function presentWorkflowQueueType(
  type: { id: number; name: string; enabled: boolean },
  queues: readonly WorkflowQueue[],
): WorkflowQueueType {
  return {
    id: type.id,
    name: type.name,
    enabled: type.enabled,
    documentCount: queues.reduce((sum, queue) => sum + queue.documentCount, 0),
    queues: [...queues],
  };
}

/**
 * Groups browsable queues (ordered by type) into queue types after the filter; a type left with
 * no queue is dropped, so the root never names a type the caller has nothing to open in.
 */
export function presentWorkflowQueueTypes(
  queues: readonly WorkflowQueue[],
  types: ReadonlyMap<number, { id: number; name: string; enabled: boolean }>,
  filter: QueueListFilter,
): WorkflowQueueType[] {
  const grouped = new Map<number, WorkflowQueue[]>();
  for (const queue of queues) {
    if (!queueMatches(queue, filter)) continue;
    const list = grouped.get(queue.queueTypeId) ?? [];
    list.push(queue);
    grouped.set(queue.queueTypeId, list);
  }
  const result: WorkflowQueueType[] = [];
  for (const [typeId, list] of grouped) {
    const type = types.get(typeId);
    if (type !== undefined) result.push(presentWorkflowQueueType(type, list));
  }
  return result;
}
