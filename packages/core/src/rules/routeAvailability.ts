import { hasQueueFeature } from '../model';
import { allowAction, blockAction, type ActionAvailability } from './actionAvailability';
import { MESSAGES } from './messages';
import { routeRoutingBlock, type RoutingBlockDocument } from './routingBlocks';
import { unsubmittedAvailability, type SubmissionRuleDocument } from './submissionRules';
import { workflowPreconditions, type WorkflowActionView, type WorkflowPreconditionDocument } from './workflowPreconditions';

/** What the route rule reads of a document */
export type RouteDocument = WorkflowPreconditionDocument & RoutingBlockDocument & SubmissionRuleDocument;

/** Whether every document sits in the same queue (documents in no queue never do). */
export function allInOneQueue(documents: readonly Pick<RoutingBlockDocument, 'queue'>[]): boolean {
  const first = documents[0]?.queue;
  if (!first) return false;
  return documents.every((doc) => doc.queue !== null && doc.queue.id === first.id);
}

/**
 * Route availability (embedded §4–§5, portal §5): the shared workflow checks; then all documents
 * in one queue, routes available ('No Routes Available'), and no unlinked document where the
 * queue blocks unlinked routing. Allowed with the unlinked warning when the warnRouteUnlinked
 * modifier or the WarnRouteUnlinked feature is set on an unlinked document
 */
export function routeAvailability(documents: readonly RouteDocument[], view: WorkflowActionView): ActionAvailability {
  const precondition = workflowPreconditions('route', documents, view);
  if (precondition) return precondition;
  if (documents.length > 1 && !allInOneQueue(documents)) {
    return blockAction('differentQueues', MESSAGES.documentsInDifferentQueues);
  }
  const block = routeRoutingBlock(documents);
  if (block) return blockAction(block.reason, block.message);
  const submission = unsubmittedAvailability('route', documents); // Warn/Block unsubmitted (rules/submissionRules)
  if (submission) return submission;
  const warn = documents.some(
    (doc) => doc.link === null && (doc.workflowModifiers.warnRouteUnlinked || hasQueueFeature(doc.queue, 'WarnRouteUnlinked')),
  );
  return allowAction(warn ? MESSAGES.unlinkedDocumentWarning : null);
}
