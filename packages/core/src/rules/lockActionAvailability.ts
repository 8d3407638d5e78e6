import { hasQueueFeature, type DocumentAccess, type DocumentQueue, type LockAction } from '../model';
import { allowAction, blockAction, type ActionAvailability } from './actionAvailability';
import { MESSAGES } from './messages';

/** The three lock access flags of a document */
export type LockAccess = Pick<DocumentAccess, LockAction>;

/** What the lock action rule reads of a selected document */
export interface LockActionDocument {
  access: LockAccess;
  queue: Pick<DocumentQueue, 'features1' | 'features2'> | null;
}

/**
 * Portal §4: in an OptInWorkflow queue renewLock is disallowed. The spec also turns createLock on
 * and unlock off there; ours (issue 35, finding 4; docs/UX-DECISIONS.md "Locks that hold"): the
 * server's flags already say who may opt in — a member who may act in the queue, not everyone who
 * sees the document — and that only a security manager releases such a lock, so createLock and
 * unlock stay as the server granted them.
 */
export function effectiveLockAccess(access: LockAccess, queue: LockActionDocument['queue']): LockAccess {
  if (!hasQueueFeature(queue, 'OptInWorkflow'))
    return { createLock: access.createLock, renewLock: access.renewLock, unlock: access.unlock };
  return { createLock: access.createLock, renewLock: false, unlock: access.unlock };
}

/**
 * Lock, renew and unlock are allowed only outside search view and when every selected document
 * grants the matching access flag (after the OptInWorkflow adjustment).
 */
export function lockActionAvailability(
  action: LockAction,
  documents: readonly LockActionDocument[],
  view: { searchView: boolean },
): ActionAvailability {
  if (view.searchView) return blockAction('searchView', MESSAGES.lockInSearchView);
  if (documents.length === 0) return blockAction('noSelection', MESSAGES.noDocumentsSelected);
  if (!documents.every((doc) => effectiveLockAccess(doc.access, doc.queue)[action])) {
    return blockAction('notPermitted', MESSAGES.actionNotPermitted);
  }
  return allowAction();
}
