import { effectiveQueueAccessSql } from '../../access/queueAccess';
import { createGroup, createUser, unique } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestResponse } from '../../test/testServer';
import {
  addWorkflowDelegate,
  createQueue,
  createQueueType,
  grantGroupQueueAccess,
  grantUserQueueAccess,
} from '../../test/workflowFactories';
import { decodeQueueAccess, encodeQueueAccess } from '../../access/queueAccessFlags';
import type { QueueAccessFlag } from '../../access/queueAccessFlags';

interface EffectiveEntity {
  UserId: number;
  WorkflowQueueId: number;
  Access: Record<QueueAccessFlag, boolean>;
  From: string;
  Sources: { From: string; Access: Record<QueueAccessFlag, boolean> }[];
}

interface Collection<T> {
  '@odata.count'?: number;
  value: T[];
}

const HOUR = 60 * 60 * 1000;

describeOnEachDatabase('OData EffectiveUserWorkflowQueueMembership', (server) => {
  let manager: { id: number; username: string };
  let user: { id: number; username: string };
  let groupName: string;
  const q = { direct: 0, group: 0, byDefault: 0, delegated: 0, expired: 0, future: 0, soonOver: 0, nothing: 0 };
  const names = { group: '' };
  const get = (url: string): Promise<TestResponse> =>
    server().inject({ url: `/odata/v1${url}`, headers: server().authHeaders(manager.username) });
  const rowsOf = async (userId: number): Promise<EffectiveEntity[]> => {
    const response = await get(`/EffectiveUserWorkflowQueueMembership?$filter=UserId eq ${userId}&$orderby=WorkflowQueueId`);
    expect(response.statusCode).toBe(200);
    return response.json<Collection<EffectiveEntity>>().value;
  };

  /** The policy's answer (access/queueAccess.ts) for one user on every queue, keyed by queue id. */
  async function policyAccess(userId: number): Promise<Map<number, number>> {
    const rows = await server()
      .deps.db.selectFrom('queues as q')
      .select(['q.id', effectiveQueueAccessSql(userId, 'q').as('access')])
      .execute();
    return new Map(rows.map((row) => [row.id, Number(row.access)]));
  }

  beforeAll(async () => {
    const s = server();
    manager = await createUser(s, unique('odemanager'), { privileges: { 'Security: Manager': true } });
    groupName = unique('Approvers ');
    const group = await createGroup(s, groupName);
    user = await createUser(s, unique('odeuser'), { groups: [group] });
    const type = await createQueueType(s);
    for (const key of Object.keys(q) as (keyof typeof q)[]) q[key] = await createQueue(s, type, { name: unique(`${key} `) });
    names.group = (await s.deps.db.selectFrom('queues').select('name').where('id', '=', q.group).executeTakeFirstOrThrow()).name;
    await s.deps.db
      .updateTable('queues')
      .set({ default_access: encodeQueueAccess(['BrowseToQueue']) })
      .where('id', '=', q.byDefault)
      .execute();
    await grantUserQueueAccess(s, user.id, q.direct, ['BrowseToQueue', 'Approve']);
    await grantGroupQueueAccess(s, group, q.direct, ['Route']);
    await grantGroupQueueAccess(s, group, q.group, ['AccessDocumentWithin', 'ViewDocumentsWithin']);
    // A direct row without any flag is no access at all.
    await grantUserQueueAccess(s, user.id, q.nothing, []);
    // Delegates from other queues to `group`: open now, ended, not yet begun, ending within the hour.
    await addWorkflowDelegate(s, q.delegated, q.group, { startsAt: '2000-01-01T00:00:00.000Z', endsAt: null });
    await addWorkflowDelegate(s, q.expired, q.group, { startsAt: null, endsAt: '2001-01-01T00:00:00.000Z' });
    await addWorkflowDelegate(s, q.future, q.group, { startsAt: '2999-01-01T00:00:00.000Z' });
    await addWorkflowDelegate(s, q.soonOver, q.group, { endsAt: new Date(Date.now() + HOUR).toISOString() });
  });

  it('gives one row per queue with any access, naming every source in From and Sources', async () => {
    const rows = await rowsOf(user.id);
    expect(rows.map((row) => row.WorkflowQueueId)).toEqual([q.direct, q.group, q.byDefault, q.delegated, q.soonOver]);
    const byQueue = new Map(rows.map((row) => [row.WorkflowQueueId, row]));
    const direct = byQueue.get(q.direct);
    expect(direct?.From).toBe(`Direct, Group:${groupName}`);
    expect(direct?.Sources.map((source) => source.From)).toEqual(['Direct', `Group:${groupName}`]);
    expect(direct?.Sources[0].Access).toMatchObject({ BrowseToQueue: true, Approve: true, Route: false });
    expect(direct?.Sources[1].Access).toMatchObject({ BrowseToQueue: false, Route: true });
    expect(direct?.Access).toMatchObject({ BrowseToQueue: true, Approve: true, Route: true, Reject: false });
    expect(byQueue.get(q.group)?.From).toBe(`Group:${groupName}`);
    expect(byQueue.get(q.byDefault)?.From).toBe('Default');
    expect(byQueue.get(q.delegated)?.From).toBe(`Delegate:${names.group}`);
    expect(byQueue.get(q.delegated)?.Access).toMatchObject({ AccessDocumentWithin: true, ViewDocumentsWithin: true, BrowseToQueue: false });
  });

  it('combines the sources into the same Access as effectiveQueueAccessSql, for every user and queue', async () => {
    const users = await server().deps.db.selectFrom('users').select('id').execute();
    for (const { id } of users) {
      const policy = await policyAccess(id);
      const rows = await rowsOf(id);
      for (const row of rows)
        expect({ queue: row.WorkflowQueueId, access: row.Access }).toEqual({
          queue: row.WorkflowQueueId,
          access: decodeQueueAccess(policy.get(row.WorkflowQueueId) ?? 0),
        });
      const withAccess = [...policy.entries()].filter(([, access]) => access !== 0).map(([queueId]) => queueId);
      expect(rows.map((row) => row.WorkflowQueueId).sort((a, b) => a - b)).toEqual(withAccess.sort((a, b) => a - b));
    }
  });

  it('filters by queue, reads by composite key, counts and pages', async () => {
    const byQueue = (await get(`/EffectiveUserWorkflowQueueMembership?$filter=WorkflowQueueId eq ${q.byDefault}&$count=true`)).json<
      Collection<EffectiveEntity>
    >();
    const userCount = await server()
      .deps.db.selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Default access reaches every user.
    expect(byQueue['@odata.count']).toBe(Number(userCount.n));
    expect(byQueue.value.every((row) => row.From.endsWith('Default'))).toBe(true);
    const one = await get(`/EffectiveUserWorkflowQueueMembership(userId=${user.id},workflowQueueId=${q.delegated})`);
    expect(one.statusCode).toBe(200);
    expect(one.json<EffectiveEntity>().From).toBe(`Delegate:${names.group}`);
    expect((await get(`/EffectiveUserWorkflowQueueMembership(userId=${user.id},workflowQueueId=${q.expired})`)).statusCode).toBe(404);
    const page = (
      await get(`/EffectiveUserWorkflowQueueMembership?$filter=UserId eq ${user.id}&$orderby=WorkflowQueueId desc&$top=2&$skip=1`)
    ).json<Collection<EffectiveEntity>>();
    expect(page.value.map((row) => row.WorkflowQueueId)).toEqual([q.delegated, q.byDefault]);
  });

  it('judges delegate schedules by the database clock', async () => {
    expect((await rowsOf(user.id)).map((row) => row.WorkflowQueueId)).toContain(q.soonOver);
    server().advanceDatabaseClock(2 * HOUR);
    const after = await rowsOf(user.id);
    expect(after.map((row) => row.WorkflowQueueId)).not.toContain(q.soonOver);
    expect(after.map((row) => row.WorkflowQueueId)).toContain(q.delegated);
  });
});
