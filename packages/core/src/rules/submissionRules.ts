import { hasQueueFeature, type DmsDocument, type DocumentQueue } from '../model';
import { allowAction, blockAction, type ActionAvailability } from './actionAvailability';
import { MESSAGES } from './messages';

/** What the submission rules read of a document. */
export type SubmissionRuleDocument = Pick<DmsDocument, 'queue' | 'submitted'>;

/** The workflow actions the unsubmitted rules govern. */
export type SubmissionRuledAction = 'approve' | 'route';

const BLOCK_FEATURE = { approve: 'BlockApproveUnsubmitted', route: 'BlockRouteUnsubmitted' } as const;
const WARN_FEATURE = { approve: 'WarnApproveUnsubmitted', route: 'WarnRouteUnsubmitted' } as const;

/**
 * The submission block message: 'Document Submission Required' for one document, 'Submitted
 * Documents Required' for a multi-selection (ours, in the style of the spec's link messages).
 */
export function submissionRequiredMessage(selectionSize: number): string {
  return selectionSize > 1 ? MESSAGES.submittedDocumentsRequired : MESSAGES.documentSubmissionRequired;
}

/** Whether the queue blocks `action` on a document not submitted in it (BlockApproveUnsubmitted / BlockRouteUnsubmitted). */
export function blocksUnsubmitted(action: SubmissionRuledAction, queue: Pick<DocumentQueue, 'features1' | 'features2'> | null): boolean {
  return hasQueueFeature(queue, BLOCK_FEATURE[action]);
}

/**
 * The unsubmitted rules (portal §6 features1; UX-DECISIONS "Intake"): blocked with the submission
 * message when an unsubmitted document sits in a queue with the Block bit; allowed with the
 * unsubmitted warning under the Warn bit; null when neither applies, so the caller's own outcome
 * stands. A document whose `submitted` is absent (a server that does not report it) is not judged.
 */
export function unsubmittedAvailability(
  action: SubmissionRuledAction,
  documents: readonly SubmissionRuleDocument[],
): ActionAvailability | null {
  const unsubmitted = documents.filter((doc) => doc.submitted === false);
  if (unsubmitted.some((doc) => blocksUnsubmitted(action, doc.queue))) {
    return blockAction('submissionRequired', submissionRequiredMessage(documents.length));
  }
  if (unsubmitted.some((doc) => hasQueueFeature(doc.queue, WARN_FEATURE[action]))) return allowAction(MESSAGES.unsubmittedDocumentWarning);
  return null;
}
