import { allowAction, type ActionAvailability } from './actionAvailability';
import { workflowPreconditions, type WorkflowActionView, type WorkflowPreconditionDocument } from './workflowPreconditions';

/**
 * Reject availability (embedded §4–§5): something selected, tagging mode off, the reject
 * workflow permission on every document and no document locked by another user.
 */
export function rejectAvailability(documents: readonly WorkflowPreconditionDocument[], view: WorkflowActionView): ActionAvailability {
  return workflowPreconditions('reject', documents, view) ?? allowAction();
}
