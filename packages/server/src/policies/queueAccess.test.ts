import { WORKFLOW_PERMS } from '@datahaven/core/model';
import { createGroup, createUser, unique } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import { createQueue, createQueueType, grantGroupQueueAccess, grantUserQueueAccess } from '../test/workflowFactories';
import { encodeQueueAccess } from '../workflow/queueAccessFlags';
import { findQueuesWithAccess } from './queueAccess';

describeOnEachDatabase('effective queue access', (server) => {
  it('is the queue default ∪ the user ∪ every group of the user, with workflowPerms derived from it', async () => {
    const s = server();
    const type = await createQueueType(s);
    const queue = await createQueue(s, type, { defaultAccess: ['BrowseToQueue', 'ViewDocumentsWithin'] });
    const other = await createQueue(s, type);
    const g1 = await createGroup(s, unique('G1 '));
    const g2 = await createGroup(s, unique('G2 '));
    const g3 = await createGroup(s, unique('G3 '));
    const user = await createUser(s, unique('member'), { groups: [g1, g2] });
    await grantUserQueueAccess(s, user.id, queue, ['Route']);
    await grantGroupQueueAccess(s, g1, queue, ['Approve', 'Split']);
    await grantGroupQueueAccess(s, g2, queue, ['Approve', 'Reject']);
    await grantGroupQueueAccess(s, g3, queue, ['Delete']);
    await grantGroupQueueAccess(s, g1, other, ['Merge']);

    const found = await findQueuesWithAccess(s.deps.db, user.id, [queue, other]);
    expect(found.get(queue)?.access).toBe(encodeQueueAccess(['BrowseToQueue', 'ViewDocumentsWithin', 'Route', 'Approve', 'Split', 'Reject']));
    expect(found.get(queue)?.workflowPerms).toBe(
      WORKFLOW_PERMS.viewDocsWithin | WORKFLOW_PERMS.route | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.reject | WORKFLOW_PERMS.otherMaintenance,
    );
    expect(found.get(other)?.access).toBe(encodeQueueAccess(['Merge']));

    const stranger = await createUser(s, unique('stranger'));
    expect((await findQueuesWithAccess(s.deps.db, stranger.id, [queue])).get(queue)?.access).toBe(encodeQueueAccess(['BrowseToQueue', 'ViewDocumentsWithin']));
  });
});
