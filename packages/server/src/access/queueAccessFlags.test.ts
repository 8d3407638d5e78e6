import { WORKFLOW_PERMS } from '@datahaven/core/model';
import { ALL_QUEUE_ACCESS, QUEUE_ACCESS_FLAGS, decodeQueueAccess, encodeQueueAccess, workflowPermsFromAccess } from './queueAccessFlags';

describe('queue access flags', () => {
  it('are the 28 flags of portal §3, one distinct bit each, in spec order', () => {
    const bits = Object.values(QUEUE_ACCESS_FLAGS);
    expect(bits).toHaveLength(28);
    expect(bits).toEqual(bits.map((_, n) => 2 ** n));
    expect(Object.keys(QUEUE_ACCESS_FLAGS)[0]).toBe('BrowseToQueue');
    expect(Object.keys(QUEUE_ACCESS_FLAGS)[27]).toBe('ReceiveNotificationsFor');
    expect(ALL_QUEUE_ACCESS).toBe(2 ** 28 - 1);
  });

  it('encode and decode round-trip', () => {
    const access = encodeQueueAccess(['Approve', 'Route']);
    expect(access).toBe(QUEUE_ACCESS_FLAGS.Approve | QUEUE_ACCESS_FLAGS.Route);
    const decoded = decodeQueueAccess(access);
    expect(decoded.Approve && decoded.Route).toBe(true);
    expect(decoded.Reject).toBe(false);
  });

  it('derive the workflowPerms bits: approve, reject and route from their own flag only', () => {
    expect(workflowPermsFromAccess(encodeQueueAccess(['Approve']))).toBe(WORKFLOW_PERMS.approve);
    expect(workflowPermsFromAccess(encodeQueueAccess(['Reject']))).toBe(WORKFLOW_PERMS.reject);
    expect(workflowPermsFromAccess(encodeQueueAccess(['Route']))).toBe(WORKFLOW_PERMS.route);
    expect(workflowPermsFromAccess(0)).toBe(0);
    expect(workflowPermsFromAccess(ALL_QUEUE_ACCESS)).toBe(Object.values(WORKFLOW_PERMS).reduce((a, b) => a | b, 0));
  });
});
