import { sql } from 'kysely';
import { createDocument, createGroup, createUser, createWorld, unique } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import {
  addWorkflowDelegate,
  createQueue,
  createQueueType,
  grantGroupQueueAccess,
  grantUserQueueAccess,
  placeInQueue,
} from '../test/workflowFactories';
import { viewerFor } from './documentVisibility';
import { effectiveQueueAccessSql } from './queueAccess';

describeOnEachDatabase("the viewer's rights, read once per request", (server) => {
  it('inlined queue grants give every queue the same access as the live subquery (own, group, delegates in and out of schedule)', async () => {
    const s = server();
    const type = await createQueueType(s);
    const [inbox, approval, payroll, target, expiredTarget, futureTarget, untouched] = await Promise.all(
      ['Inbox', 'Approval', 'Payroll', 'Target', 'Expired', 'Future', 'Untouched'].map((name) =>
        createQueue(s, type, { name: unique(`${name} `), defaultAccess: name === 'Inbox' ? ['BrowseToQueue'] : [] }),
      ),
    );
    const group = await createGroup(s, unique('Approvers '));
    const user = await createUser(s, unique('approver'), { groups: [group] });
    await grantUserQueueAccess(s, user.id, inbox, ['Route']);
    await grantGroupQueueAccess(s, group, approval, ['Approve', 'Reject']);
    await grantUserQueueAccess(s, user.id, approval, ['Split']);
    await grantGroupQueueAccess(s, group, target, ['AccessDocumentWithin', 'Merge']);
    await grantUserQueueAccess(s, user.id, expiredTarget, ['Delete']);
    await grantUserQueueAccess(s, user.id, futureTarget, ['Reject']);
    const hour = 3_600_000;
    await addWorkflowDelegate(s, payroll, target);
    await addWorkflowDelegate(s, payroll, expiredTarget, {
      startsAt: new Date(Date.now() - 2 * hour).toISOString(),
      endsAt: new Date(Date.now() - hour).toISOString(),
    });
    await addWorkflowDelegate(s, payroll, futureTarget, { startsAt: new Date(Date.now() + hour).toISOString() });
    await addWorkflowDelegate(s, untouched, approval);

    const viewer = await viewerFor(s.deps.db, user.id, user.username, s.deps.databaseNow());
    expect(viewer.queueGrants.size).toBeGreaterThan(0);
    const live = { userId: viewer.userId, databaseNow: viewer.databaseNow };
    const rows = await s.deps.db
      .selectFrom('queues as q')
      .select(['q.id', effectiveQueueAccessSql(viewer, 'q').as('inlined'), effectiveQueueAccessSql(live, 'q').as('live')])
      .where('q.id', 'in', [inbox, approval, payroll, target, expiredTarget, futureTarget, untouched])
      .execute();
    expect(rows).toHaveLength(7);
    for (const row of rows) expect({ id: row.id, access: Number(row.inlined) }).toEqual({ id: row.id, access: Number(row.live) });
    // The snapshot is not vacuous: the delegate in schedule lends the target's grants, the others do not.
    const byId = new Map(rows.map((row) => [row.id, Number(row.live)]));
    expect(byId.get(payroll)).toBe(byId.get(target));
    expect(byId.get(untouched)).toBe(byId.get(approval));
  });

  it('a queue grant or a privilege taken away applies from the very next request', async () => {
    const s = server();
    const world = await createWorld(s);
    const type = await createQueueType(s);
    const queue = await createQueue(s, type, { name: unique('Shared ') });
    // A document only the queue lets the outsider see (its record link is on a table they may not view).
    const id = await createDocument(s, { sitId: world.table.sitId, recordId: world.recordId, uploader: world.clerk });
    await placeInQueue(s, id, queue);
    await grantUserQueueAccess(s, world.outsider.id, queue, ['BrowseToQueue', 'AccessDocumentWithin', 'SearchWithin']);
    const headers = s.authHeaders(world.outsider.username);

    expect((await s.inject({ url: `/api/documents/${id}`, headers })).statusCode).toBe(200);
    expect((await s.inject({ url: '/api/documents/search?q=', headers })).statusCode).toBe(200);

    await s.deps.db.deleteFrom('queue_user_access').where('user_id', '=', world.outsider.id).where('queue_id', '=', queue).execute();
    expect((await s.inject({ url: `/api/documents/${id}`, headers })).statusCode).toBe(404);

    // 'Search: Search' comes through the outsider's group: without it, the next search is refused.
    const search = await s.deps.db.selectFrom('privileges').select('id').where('name', '=', 'Search: Search').executeTakeFirstOrThrow();
    await s.deps.db.insertInto('user_privileges').values({ user_id: world.outsider.id, privilege_id: search.id, value: 0 }).execute();
    expect((await s.inject({ url: '/api/documents/search?q=', headers })).statusCode).toBe(403);
    // And given back (the explicit direct grant wins), it applies as soon.
    await sql`update user_privileges set value = 1 where user_id = ${world.outsider.id} and privilege_id = ${search.id}`.execute(s.deps.db);
    expect((await s.inject({ url: '/api/documents/search?q=', headers })).statusCode).toBe(200);
  });
});
