import type { DocumentLock } from '../model';
import { isLockExpired, resolveLockState } from './lockOwnership';

const now = Date.parse('2030-06-01T12:00:00.000Z');
const later = '2030-06-01T12:15:00.000Z';
const lock = (patch: Partial<DocumentLock> = {}): DocumentLock => ({ lockExpiration: later, ownLock: true, holder: 'clerk', ...patch });

describe('lock state', () => {
  it("lock owner is 'self' for the user's own lock, 'other' for someone else's, otherwise 'none'", () => {
    expect(resolveLockState(lock(), now)).toEqual({ owner: 'self', holder: 'clerk', expiration: later });
    expect(resolveLockState(lock({ ownLock: false, holder: 'approver' }), now)).toEqual({
      owner: 'other',
      holder: 'approver',
      expiration: later,
    });
    expect(resolveLockState(null, now)).toEqual({ owner: 'none', holder: null, expiration: null });
  });

  it('a lock is expired when its expiration is missing or past', () => {
    expect(isLockExpired({ lockExpiration: null }, now)).toBe(true);
    expect(isLockExpired({ lockExpiration: '' }, now)).toBe(true);
    expect(isLockExpired({ lockExpiration: 'not a date' }, now)).toBe(true);
    expect(isLockExpired({ lockExpiration: '2030-06-01T11:59:59.999Z' }, now)).toBe(true);
    expect(isLockExpired({ lockExpiration: '2030-06-01T12:00:00.000Z' }, now)).toBe(true);
    expect(isLockExpired({ lockExpiration: '2030-06-01T12:00:00.001Z' }, now)).toBe(false);
  });

  it("an expired lock is cleared and its owner becomes 'none'", () => {
    expect(resolveLockState(lock({ ownLock: false, lockExpiration: '2030-06-01T11:00:00.000Z' }), now)).toEqual({
      owner: 'none',
      holder: null,
      expiration: null,
    });
    expect(resolveLockState(lock({ lockExpiration: null }), now).owner).toBe('none');
  });
});
