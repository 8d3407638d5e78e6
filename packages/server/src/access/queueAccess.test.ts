import { WORKFLOW_PERMS } from '@datahaven/core/model';
import { sql } from 'kysely';
import { createDocument, createGroup, createUser, createWorld, unique } from '../test/factories';
import { describeOnEachDatabase } from '../test/testServer';
import type { TestServer } from '../test/testServer';
import {
  createQueue,
  createQueueType,
  grantGroupQueueAccess,
  grantUserQueueAccess,
  placeInQueue,
  workflowPrivilegeGrants,
} from '../test/workflowFactories';
import { encodeQueueAccess } from './queueAccessFlags';
import { viewerFor } from './documentVisibility';
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
    expect(found.get(queue)?.access).toBe(
      encodeQueueAccess(['BrowseToQueue', 'ViewDocumentsWithin', 'Route', 'Approve', 'Split', 'Reject']),
    );
    expect(found.get(queue)?.workflowPerms).toBe(
      WORKFLOW_PERMS.viewDocsWithin |
        WORKFLOW_PERMS.route |
        WORKFLOW_PERMS.approve |
        WORKFLOW_PERMS.reject |
        WORKFLOW_PERMS.otherMaintenance,
    );
    expect(found.get(other)?.access).toBe(encodeQueueAccess(['Merge']));

    const stranger = await createUser(s, unique('stranger'));
    expect((await findQueuesWithAccess(s.deps.db, stranger.id, [queue])).get(queue)?.access).toBe(
      encodeQueueAccess(['BrowseToQueue', 'ViewDocumentsWithin']),
    );
  });
});

describeOnEachDatabase('effective queue access through delegates', (server) => {
  /** A delegate from → to with a schedule; null = open. */
  async function delegate(s: TestServer, from: number, to: number, startsAt: string | null, endsAt: string | null): Promise<void> {
    await s.deps.db
      .insertInto('workflow_delegates')
      .values({
        from_queue_id: from,
        to_queue_id: to,
        starts_at: startsAt,
        ends_at: endsAt,
        added_at: '2020-01-01T00:00:00.000Z',
        added_by_user_id: null,
        updated_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
  }

  async function accessOf(s: TestServer, user: { id: number; username: string }, queue: number): Promise<number | undefined> {
    const viewer = await viewerFor(s.deps.db, user.id, user.username, s.deps.databaseNow());
    return (await findQueuesWithAccess(s.deps.db, viewer, [queue])).get(queue)?.access;
  }

  it('ORs the caller’s access on the delegate’s queue into the delegating queue while the schedule holds', async () => {
    const s = server();
    const type = await createQueueType(s);
    const from = await createQueue(s, type);
    const to = await createQueue(s, type);
    const expiredFrom = await createQueue(s, type);
    const futureFrom = await createQueue(s, type);
    const deputies = await createGroup(s, unique('Deputies '));
    const deputy = await createUser(s, unique('deputy'), { groups: [deputies] });
    await grantGroupQueueAccess(s, deputies, to, ['BrowseToQueue', 'ViewDocumentsWithin', 'Approve']);
    await grantUserQueueAccess(s, deputy.id, to, ['Reject']);
    await delegate(s, from, to, '2000-01-01T00:00:00.000Z', null);
    await delegate(s, expiredFrom, to, null, '2001-01-01T00:00:00.000Z');
    await delegate(s, futureFrom, to, '2999-01-01T00:00:00.000Z', null);

    expect(await accessOf(s, deputy, from)).toBe(encodeQueueAccess(['BrowseToQueue', 'ViewDocumentsWithin', 'Approve', 'Reject']));
    expect(await accessOf(s, deputy, expiredFrom)).toBe(0);
    expect(await accessOf(s, deputy, futureFrom)).toBe(0);
    // Only the delegate's members gain: a stranger has nothing on `to`, so nothing on `from`.
    const stranger = await createUser(s, unique('stranger'));
    expect(await accessOf(s, stranger, from)).toBe(0);
    // A bare user id (older callers) still sees the delegate, by the database's own clock.
    expect((await findQueuesWithAccess(s.deps.db, deputy.id, [from])).get(from)?.access).toBe(
      encodeQueueAccess(['BrowseToQueue', 'ViewDocumentsWithin', 'Approve', 'Reject']),
    );
  });

  it('lets the delegate’s member see and approve in the delegating queue; not once the delegate ended', async () => {
    const s = server();
    const world = await createWorld(s);
    const type = await createQueueType(s);
    const approved = await createQueue(s, type);
    const from = await createQueue(s, type, { approveTo: approved });
    const expiredFrom = await createQueue(s, type, { approveTo: approved });
    const to = await createQueue(s, type);
    const deputy = await createUser(s, unique('deputy'), { privileges: workflowPrivilegeGrants() });
    await grantUserQueueAccess(s, deputy.id, to, ['BrowseToQueue', 'AccessDocumentWithin', 'ViewDocumentsWithin', 'Approve']);
    await delegate(s, from, to, null, null);
    await delegate(s, expiredFrom, to, null, '2001-01-01T00:00:00.000Z');
    const inFrom = await createDocument(s, { sitId: world.table.sitId, recordId: world.recordId, uploader: world.clerk });
    const inExpired = await createDocument(s, { sitId: world.table.sitId, recordId: world.recordId, uploader: world.clerk });
    await placeInQueue(s, inFrom, from);
    await placeInQueue(s, inExpired, expiredFrom);
    const headers = s.authHeaders(deputy.username);
    const version = async (id: number): Promise<number> =>
      (await s.deps.db.selectFrom('documents').select('row_version').where('id', '=', id).executeTakeFirstOrThrow()).row_version;

    expect((await s.inject({ url: `/api/documents/${inFrom}`, headers })).statusCode).toBe(200);
    expect((await s.inject({ url: `/api/documents/${inExpired}`, headers })).statusCode).toBe(404);
    const approve = await s.inject({
      method: 'PUT',
      url: '/api/documents/approval',
      headers,
      payload: { docId: [inFrom], rowConflictIds: [await version(inFrom)], expectedQueueId: from },
    });
    expect(approve.statusCode).toBe(200);
    expect((await s.deps.db.selectFrom('documents').select('queue_id').where('id', '=', inFrom).executeTakeFirstOrThrow()).queue_id).toBe(
      approved,
    );
    const refused = await s.inject({
      method: 'PUT',
      url: '/api/documents/approval',
      headers,
      payload: { docId: [inExpired], rowConflictIds: [await version(inExpired)], expectedQueueId: expiredFrom },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('judges the schedule by the database clock: a delegate stops when the clock passes its end', async () => {
    const s = server();
    const type = await createQueueType(s);
    const from = await createQueue(s, type);
    const to = await createQueue(s, type);
    const deputy = await createUser(s, unique('deputy'), { privileges: workflowPrivilegeGrants() });
    await grantUserQueueAccess(s, deputy.id, to, ['BrowseToQueue']);
    const now = (await sql<{ now: string }>`select ${s.deps.databaseNow()} as now`.execute(s.deps.db)).rows[0].now;
    const inAnHour = new Date(Date.parse(now) + 3_600_000).toISOString();
    await delegate(s, from, to, now, inAnHour);
    expect(await accessOf(s, deputy, from)).toBe(encodeQueueAccess(['BrowseToQueue']));
    s.advanceDatabaseClock(2 * 3_600_000);
    expect(await accessOf(s, deputy, from)).toBe(0);
    const root = (await s.inject({ url: '/api/workflow-root', headers: s.authHeaders(deputy.username) })).json<{
      queueTypes: { queues: { id: number }[] }[];
    }>();
    expect(root.queueTypes.flatMap((t) => t.queues.map((q) => q.id))).toEqual([to]);
  });
});
