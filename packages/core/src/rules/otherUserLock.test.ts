import { MESSAGES } from './messages';
import { LOCK_BLOCKED_ACTIONS, isLockedByOtherUser, otherUserLockAvailability } from './otherUserLock';

describe('otherUserLockAvailability', () => {
  it("another user's lock blocks route, approve, reject, delete, link, unlink, split and change subtype", () => {
    expect([...LOCK_BLOCKED_ACTIONS]).toEqual(['route', 'approve', 'reject', 'delete', 'link', 'unlink', 'split', 'changeSubtype']);
    for (const action of LOCK_BLOCKED_ACTIONS) {
      expect(otherUserLockAvailability(action, [{ userLock: 'none' }, { userLock: 'other' }])).toEqual({
        allowed: false,
        reason: 'lockedByOther',
        message: MESSAGES.documentLockedByOther,
      });
      expect(otherUserLockAvailability(action, [{ userLock: 'self' }, { userLock: 'none' }])).toEqual({ allowed: true, warning: null });
    }
  });
});

describe('isLockedByOtherUser', () => {
  it('is true when any document is locked by another user', () => {
    expect(isLockedByOtherUser([{ userLock: 'self' }, { userLock: 'other' }])).toBe(true);
    expect(isLockedByOtherUser([{ userLock: 'self' }, { userLock: 'none' }])).toBe(false);
    expect(isLockedByOtherUser([])).toBe(false);
  });
});
