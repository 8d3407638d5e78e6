import { WORKFLOW_PERMS } from '../model';
import { rejectAvailability } from './rejectAvailability';

const doc = { userLock: 'none' as const, workflowPerms: WORKFLOW_PERMS.reject };
const view = { taggingMode: false };

describe('rejectAvailability', () => {
  it('allows rejecting documents the user may reject', () => {
    expect(rejectAvailability([doc, { ...doc, userLock: 'self' }], view)).toEqual({ allowed: true, warning: null });
  });

  it('reject is blocked in tagging mode', () => {
    expect(rejectAvailability([doc], { taggingMode: true })).toMatchObject({ allowed: false, reason: 'taggingMode' });
  });

  it("reject is blocked by another user's lock", () => {
    expect(rejectAvailability([doc, { ...doc, userLock: 'other' }], view)).toMatchObject({ allowed: false, reason: 'lockedByOther' });
  });

  it('reject needs the reject workflow permission on every document', () => {
    expect(rejectAvailability([doc, { ...doc, workflowPerms: WORKFLOW_PERMS.approve }], view)).toMatchObject({
      allowed: false,
      reason: 'notPermitted',
    });
  });

  it('reject needs a selection', () => {
    expect(rejectAvailability([], view)).toMatchObject({ allowed: false, reason: 'noSelection' });
  });
});
