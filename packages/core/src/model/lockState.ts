/** Who holds a document's lock: the current user, someone else, or nobody (portal §4 "Lock"). */
export type LockOwner = 'self' | 'other' | 'none';

/** Every lock owner value. */
export const LOCK_OWNERS: readonly LockOwner[] = ['self', 'other', 'none'];

/** A document's lock as the client reasons about it: owner, holder and expiry (portal §4). */
export interface LockState {
  owner: LockOwner;
  /** Who holds the lock, when the server says; null when nobody does or it is not shown. */
  holder: string | null;
  /** ISO date-time the lock expires; null when there is no (live) lock. */
  expiration: string | null;
}

/** The state of a document nobody has locked (also what an expired lock becomes). */
export const NO_LOCK: LockState = { owner: 'none', holder: null, expiration: null };

/** The three lock actions, named after the access flags that grant them (embedded §4 "Locking"). */
export type LockAction = 'createLock' | 'renewLock' | 'unlock';

/** Every lock action. */
export const LOCK_ACTIONS: readonly LockAction[] = ['createLock', 'renewLock', 'unlock'];
