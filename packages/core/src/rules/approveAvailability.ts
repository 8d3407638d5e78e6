import { hasQueueFeature } from '../model';
import { allowAction, blockAction, type ActionAvailability } from './actionAvailability';
import { MESSAGES } from './messages';
import { approveRoutingBlock, linkRequiredMessage, type RoutingBlockDocument } from './routingBlocks';
import { unsubmittedAvailability, type SubmissionRuleDocument } from './submissionRules';
import { workflowPreconditions, type WorkflowActionView, type WorkflowPreconditionDocument } from './workflowPreconditions';

/** What the approve rule reads of a document */
export type ApproveDocument = WorkflowPreconditionDocument & RoutingBlockDocument & SubmissionRuleDocument;

/**
 * Approve availability (embedded §4–§5, portal §5): the shared workflow checks; then blocked by
 * the queue feature BlockApproveFromQueue, by a quick-link document in a multi-selection, by an
 * unlinked document where unlinked approval is blocked or the queue requires the link on approval
 * (LinkOnApprovalRequired), and by missing approval routes where they are required. Allowed with the unlinked warning when a queue sets WarnApproveUnlinked.
 */
export function approveAvailability(documents: readonly ApproveDocument[], view: WorkflowActionView): ActionAvailability {
  const precondition = workflowPreconditions('approve', documents, view);
  if (precondition) return precondition;
  if (documents.some((doc) => hasQueueFeature(doc.queue, 'BlockApproveFromQueue'))) {
    return blockAction('blockedFromQueue', MESSAGES.approveBlockedFromQueue);
  }
  if (documents.length > 1 && documents.some((doc) => doc.workflowModifiers.quickLink)) {
    return blockAction('quickLinkMultiSelection', MESSAGES.quickLinkMultipleSelected);
  }
  const block = approveRoutingBlock(documents);
  if (block) return blockAction(block.reason, block.message);
  // LinkOnApprovalRequired (features2): the link is required at approval, as BlockApproveUnlinked (the server refuses
  // alike). A quick-link document is left to the quick-link flow, which links first and then approves.
  if (
    documents.some((doc) => doc.link === null && !doc.workflowModifiers.quickLink && hasQueueFeature(doc.queue, 'LinkOnApprovalRequired'))
  ) {
    return blockAction('linkRequired', linkRequiredMessage(documents.length));
  }
  const submission = unsubmittedAvailability('approve', documents); // Warn/Block unsubmitted (rules/submissionRules)
  if (submission) return submission;
  const warn = documents.some((doc) => doc.link === null && hasQueueFeature(doc.queue, 'WarnApproveUnlinked'));
  return allowAction(warn ? MESSAGES.unlinkedDocumentWarning : null);
}
