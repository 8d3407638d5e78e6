import { createGroup, createUser, unique } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import type { TestResponse } from '../../test/testServer';
import { createQueue, createQueueType, createRoute, grantGroupQueueAccess, grantUserQueueAccess } from '../../test/workflowFactories';

interface Collection<T> {
  '@odata.context': string;
  '@odata.count'?: number;
  '@odata.nextLink'?: string;
  value: T[];
}

interface QueueEntity {
  '@odata.etag': string;
  Id: number;
  Name: string;
  Enabled: boolean;
  ApprovalLimit: number | null;
  WorkflowQueueTypeId: number;
  ApproveToQueueId: number | null;
  RejectToQueueId: number | null;
  Features: { Features1: number; Features2: number };
  DefaultAccess: Record<string, boolean>;
}

interface MembershipEntity {
  UserId: number;
  WorkflowQueueId: number;
  Access: Record<string, boolean>;
  From: string | null;
}

function expectODataError(response: TestResponse, status: number): string {
  expect(response.statusCode).toBe(status);
  const body = response.json<{ error: { code: string; message: string } }>();
  expect(body.error.code).toBe('');
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

describeOnEachDatabase('OData workflow entity sets: reads, query options, errors', (server) => {
  let manager: { id: number; username: string };
  let clerk: { id: number; username: string };
  let typeId: number;
  let otherTypeId: number;
  const queues: number[] = [];
  let otherQueue: number;
  const get = (url: string, username = manager.username): Promise<TestResponse> =>
    server().inject({ url: `/odata/v1${url}`, headers: server().authHeaders(username) });

  beforeAll(async () => {
    const s = server();
    manager = await createUser(s, unique('odmanager'), { privileges: { 'Security: Manager': true } });
    const clerks = await createGroup(s, unique('OData clerks '));
    clerk = await createUser(s, unique('odclerk'), { groups: [clerks] });
    typeId = await createQueueType(s, unique('OData type '));
    otherTypeId = await createQueueType(s, unique('OData other type '));
    // Names sort in the reverse of creation so $orderby is told apart from the key order.
    for (const name of ['Queue C', 'Queue B', 'Queue A']) {
      queues.push(await createQueue(s, typeId, { name: unique(`${name} `), defaultAccess: ['BrowseToQueue'], features1: 2, features2: 1 }));
    }
    otherQueue = await createQueue(s, otherTypeId, { approveTo: queues[0] });
    await createRoute(s, queues[0], queues[1]);
    await grantUserQueueAccess(s, clerk.id, queues[0], ['BrowseToQueue', 'Approve']);
    await grantGroupQueueAccess(s, clerks, queues[1], ['Route']);
  });

  it('needs a bearer token (401 as an OData error body)', async () => {
    const response = await server().inject({ url: '/odata/v1/WorkflowQueues' });
    expectODataError(response, 401);
  });

  it('answers 403 to a caller without Security: Manager, for reads and writes', async () => {
    expect(expectODataError(await get('/WorkflowQueues', clerk.username), 403)).toContain('Security: Manager');
    expectODataError(await get(`/WorkflowQueues(${queues[0]})`, clerk.username), 403);
    const post = await server().inject({
      method: 'POST',
      url: '/odata/v1/DirectUserWorkflowQueueMembership',
      headers: server().authHeaders(clerk.username),
      payload: { UserId: clerk.id, WorkflowQueueId: queues[2], Access: { Approve: true } },
    });
    expectODataError(post, 403);
    const rows = await server().deps.db.selectFrom('queue_user_access').select('queue_id').where('user_id', '=', clerk.id).execute();
    expect(rows.map((r) => r.queue_id)).toEqual([queues[0]]);
  });

  it('serves $metadata as CSDL naming every set, its keys and properties', async () => {
    const response = await get('/$metadata');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.headers['odata-version']).toBe('4.0');
    const xml = response.body;
    for (const set of [
      'WorkflowQueueTypes',
      'WorkflowQueues',
      'WorkflowRoutes',
      'WorkflowDelegates',
      'DirectUserWorkflowQueueMembership',
      'EffectiveUserWorkflowQueueMembership',
      'GroupWorkflowQueueMembership',
    ]) {
      expect(xml).toContain(`<EntitySet Name="${set}"`);
    }
    expect(xml).toMatch(
      /<EntityType Name="DirectUserWorkflowQueueMembership">\s*<Key><PropertyRef Name="UserId"\/><PropertyRef Name="WorkflowQueueId"\/><\/Key>/,
    );
    expect(xml).toMatch(/<EntityType Name="WorkflowDelegate">[\s\S]*<Property Name="Schedule" Type="Datahaven.DelegateSchedule"/);
    expect(xml).toContain('<Property Name="ReceiveNotificationsFor" Type="Edm.Boolean" Nullable="false"/>');
    const serviceDocument = (await get('')).json<{ value: { name: string; url: string }[] }>();
    expect(serviceDocument.value.map((v) => v.name)).toContain('EffectiveUserWorkflowQueueMembership');
  });

  it('lists a set with @odata.context and ETags, and filters with eq on a foreign key', async () => {
    const response = await get(`/WorkflowQueues?$filter=WorkflowQueueTypeId eq ${typeId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<Collection<QueueEntity>>();
    expect(body['@odata.context']).toBe(`${server().baseUrl}/odata/v1/$metadata#WorkflowQueues`);
    expect(body.value.map((q) => q.Id)).toEqual(queues);
    const first = body.value[0];
    expect(first['@odata.etag']).toMatch(/^W\/".+"$/);
    expect(first.Features).toEqual({ Features1: 2, Features2: 1 });
    expect(Object.keys(first.DefaultAccess)).toHaveLength(28);
    expect(first.DefaultAccess.BrowseToQueue).toBe(true);
    expect(first.DefaultAccess.Approve).toBe(false);
  });

  it('joins eq comparisons with and, and compares a nullable foreign key with null', async () => {
    const both = (await get(`/WorkflowRoutes?$filter=FromQueueId eq ${queues[0]} and (ToQueueId eq ${queues[1]})`)).json<
      Collection<{ FromQueueId: number; ToQueueId: number }>
    >();
    expect(both.value).toEqual([expect.objectContaining({ FromQueueId: queues[0], ToQueueId: queues[1] })]);
    const none = (await get(`/WorkflowRoutes?$filter=FromQueueId eq ${queues[0]} and ToQueueId eq ${queues[2]}`)).json<
      Collection<unknown>
    >();
    expect(none.value).toEqual([]);
    const pointing = (await get(`/WorkflowQueues?$filter=ApproveToQueueId eq ${queues[0]}`)).json<Collection<QueueEntity>>();
    expect(pointing.value.map((q) => q.Id)).toEqual([otherQueue]);
    const unset = (await get(`/WorkflowQueues?$filter=WorkflowQueueTypeId eq ${typeId} and ApproveToQueueId eq null`)).json<
      Collection<QueueEntity>
    >();
    expect(unset.value).toHaveLength(3);
  });

  it('pages with $orderby, $top, $skip and counts with $count=true', async () => {
    const filter = `$filter=WorkflowQueueTypeId eq ${typeId}`;
    const byName = (await get(`/WorkflowQueues?${filter}&$orderby=Name`)).json<Collection<QueueEntity>>();
    expect(byName.value.map((q) => q.Id)).toEqual([...queues].reverse());
    const page = (await get(`/WorkflowQueues?${filter}&$orderby=Name desc&$top=2&$skip=1&$count=true`)).json<Collection<QueueEntity>>();
    expect(page['@odata.count']).toBe(3);
    expect(page.value.map((q) => q.Id)).toEqual([queues[1], queues[2]]);
    expect(page['@odata.nextLink']).toBeUndefined();
    const counted = await get(`/WorkflowQueues/$count?${filter}`);
    expect(counted.body).toBe('3');
  });

  it('caps a page at 1000 entities and continues with @odata.nextLink (SECURITY row 18)', async () => {
    const db = server().deps.db;
    const names = Array.from({ length: 1100 }, (_, i) => ({ name: unique(`Bulk type ${i} `) }));
    await db.insertInto('queue_types').values(names).execute();
    const total = Number(
      (
        await db
          .selectFrom('queue_types')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const first = (await get('/WorkflowQueueTypes?$top=5000&$count=true')).json<Collection<{ Id: number }>>();
    expect(first['@odata.count']).toBe(total);
    expect(first.value).toHaveLength(1000);
    const next = first['@odata.nextLink'] ?? '';
    expect(next).toBe(`${server().baseUrl}/odata/v1/WorkflowQueueTypes?$top=4000&$count=true&$skip=1000`);
    const second = (await get(next.slice(`${server().baseUrl}/odata/v1`.length))).json<Collection<{ Id: number }>>();
    expect(second.value).toHaveLength(total - 1000);
    expect(second['@odata.nextLink']).toBeUndefined();
    const ids = [...first.value, ...second.value].map((t) => t.Id);
    expect(new Set(ids).size).toBe(total);
    // Without $top the page is capped the same way.
    expect((await get('/WorkflowQueueTypes')).json<Collection<unknown>>()['@odata.nextLink']).toBe(
      `${server().baseUrl}/odata/v1/WorkflowQueueTypes?$skip=1000`,
    );
  });

  it('reads one entity by key, and 404 for a missing key', async () => {
    const response = await get(`/WorkflowQueues(${queues[1]})`);
    expect(response.statusCode).toBe(200);
    const entity = response.json<QueueEntity & { '@odata.context': string }>();
    expect(entity['@odata.context']).toBe(`${server().baseUrl}/odata/v1/$metadata#WorkflowQueues/$entity`);
    expect(entity.Id).toBe(queues[1]);
    expect(response.headers.etag).toBe(entity['@odata.etag']);
    expect((await get(`/WorkflowQueues(Id=${queues[1]})`)).json<QueueEntity>().Id).toBe(queues[1]);
    expectODataError(await get('/WorkflowQueues(999999)'), 404);
    expectODataError(await get('/NoSuchSet'), 404);
  });

  it('reads a membership by its composite key, in either spelling of the key names', async () => {
    const response = await get(`/DirectUserWorkflowQueueMembership(userId=${clerk.id},workflowQueueId=${queues[0]})`);
    expect(response.statusCode).toBe(200);
    const entity = response.json<MembershipEntity>();
    expect(entity).toMatchObject({ UserId: clerk.id, WorkflowQueueId: queues[0], From: null });
    expect(entity.Access.Approve).toBe(true);
    expect(entity.Access.Route).toBe(false);
    const swapped = await get(`/DirectUserWorkflowQueueMembership(WorkflowQueueId=${queues[0]},UserId=${clerk.id})`);
    expect(swapped.json<MembershipEntity>().UserId).toBe(clerk.id);
    expectODataError(await get(`/DirectUserWorkflowQueueMembership(userId=${clerk.id},workflowQueueId=${queues[1]})`), 404);
    expectODataError(await get(`/DirectUserWorkflowQueueMembership(${clerk.id})`), 400);
    const group = (await get(`/GroupWorkflowQueueMembership?$filter=WorkflowQueueId eq ${queues[1]}`)).json<
      Collection<{ GroupId: number; Access: Record<string, boolean> }>
    >();
    expect(group.value).toHaveLength(1);
    expect(group.value[0].Access.Route).toBe(true);
  });

  it.each([
    ["Name eq 'Queue A'", 'cannot be filtered'],
    ['Id gt 3', "operator 'gt'"],
    ['Id eq 1 or Id eq 2', "'or'"],
    ["contains(Name,'A')", 'Functions'],
    ['Id eq 1)', 'unexpected'],
    ['Nope eq 1', 'not a property'],
  ])('answers 400 to the unsupported $filter %s', async (filter, words) => {
    const message = expectODataError(await get(`/WorkflowQueues?$filter=${encodeURIComponent(filter)}`), 400);
    expect(message).toContain(words);
  });

  it('answers 400 to other query options, bad paging values and unsortable properties', async () => {
    expectODataError(await get('/WorkflowQueues?$expand=Routes'), 400);
    expectODataError(await get('/WorkflowQueues?$select=Name'), 400);
    expectODataError(await get('/WorkflowQueues?$top=-1'), 400);
    expectODataError(await get('/WorkflowQueues?$skip=x'), 400);
    expectODataError(await get('/WorkflowQueues?$count=yes'), 400);
    expectODataError(await get('/WorkflowQueues?$orderby=DefaultAccess'), 400);
    expectODataError(await get('/WorkflowQueues?$top=1&$top=2'), 400);
    expectODataError(await get(`/WorkflowQueues(${queues[0]})/Routes`), 400);
    const deep = `${'('.repeat(40)}Id eq 1${')'.repeat(40)}`;
    expectODataError(await get(`/WorkflowQueues?$filter=${encodeURIComponent(deep)}`), 400);
  });
});
