import type { WorkflowQueue, WorkflowQueueType } from '@datahaven/core/model';
import { workflowPermsFromAccess } from '../policies/queueAccessFlags';

/** A queue as read for the structure calls, with the caller's effective access bit set. */
export interface WorkflowQueueSource {
  id: number;
  name: string;
  enabled: number;
  queueTypeId: number;
  queueTypeName: string;
  documentCount: number;
  features1: number | string;
  features2: number | string;
  defaultApproveRequiresNote: number;
  defaultRejectRequiresNote: number;
  approveToQueueId: number | null;
  rejectToQueueId: number | null;
  access: number;
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
] as const;

/** A queue row → `WorkflowQueue`; `workflowPerms` is derived from the caller's effective access. */
export function presentWorkflowQueue(source: WorkflowQueueSource): WorkflowQueue {
  return {
    id: source.id,
    name: source.name,
    enabled: source.enabled === 1,
    queueTypeId: source.queueTypeId,
    queueTypeName: source.queueTypeName,
    documentCount: source.documentCount,
    features1: Number(source.features1),
    features2: Number(source.features2),
    defaultApproveRequiresNote: source.defaultApproveRequiresNote === 1,
    defaultRejectRequiresNote: source.defaultRejectRequiresNote === 1,
    approveToQueueId: source.approveToQueueId,
    rejectToQueueId: source.rejectToQueueId,
    workflowPerms: workflowPermsFromAccess(source.access),
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
export function presentWorkflowQueueType(type: { id: number; name: string; enabled: boolean }, queues: readonly WorkflowQueue[]): WorkflowQueueType {
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
