import { FEATURES1, LOCK_ACTIONS } from '../model';
import { effectiveLockAccess, lockActionAvailability, type LockActionDocument } from './lockActionAvailability';
import { MESSAGES } from './messages';

const grantAll = { createLock: true, renewLock: true, unlock: true };
const plain = { features1: 0, features2: 0 };
const optIn = { features1: FEATURES1.OptInWorkflow, features2: 0 };
const outside = { searchView: false };

describe('lock actions', () => {
  it("OptInWorkflow turns renewLock off and keeps the server's createLock and unlock (who may act; a security manager's release)", () => {
    expect(effectiveLockAccess({ createLock: false, renewLock: true, unlock: true }, optIn)).toEqual({
      createLock: false,
      renewLock: false,
      unlock: true,
    });
    expect(effectiveLockAccess({ createLock: true, renewLock: true, unlock: false }, optIn)).toEqual({
      createLock: true,
      renewLock: false,
      unlock: false,
    });
    expect(effectiveLockAccess({ createLock: false, renewLock: true, unlock: true }, plain)).toEqual({
      createLock: false,
      renewLock: true,
      unlock: true,
    });
    expect(effectiveLockAccess({ createLock: false, renewLock: false, unlock: true }, null)).toEqual({
      createLock: false,
      renewLock: false,
      unlock: true,
    });
  });

  it('lock, renew and unlock are not allowed in search view', () => {
    for (const action of LOCK_ACTIONS) {
      expect(lockActionAvailability(action, [{ access: grantAll, queue: plain }], { searchView: true })).toEqual({
        allowed: false,
        reason: 'searchView',
        message: MESSAGES.lockInSearchView,
      });
    }
  });

  it('lock, renew and unlock need every selected document to grant the matching flag', () => {
    for (const action of LOCK_ACTIONS) {
      const denied: LockActionDocument = { access: { ...grantAll, [action]: false }, queue: plain };
      expect(lockActionAvailability(action, [{ access: grantAll, queue: plain }], outside)).toEqual({ allowed: true, warning: null });
      expect(lockActionAvailability(action, [{ access: grantAll, queue: plain }, denied], outside)).toMatchObject({
        allowed: false,
        reason: 'notPermitted',
      });
    }
    expect(lockActionAvailability('createLock', [], outside)).toMatchObject({ allowed: false, reason: 'noSelection' });
  });

  it('lock actions follow the OptInWorkflow adjustment: never renew; lock and unlock as the server granted them', () => {
    const follower: LockActionDocument = { access: { createLock: false, renewLock: true, unlock: false }, queue: optIn };
    expect(lockActionAvailability('createLock', [follower], outside).allowed).toBe(false);
    expect(lockActionAvailability('renewLock', [follower], outside).allowed).toBe(false);
    expect(lockActionAvailability('unlock', [follower], outside).allowed).toBe(false);
    const manager: LockActionDocument = { access: { createLock: true, renewLock: true, unlock: true }, queue: optIn };
    expect(lockActionAvailability('createLock', [manager], outside).allowed).toBe(true);
    expect(lockActionAvailability('renewLock', [manager], outside).allowed).toBe(false);
    expect(lockActionAvailability('unlock', [manager], outside).allowed).toBe(true);
  });
});
