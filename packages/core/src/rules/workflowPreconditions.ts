import { decodeWorkflowPermissions, type DmsDocument } from '../model';
import { blockAction, type ActionAvailability } from './actionAvailability';
import { MESSAGES } from './messages';
import { otherUserLockAvailability } from './otherUserLock';

/** The three workflow actions that move a document between queues. */
export type WorkflowAction = 'route' | 'approve' | 'reject';

/** What the shared workflow checks read of a document */
export type WorkflowPreconditionDocument = Pick<DmsDocument, 'userLock' | 'workflowPerms'>;

/** The view state the workflow actions depend on. */
export interface WorkflowActionView {
  /** Tagging mode on disables route, approve and reject (embedded §4). */
  taggingMode: boolean;
}

/**
 * The checks route, approve and reject share, in order: something selected, tagging mode off,
 * the workflow permission bit on every document, no document locked by another user. Returns
 * the block, or null when the action-specific rules decide.
 */
export function workflowPreconditions(
  action: WorkflowAction,
  documents: readonly WorkflowPreconditionDocument[],
  view: WorkflowActionView,
): ActionAvailability | null {
  if (documents.length === 0) return blockAction('noSelection', MESSAGES.noDocumentsSelected);
  if (view.taggingMode) return blockAction('taggingMode', MESSAGES.taggingModeOn);
  if (!documents.every((doc) => decodeWorkflowPermissions(doc.workflowPerms)[action])) {
    return blockAction('notPermitted', MESSAGES.actionNotPermitted);
  }
  const lock = otherUserLockAvailability(action, documents);
  return lock.allowed ? null : lock;
}
