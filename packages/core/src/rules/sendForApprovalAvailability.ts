import { WORKFLOW_PERMS, hasQueueFeature, type DmsDocument } from '../model';

/**
 * Whether "Send for approval" is offered for documents (issue 38): each in the same workflow
 * queue, with the route bit of workflowPerms and some route out (hasAvailableRoutes), in a queue
 * that is not itself where the auto-route stops for a decision (IncludeInAutoRoute without
 * WorkflowSkipOnAutoroute: an approver there approves, rejects or routes). The server judges the
 * rest and refuses in words.
 */
export function sendForApprovalOffered(documents: readonly Pick<DmsDocument, 'queue' | 'workflowPerms' | 'hasAvailableRoutes'>[]): boolean {
  const first = documents[0]?.queue ?? null;
  if (first === null) return false;
  const decisionQueue = hasQueueFeature(first, 'IncludeInAutoRoute') && !hasQueueFeature(first, 'WorkflowSkipOnAutoroute');
  return (
    !decisionQueue &&
    documents.every((doc) => doc.queue?.id === first.id && (doc.workflowPerms & WORKFLOW_PERMS.route) !== 0 && doc.hasAvailableRoutes)
  );
}
