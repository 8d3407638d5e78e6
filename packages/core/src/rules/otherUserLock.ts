import type { DmsDocument } from '../model';
import { allowAction, blockAction, type ActionAvailability } from './actionAvailability';
import { MESSAGES } from './messages';

/** The actions another user's lock blocks (embedded §5, portal §5). */
export type LockBlockedAction = 'route' | 'approve' | 'reject' | 'delete' | 'link' | 'unlink' | 'split' | 'changeSubtype';

/** Every action another user's lock blocks. */
export const LOCK_BLOCKED_ACTIONS: readonly LockBlockedAction[] = [
  'route',
  'approve',
  'reject',
  'delete',
  'link',
  'unlink',
  'split',
  'changeSubtype',
];

/** Whether any of the documents is locked by another user. */
export function isLockedByOtherUser(documents: readonly Pick<DmsDocument, 'userLock'>[]): boolean {
  return documents.some((doc) => doc.userLock === 'other');
}

/**
 * Spec: route, approve, reject, delete, link, unlink, split and change subtype need the user lock
 * not to be held by another user; blocked with 'The document has been locked by another user.'.
 */
export function otherUserLockAvailability(
  action: LockBlockedAction,
  documents: readonly Pick<DmsDocument, 'userLock'>[],
): ActionAvailability {
  if (LOCK_BLOCKED_ACTIONS.includes(action) && isLockedByOtherUser(documents)) {
    return blockAction('lockedByOther', MESSAGES.documentLockedByOther);
  }
  return allowAction();
}
