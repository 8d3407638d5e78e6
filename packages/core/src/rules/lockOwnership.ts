import { NO_LOCK, type DocumentLock, type LockState } from '../model';

/**
 * Portal §4: a lock is expired when its expiration time is missing, unreadable or past; a lock
 * expiring exactly now counts as expired.
 */
export function isLockExpired(lock: Pick<DocumentLock, 'lockExpiration'>, now: number): boolean {
  if (lock.lockExpiration === null || lock.lockExpiration.trim() === '') return true;
  const expiresAt = Date.parse(lock.lockExpiration);
  return !Number.isFinite(expiresAt) || expiresAt <= now;
}

/**
 * Portal §4: the owner is 'self' for the user's own lock, 'other' for a lock someone else holds,
 * otherwise 'none'; an expired lock is cleared and its owner becomes 'none'.
 */
export function resolveLockState(lock: DocumentLock | null, now: number): LockState {
  if (lock === null || isLockExpired(lock, now)) return NO_LOCK;
  return { owner: lock.ownLock ? 'self' : 'other', holder: lock.holder, expiration: lock.lockExpiration };
}
