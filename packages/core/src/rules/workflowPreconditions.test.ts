import { WORKFLOW_PERMS } from '../model';
import { workflowPreconditions } from './workflowPreconditions';

const all = WORKFLOW_PERMS.route | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.reject;

describe('workflowPreconditions', () => {
  it('checks selection, tagging mode, the permission bit and the lock, in that order', () => {
    const view = { taggingMode: false };
    expect(workflowPreconditions('approve', [], { taggingMode: true })).toMatchObject({ reason: 'noSelection' });
    expect(workflowPreconditions('approve', [{ userLock: 'other', workflowPerms: 0 }], { taggingMode: true })).toMatchObject({
      reason: 'taggingMode',
    });
    expect(workflowPreconditions('approve', [{ userLock: 'other', workflowPerms: 0 }], view)).toMatchObject({ reason: 'notPermitted' });
    expect(workflowPreconditions('approve', [{ userLock: 'other', workflowPerms: all }], view)).toMatchObject({ reason: 'lockedByOther' });
    expect(workflowPreconditions('approve', [{ userLock: 'self', workflowPerms: all }], view)).toBeNull();
  });

  it('reads the permission bit of the action asked for', () => {
    const view = { taggingMode: false };
    const doc = { userLock: 'none' as const, workflowPerms: WORKFLOW_PERMS.route };
    expect(workflowPreconditions('route', [doc], view)).toBeNull();
    expect(workflowPreconditions('approve', [doc], view)).toMatchObject({ reason: 'notPermitted' });
    expect(workflowPreconditions('reject', [doc], view)).toMatchObject({ reason: 'notPermitted' });
  });
});
