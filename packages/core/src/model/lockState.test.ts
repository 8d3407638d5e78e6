import { LOCK_ACTIONS, LOCK_OWNERS, NO_LOCK } from './lockState';

describe('lock state model', () => {
  it('names the three owners and the three lock actions after their access flags', () => {
    expect([...LOCK_OWNERS]).toEqual(['self', 'other', 'none']);
    expect([...LOCK_ACTIONS]).toEqual(['createLock', 'renewLock', 'unlock']);
  });

  it('has no owner, holder or expiry when nothing is locked', () => {
    expect(NO_LOCK).toEqual({ owner: 'none', holder: null, expiration: null });
  });
});
