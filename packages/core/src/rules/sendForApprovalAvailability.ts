import { WORKFLOW_PERMS, hasQueueFeature, type DmsDocument, type WorkflowQueue } from '../model';

/**
 * Whether "Send for approval" is offered for documents (issue 38): each in the same workflow
 * queue, with the route bit of workflowPerms and some route out (hasAvailableRoutes), in a queue
 * that is not itself where the auto-route stops for a decision (IncludeInAutoRoute without
 * WorkflowSkipOnAutoroute: an approver there approves, rejects or routes) nor, where the screen
 * knows the queue's targets (`queue`, the queue list), one with an ApproveToQueue or RejectToQueue.
 * The server judges the rest and refuses in words.
 */
export function sendForApprovalOffered(
  documents: readonly Pick<DmsDocument, 'queue' | 'workflowPerms' | 'hasAvailableRoutes'>[],
  queue: Pick<WorkflowQueue, 'approveToQueueId' | 'rejectToQueueId'> | null = null,
): boolean {
  const first = documents[0]?.queue ?? null;
  if (first === null) return false;
  const decisionQueue =
    (hasQueueFeature(first, 'IncludeInAutoRoute') && !hasQueueFeature(first, 'WorkflowSkipOnAutoroute')) ||
    (queue !== null && (queue.approveToQueueId !== null || queue.rejectToQueueId !== null));
  return (
    !decisionQueue &&
    documents.every((doc) => doc.queue?.id === first.id && (doc.workflowPerms & WORKFLOW_PERMS.route) !== 0 && doc.hasAvailableRoutes)
  );
}
