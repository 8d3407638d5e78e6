import { createGroup, createUser, unique } from '../../test/factories';
import { describeOnEachDatabase } from '../../test/testServer';
import { createQueue, createQueueType } from '../../test/workflowFactories';

interface DelegateEntity {
  '@odata.etag': string;
  Id: number;
  FromQueueId: number;
  ToQueueId: number;
  Schedule: { Start: string | null; End: string | null };
  AddedAt: string;
  AddedByUserId: number | null;
  NoteText: string;
  LastUpdatedAt: string;
  LastSynchronizedAt: string | null;
}

interface MembershipEntity {
  '@odata.etag': string;
  UserId?: number;
  GroupId?: number;
  WorkflowQueueId: number;
  Access: Record<string, boolean>;
}

/** An answer read whole. */
interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  json<T>(): T;
}

function errorMessage(response: Answer, status: number): string {
  expect(response.statusCode).toBe(status);
  return response.json<{ error: { code: string; message: string } }>().error.message;
}

describeOnEachDatabase('OData workflow entity sets: writes', (server) => {
  let manager: { id: number; username: string };
  let member: { id: number; username: string };
  let groupId: number;
  let typeId: number;
  let from: number;
  let to: number;
  let third: number;
  /**
   * A request as the manager, sent with fetch: TestServer.inject has no PATCH, which OData
   * updates need. Objects are sent as JSON.
   */
  const send = async (request: {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }): Promise<Answer> => {
    const headers = new Headers({ ...server().authHeaders(manager.username), ...(request.headers ?? {}) });
    let body: string | undefined;
    if (typeof request.payload === 'string') body = request.payload;
    else if (request.payload !== undefined) {
      body = JSON.stringify(request.payload);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await fetch(`${server().baseUrl}/odata/v1${request.url}`, { method: request.method ?? 'GET', headers, body });
    const text = await response.text();
    return { statusCode: response.status, headers: Object.fromEntries(response.headers.entries()), json: <T>() => JSON.parse(text) as T };
  };
  const delegateRow = (id: number) => server().deps.db.selectFrom('workflow_delegates').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    const s = server();
    manager = await createUser(s, unique('odwmanager'), { privileges: { 'Security: Manager': true } });
    member = await createUser(s, unique('odwmember'));
    groupId = await createGroup(s, unique('OData approvers '));
    typeId = await createQueueType(s, unique('OData writes '));
    from = await createQueue(s, typeId, { name: unique('Approval L1 ') });
    to = await createQueue(s, typeId, { name: unique('Approval L2 ') });
    third = await createQueue(s, typeId, { name: unique('Approved ') });
  });

  it('creates, reads, patches (with If-Match) and deletes a delegate with a schedule', async () => {
    const created = await send({
      method: 'POST',
      url: '/WorkflowDelegates',
      payload: {
        FromQueueId: from,
        ToQueueId: to,
        Schedule: { Start: '2026-12-01T08:00:00+01:00', End: '2026-12-15T17:00:00Z' },
        NoteText: 'Holiday cover',
      },
    });
    expect(created.statusCode).toBe(201);
    const delegate = created.json<DelegateEntity>();
    expect(delegate).toMatchObject({
      FromQueueId: from,
      ToQueueId: to,
      Schedule: { Start: '2026-12-01T07:00:00.000Z', End: '2026-12-15T17:00:00.000Z' },
      AddedByUserId: manager.id,
      NoteText: 'Holiday cover',
      LastSynchronizedAt: null,
    });
    expect(created.headers.location).toBe(`${server().baseUrl}/odata/v1/WorkflowDelegates(${delegate.Id})`);
    expect(created.headers.etag).toBe(delegate['@odata.etag']);

    const read = await send({ url: `/WorkflowDelegates(${delegate.Id})` });
    expect(read.json<DelegateEntity>()['@odata.etag']).toBe(delegate['@odata.etag']);

    const patched = await send({
      method: 'PATCH',
      url: `/WorkflowDelegates(${delegate.Id})`,
      headers: { 'if-match': delegate['@odata.etag'] },
      payload: { Schedule: { End: null }, NoteText: 'Until further notice' },
    });
    expect(patched.statusCode).toBe(204);
    expect(patched.headers.etag).not.toBe(delegate['@odata.etag']);
    const after = (await send({ url: `/WorkflowDelegates(${delegate.Id})` })).json<DelegateEntity>();
    expect(after.Schedule).toEqual({ Start: '2026-12-01T07:00:00.000Z', End: null });
    expect(after.NoteText).toBe('Until further notice');
    expect(after.AddedAt).toBe(delegate.AddedAt);

    // The old ETag no longer matches: a lost update is refused and nothing changes.
    const stale = await send({
      method: 'PATCH',
      url: `/WorkflowDelegates(${delegate.Id})`,
      headers: { 'if-match': delegate['@odata.etag'] },
      payload: { NoteText: 'stale' },
    });
    errorMessage(stale, 412);
    expect((await delegateRow(delegate.Id))?.note_text).toBe('Until further notice');

    const withRepresentation = await send({
      method: 'PATCH',
      url: `/WorkflowDelegates(${delegate.Id})`,
      headers: { 'if-match': '*', prefer: 'return=representation' },
      payload: { ToQueueId: third },
    });
    expect(withRepresentation.statusCode).toBe(200);
    expect(withRepresentation.json<DelegateEntity>().ToQueueId).toBe(third);

    const removed = await send({
      method: 'DELETE',
      url: `/WorkflowDelegates(${delegate.Id})`,
      headers: { 'if-match': withRepresentation.json<DelegateEntity>()['@odata.etag'] },
    });
    expect(removed.statusCode).toBe(204);
    expect(await delegateRow(delegate.Id)).toBeUndefined();
    errorMessage(await send({ url: `/WorkflowDelegates(${delegate.Id})` }), 404);
    errorMessage(await send({ method: 'DELETE', url: `/WorkflowDelegates(${delegate.Id})`, headers: { 'if-match': '*' } }), 404);
  });

  it('refuses a change without If-Match with 428 and changes nothing (SECURITY row 21)', async () => {
    const { Id } = (
      await send({ method: 'POST', url: '/WorkflowDelegates', payload: { FromQueueId: from, ToQueueId: to } })
    ).json<DelegateEntity>();
    errorMessage(await send({ method: 'PATCH', url: `/WorkflowDelegates(${Id})`, payload: { NoteText: 'sneaky' } }), 428);
    errorMessage(await send({ method: 'DELETE', url: `/WorkflowDelegates(${Id})` }), 428);
    const row = await delegateRow(Id);
    expect(row?.note_text).toBe('');
  });

  it.each([
    [
      'an end before the start',
      () => ({ FromQueueId: from, ToQueueId: to, Schedule: { Start: '2026-12-15T00:00:00Z', End: '2026-12-01T00:00:00Z' } }),
      'ends before it starts',
    ],
    ['from = to', () => ({ FromQueueId: from, ToQueueId: from }), 'FromQueueId = ToQueueId'],
    ['an unknown queue', () => ({ FromQueueId: from, ToQueueId: 987654 }), 'no workflow queue 987654'],
    ['a date without time zone', () => ({ FromQueueId: from, ToQueueId: to, Schedule: { Start: '2026-12-01T08:00:00' } }), 'time zone'],
    ['a read-only property', () => ({ FromQueueId: from, ToQueueId: to, AddedByUserId: 1 }), 'read-only'],
    ['an unknown property', () => ({ FromQueueId: from, ToQueueId: to, Owner: 'x' }), 'not a writable property'],
    ['a note over 4000 characters', () => ({ FromQueueId: from, ToQueueId: to, NoteText: 'x'.repeat(4001) }), '4000'],
  ])('refuses a delegate with %s (400)', async (_label, body, words) => {
    const before = await server()
      .deps.db.selectFrom('workflow_delegates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(errorMessage(await send({ method: 'POST', url: '/WorkflowDelegates', payload: body() }), 400)).toContain(words);
    const after = await server()
      .deps.db.selectFrom('workflow_delegates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a PATCH that would leave the schedule ending before it starts', async () => {
    const created = (
      await send({
        method: 'POST',
        url: '/WorkflowDelegates',
        payload: { FromQueueId: from, ToQueueId: to, Schedule: { Start: '2026-12-01T00:00:00Z', End: null } },
      })
    ).json<DelegateEntity>();
    const response = await send({
      method: 'PATCH',
      url: `/WorkflowDelegates(${created.Id})`,
      headers: { 'if-match': '*' },
      payload: { Schedule: { End: '2026-11-01T00:00:00Z' } },
    });
    expect(errorMessage(response, 400)).toContain('ends before it starts');
    expect((await delegateRow(created.Id))?.ends_at).toBeNull();
  });

  it('creates a direct user membership, patches Access by flag name, refuses a second one and deletes it', async () => {
    const created = await send({
      method: 'POST',
      url: '/DirectUserWorkflowQueueMembership',
      payload: { UserId: member.id, WorkflowQueueId: from, Access: { BrowseToQueue: true, AccessDocumentWithin: true } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe(
      `${server().baseUrl}/odata/v1/DirectUserWorkflowQueueMembership(UserId=${member.id},WorkflowQueueId=${from})`,
    );
    const membership = created.json<MembershipEntity>();
    expect(membership.Access.BrowseToQueue).toBe(true);
    expect(membership.Access.Approve).toBe(false);

    errorMessage(
      await send({ method: 'POST', url: '/DirectUserWorkflowQueueMembership', payload: { UserId: member.id, WorkflowQueueId: from } }),
      409,
    );
    errorMessage(
      await send({ method: 'POST', url: '/DirectUserWorkflowQueueMembership', payload: { UserId: 987654, WorkflowQueueId: from } }),
      400,
    );
    expect(
      errorMessage(
        await send({
          method: 'POST',
          url: '/DirectUserWorkflowQueueMembership',
          payload: { UserId: member.id, WorkflowQueueId: to, Access: { Fly: true } },
        }),
        400,
      ),
    ).toContain("'Fly' is not a queue access flag");

    const url = `/DirectUserWorkflowQueueMembership(userId=${member.id},workflowQueueId=${from})`;
    const patched = await send({
      method: 'PATCH',
      url,
      headers: { 'if-match': membership['@odata.etag'], prefer: 'return=representation' },
      payload: { Access: { Approve: true, AccessDocumentWithin: false } },
    });
    expect(patched.statusCode).toBe(200);
    const access = patched.json<MembershipEntity>().Access;
    expect(access).toMatchObject({ BrowseToQueue: true, AccessDocumentWithin: false, Approve: true, Reject: false });
    const stored = await server()
      .deps.db.selectFrom('queue_user_access')
      .select('access')
      .where('user_id', '=', member.id)
      .where('queue_id', '=', from)
      .executeTakeFirstOrThrow();
    expect(stored.access).toBe(1 | (1 << 26));
    errorMessage(await send({ method: 'PATCH', url, headers: { 'if-match': '*' }, payload: { WorkflowQueueId: to } }), 400);

    expect(
      (await send({ method: 'DELETE', url, headers: { 'if-match': patched.json<MembershipEntity>()['@odata.etag'] } })).statusCode,
    ).toBe(204);
    errorMessage(await send({ url }), 404);
  });

  it('creates, patches and deletes a group membership', async () => {
    const created = await send({
      method: 'POST',
      url: '/GroupWorkflowQueueMembership',
      payload: { GroupId: groupId, WorkflowQueueId: to, Access: { Approve: true } },
    });
    expect(created.statusCode).toBe(201);
    const url = `/GroupWorkflowQueueMembership(groupId=${groupId},workflowQueueId=${to})`;
    const patched = await send({
      method: 'PATCH',
      url,
      headers: { 'if-match': '*', prefer: 'return=representation' },
      payload: { Access: { Reject: true } },
    });
    expect(patched.json<MembershipEntity>().Access).toMatchObject({ Approve: true, Reject: true, Route: false });
    expect((await send({ method: 'DELETE', url, headers: { 'if-match': '*' } })).statusCode).toBe(204);
    const rows = await server().deps.db.selectFrom('queue_group_access').select('queue_id').where('group_id', '=', groupId).execute();
    expect(rows).toEqual([]);
  });

  it('writes queue types, queues and routes, with their checks', async () => {
    const type = await send({ method: 'POST', url: '/WorkflowQueueTypes', payload: { Name: ' Expenses ' } });
    expect(type.statusCode).toBe(201);
    const typeEntity = type.json<{ Id: number; Name: string; Enabled: boolean }>();
    expect(typeEntity).toMatchObject({ Name: 'Expenses', Enabled: true });

    const queue = await send({
      method: 'POST',
      url: '/WorkflowQueues',
      payload: {
        Name: 'Expense inbox',
        WorkflowQueueTypeId: typeEntity.Id,
        ApprovalLimit: 2500.5,
        ApproveToQueueId: from,
        Features: { Features1: 2 },
        DefaultAccess: { BrowseToQueue: true },
      },
    });
    expect(queue.statusCode).toBe(201);
    const queueEntity = queue.json<{
      '@odata.etag': string;
      Id: number;
      ApprovalLimit: number;
      Features: { Features1: number; Features2: number };
      DefaultAccess: Record<string, boolean>;
    }>();
    expect(queueEntity.ApprovalLimit).toBe(2500.5);
    expect(queueEntity.Features).toEqual({ Features1: 2, Features2: 0 });
    expect(queueEntity.DefaultAccess.BrowseToQueue).toBe(true);
    errorMessage(await send({ method: 'POST', url: '/WorkflowQueues', payload: { Name: 'x', WorkflowQueueTypeId: 987654 } }), 400);

    const patched = await send({
      method: 'PATCH',
      url: `/WorkflowQueues(${queueEntity.Id})`,
      headers: { 'if-match': queueEntity['@odata.etag'], prefer: 'return=representation' },
      payload: { Features: { Features2: 2 }, DefaultAccess: { SearchWithin: true }, ApproveToQueueId: null },
    });
    expect(patched.json<{ Features: unknown; DefaultAccess: Record<string, boolean>; ApproveToQueueId: number | null }>()).toMatchObject({
      Features: { Features1: 2, Features2: 2 },
      DefaultAccess: expect.objectContaining({ BrowseToQueue: true, SearchWithin: true }),
      ApproveToQueueId: null,
    });

    const route = await send({ method: 'POST', url: '/WorkflowRoutes', payload: { FromQueueId: queueEntity.Id, ToQueueId: from } });
    expect(route.statusCode).toBe(201);
    errorMessage(await send({ method: 'POST', url: '/WorkflowRoutes', payload: { FromQueueId: queueEntity.Id, ToQueueId: from } }), 409);
    errorMessage(await send({ method: 'POST', url: '/WorkflowRoutes', payload: { FromQueueId: from, ToQueueId: from } }), 400);

    // A type with queues stays; a queue goes with its routes; then the empty type goes.
    errorMessage(await send({ method: 'DELETE', url: `/WorkflowQueueTypes(${typeEntity.Id})`, headers: { 'if-match': '*' } }), 409);
    expect((await send({ method: 'DELETE', url: `/WorkflowQueues(${queueEntity.Id})`, headers: { 'if-match': '*' } })).statusCode).toBe(
      204,
    );
    const routes = await server().deps.db.selectFrom('routes').select('id').where('from_queue_id', '=', queueEntity.Id).execute();
    expect(routes).toEqual([]);
    expect((await send({ method: 'DELETE', url: `/WorkflowQueueTypes(${typeEntity.Id})`, headers: { 'if-match': '*' } })).statusCode).toBe(
      204,
    );
  });

  it('SECURITY row 12: a non-admin cannot grant itself queue access or a key through OData or REST (403), and nothing changes', async () => {
    const asMember = { authorization: `Bearer ${server().tokenFor(member.username)}` };
    const before = await server().deps.db.selectFrom('queue_user_access').select('queue_id').where('user_id', '=', member.id).execute();
    for (const request of [
      {
        method: 'POST' as const,
        url: '/DirectUserWorkflowQueueMembership',
        payload: { UserId: member.id, WorkflowQueueId: third, Access: { BrowseToQueue: true, Approve: true } },
      },
      {
        method: 'POST' as const,
        url: '/GroupWorkflowQueueMembership',
        payload: { GroupId: groupId, WorkflowQueueId: third, Access: { Approve: true } },
      },
      {
        method: 'PATCH' as const,
        url: `/DirectUserWorkflowQueueMembership(userId=${member.id},workflowQueueId=${from})`,
        headers: { 'if-match': '*' },
        payload: { Access: { Approve: true } },
      },
    ]) {
      errorMessage(await send({ ...request, headers: { ...asMember, ...(request.headers ?? {}) } }), 403);
    }
    expect(await server().deps.db.selectFrom('queue_user_access').select('queue_id').where('user_id', '=', member.id).execute()).toEqual(
      before,
    );
    // REST: an API key would let its holder mint tokens, so creating one needs 'Security: Manager'.
    const key = await server().inject({
      method: 'POST',
      url: '/api/keys',
      headers: asMember,
      payload: { label: 'mine', actsForUsers: true },
    });
    expect(key.statusCode).toBe(403);
    // And /api/can reports the privilege as not held, so no client offers it.
    const can = await server().inject({ url: `/api/can?action=${encodeURIComponent('Security: Manager')}`, headers: asMember });
    expect(can.json()).toEqual({ action: 'Security: Manager', value: false });
  });

  it('keeps the effective memberships read-only (405) and refuses PUT (405)', async () => {
    errorMessage(
      await send({ method: 'POST', url: '/EffectiveUserWorkflowQueueMembership', payload: { UserId: member.id, WorkflowQueueId: from } }),
      405,
    );
    errorMessage(await send({ method: 'PUT', url: `/WorkflowQueues(${from})`, payload: { Name: 'x' } }), 405);
  });

  it('accepts the OData JSON media type with parameters and refuses a body that is not an object', async () => {
    const created = await send({
      method: 'POST',
      url: '/WorkflowRoutes',
      headers: { 'content-type': 'application/json;odata.metadata=minimal' },
      payload: JSON.stringify({ FromQueueId: to, ToQueueId: third }),
    });
    expect(created.statusCode).toBe(201);
    errorMessage(await send({ method: 'POST', url: '/WorkflowRoutes', payload: [1, 2] }), 400);
  });
});
