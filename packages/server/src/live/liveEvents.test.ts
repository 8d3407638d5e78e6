import { FEATURES1 } from '@datahaven/core/model';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildServerApp } from '../buildServerApp';
import { openServices } from '../openServices';
import type { Services } from '../openServices';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../test/factories';
import type { World } from '../test/factories';
import { describeOnEachDatabase, itOn } from '../test/testServer';
import { waitFor } from '../test/waitFor';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  documentRowVersion,
  grantGroupQueueAccess,
  placeInQueue,
} from '../test/workflowFactories';
import { collectEvents } from './test/collectEvents';
import type { EventCollector } from './test/collectEvents';

interface User {
  id: number;
  username: string;
}

describeOnEachDatabase('live updates: GET /api/events', (server, dialect) => {
  let world: World;
  let approver: User;
  let watcher: User;
  let otherQueueOnly: User;
  const q = { inbox: 0, approval: 0, approved: 0, other: 0 };
  const open: EventCollector[] = [];

  beforeAll(async () => {
    const s = server();
    world = await createWorld(s);
    const type = await createQueueType(s);
    q.approved = await createQueue(s, type, { name: unique('Approved ') });
    q.approval = await createQueue(s, type, { name: unique('Approval '), features1: FEATURES1.WorkflowRoute, approveTo: q.approved });
    q.other = await createQueue(s, type, { name: unique('Other '), features1: FEATURES1.WorkflowRoute, approveTo: q.approved });
    const approvers = await createGroup(s, unique('Approvers '), WORKFLOW_PRIVILEGES);
    await grantTableAccess(s, approvers, world.table.sitId);
    for (const queue of [q.approval, q.approved, q.other]) await grantGroupQueueAccess(s, approvers, queue);
    approver = await createUser(s, unique('approver'), { groups: [approvers] });
    watcher = await createUser(s, unique('watcher'), { groups: [approvers] });
    // Sees only the other queue: nothing of Approval may reach them.
    // No access to the records' table either: that would show them every document linked to it.
    const outsiders = await createGroup(s, unique('Outsiders '), WORKFLOW_PRIVILEGES);
    otherQueueOnly = await createUser(s, unique('other'), { groups: [outsiders] });
    await grantGroupQueueAccess(s, outsiders, q.other);
  });

  afterEach(() => {
    for (const collector of open.splice(0)) collector.close();
  });

  async function documentIn(queueId: number): Promise<number> {
    const id = await createDocument(server(), {
      sitId: world.table.sitId,
      recordId: world.recordId,
      uploader: world.clerk,
      fileName: 'Invoice.pdf',
    });
    await placeInQueue(server(), id, queueId);
    return id;
  }

  async function approve(user: User, docId: number, fromQueueId: number, baseUrl = server().baseUrl): Promise<void> {
    const response = await fetch(`${baseUrl}/api/documents/approval`, {
      method: 'PUT',
      headers: { ...server().authHeaders(user.username), 'content-type': 'application/json' },
      body: JSON.stringify({ docId: [docId], rowConflictIds: [await documentRowVersion(server(), docId)], expectedQueueId: fromQueueId }),
    });
    expect(response.status).toBe(200);
  }

  async function stream(user: User, headers: Record<string, string> = {}, baseUrl = server().baseUrl): Promise<EventCollector> {
    const collector = await collectEvents(`${baseUrl}/api/events`, { ...server().authHeaders(user.username), ...headers });
    open.push(collector);
    return collector;
  }

  async function changeOf(collector: EventCollector, documentId: number, kind: string): Promise<Record<string, unknown>> {
    const found = await waitFor(() => collector.changes().find((change) => change.documentId === documentId && change.kind === kind), {
      what: `the ${kind} of document ${documentId} on the stream`,
    });
    if (found === undefined) throw new Error('waitFor resolved without the change');
    return found;
  }

  it('answers 401 without a token, and a text/event-stream with a ready event with one', async () => {
    const anonymous = await fetch(`${server().baseUrl}/api/events`);
    expect(anonymous.status).toBe(401);
    const collector = await collectEvents(`${server().baseUrl}/api/events`, server().authHeaders(watcher.username));
    open.push(collector);
    expect(collector.status).toBe(200);
    expect(collector.contentType).toMatch(/^text\/event-stream/);
    expect(collector.events.map((event) => event.event)).toEqual(['ready']);
  });

  it("tells who may see the queue of an approval: the document, both queues and the approver's name", async () => {
    const watching = await stream(watcher);
    const doc = await documentIn(q.approval);
    await approve(approver, doc, q.approval);
    const change = await changeOf(watching, doc, 'approve');
    expect(change).toMatchObject({ documentId: doc, fromQueueId: q.approval, toQueueId: q.approved, byUserId: approver.id });
    expect(change.byName).not.toBe('');
  });

  it('gives a user without access to a queue nothing of it, neither the document nor that its count moved', async () => {
    const outsider = await stream(otherQueueOnly);
    const hidden = await documentIn(q.approval);
    await approve(approver, hidden, q.approval);
    // A change the outsider does see, committed after: once it is there, the earlier one would be too.
    const seen = await documentIn(q.other);
    const rowVersion = await documentRowVersion(server(), seen);
    const lock = await server().inject({
      method: 'POST',
      url: `/api/locks?docId=${seen}&queueId=${q.other}&rowConflictIds=${rowVersion}`,
      headers: server().authHeaders(approver.username),
    });
    expect(lock.statusCode).toBe(201);
    await changeOf(outsider, seen, 'lock');
    const changes = outsider.changes();
    expect(changes.some((change) => change.documentId === hidden)).toBe(false);
    expect(changes.some((change) => change.fromQueueId === q.approval || change.toQueueId === q.approval)).toBe(false);
    // Approved out of their queue into one they cannot see: their queue's count moved, the rest is withheld.
    await approve(approver, seen, q.other);
    const left = await waitFor(() => outsider.changes().find((change) => change.kind === 'approve' && change.fromQueueId === q.other), {
      what: "the approval out of the outsider's queue",
    });
    expect(left).toMatchObject({ documentId: null, toQueueId: null, byUserId: null, byName: '' });
  });

  it('announces nothing of a change rolled back', async () => {
    const watching = await stream(watcher);
    const rolledBack = await documentIn(q.approval);
    await expect(
      server()
        .deps.db.transaction()
        .execute(async (trx) => {
          const now = new Date().toISOString();
          await trx
            .insertInto('document_locks')
            .values({ document_id: rolledBack, user_id: approver.id, queue_id: q.approval, acquired_at: now, expires_at: now })
            .execute();
          throw new Error('rolled back on purpose');
        }),
    ).rejects.toThrow('rolled back on purpose');
    const committed = await documentIn(q.approval);
    await approve(approver, committed, q.approval);
    await changeOf(watching, committed, 'approve');
    expect(watching.changes().some((change) => change.documentId === rolledBack)).toBe(false);
  });

  it('tells of locks taken and released', async () => {
    const watching = await stream(watcher);
    const doc = await documentIn(q.approval);
    const headers = server().authHeaders(approver.username);
    const rowVersion = await documentRowVersion(server(), doc);
    const taken = await server().inject({
      method: 'POST',
      url: `/api/locks?docId=${doc}&queueId=${q.approval}&rowConflictIds=${rowVersion}`,
      headers,
    });
    expect(taken.statusCode).toBe(201);
    expect(await changeOf(watching, doc, 'lock')).toMatchObject({ fromQueueId: q.approval, byUserId: approver.id });
    const released = await server().inject({ method: 'DELETE', url: `/api/locks?docId=${doc}&queueId=${q.approval}`, headers });
    expect(released.statusCode).toBeLessThan(300);
    await changeOf(watching, doc, 'unlock');
  });

  it('announces a lock that expired by time, once, without anyone releasing it', async () => {
    const watching = await stream(watcher);
    const doc = await documentIn(q.approval);
    const rowVersion = await documentRowVersion(server(), doc);
    const taken = await server().inject({
      method: 'POST',
      url: `/api/locks?docId=${doc}&queueId=${q.approval}&rowConflictIds=${rowVersion}`,
      headers: server().authHeaders(approver.username),
    });
    expect(taken.statusCode).toBe(201);
    await changeOf(watching, doc, 'lock');
    // Its end moved into the past in the database (no write a trigger would see): only the sweep can tell of it.
    await server()
      .deps.db.updateTable('document_locks')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('document_id', '=', doc)
      .execute();
    // Within a few sweeps (LOCK_EXPIRY_SWEEP_MS), well inside the deadline.
    const expired = await waitFor(() => watching.changes().find((change) => change.documentId === doc && change.kind === 'unlock'), {
      what: `the expiry of the lock on document ${doc} on the stream`,
      timeoutMs: 30_000,
    });
    expect(expired).toMatchObject({ fromQueueId: q.approval });
    expect(await server().deps.db.selectFrom('document_locks').select('document_id').where('document_id', '=', doc).execute()).toEqual([]);
    // The row is gone, so no later sweep (here or in another process) tells of it again.
    const later = await documentIn(q.approval);
    await approve(approver, later, q.approval);
    await changeOf(watching, later, 'approve');
    expect(watching.changes().filter((change) => change.documentId === doc && change.kind === 'unlock')).toHaveLength(1);
  });

  it('resumes after Last-Event-ID with what was missed, and asks for a resync when that is no longer kept', async () => {
    const first = await stream(watcher);
    const before = await documentIn(q.approval);
    await approve(approver, before, q.approval);
    const seen = await changeOf(first, before, 'approve');
    first.close();
    const missed = await documentIn(q.approval);
    await approve(approver, missed, q.approval);
    const resumed = await stream(watcher, { 'last-event-id': String(seen.id) });
    expect((await changeOf(resumed, missed, 'approve')).id).toBeGreaterThan(Number(seen.id));
    expect(resumed.changes().some((change) => change.documentId === before)).toBe(false);
    const unknown = await stream(watcher, { 'last-event-id': '999999999' });
    await waitFor(() => unknown.events.some((event) => event.event === 'resync'), { what: 'a resync for an id no longer kept' });
    expect(unknown.events.map((event) => event.event).slice(0, 2)).toEqual(['ready', 'resync']);
  });

  itOn('postgres', dialect)('announces a change only once its transaction commits', async () => {
    const watching = await stream(watcher);
    const held = await documentIn(q.approval);
    let commit: () => void = () => undefined;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let inserted: () => void = () => undefined;
    const insertedPromise = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = server()
      .deps.db.transaction()
      .execute(async (trx) => {
        const now = new Date().toISOString();
        await trx
          .insertInto('document_locks')
          .values({ document_id: held, user_id: approver.id, queue_id: q.approval, acquired_at: now, expires_at: now })
          .execute();
        inserted();
        await committing;
      });
    await insertedPromise;
    // Another change commits while the first is open: it arrives, the open one does not.
    const other = await documentIn(q.approval);
    await approve(approver, other, q.approval);
    await changeOf(watching, other, 'approve');
    expect(watching.changes().some((change) => change.documentId === held)).toBe(false);
    commit();
    await transaction;
    await changeOf(watching, held, 'lock');
  });

  itOn('postgres', dialect)("two server instances on one schema see each other's changes", async () => {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(server().deps.db)).rows[0].schema;
    let second: Services | null = null;
    let app: FastifyInstance | null = null;
    try {
      // A data folder of its own (as another machine would have), the first one's token secret (as a deployment shares it).
      second = await openServices(
        { ...server().config, dataDir: await mkdtemp(join(tmpdir(), 'datahaven-second-')) },
        { postgresSchema: schema },
      );
      app = await buildServerApp({ ...second.deps, tokenSecret: server().deps.tokenSecret });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('The second instance has no TCP address.');
      const secondUrl = `http://127.0.0.1:${address.port}`;
      const onFirst = await stream(watcher);
      const onSecond = await stream(watcher, {}, secondUrl);
      const approvedOnSecond = await documentIn(q.approval);
      await approve(approver, approvedOnSecond, q.approval, secondUrl);
      const approvedOnFirst = await documentIn(q.approval);
      await approve(approver, approvedOnFirst, q.approval);
      await changeOf(onFirst, approvedOnSecond, 'approve');
      await changeOf(onSecond, approvedOnFirst, 'approve');
      expect((await changeOf(onSecond, approvedOnSecond, 'approve')).id).toBe((await changeOf(onFirst, approvedOnSecond, 'approve')).id);
      // A lock expiring by time: both instances sweep, one deletes it, and both streams hear of it once.
      const locked = await documentIn(q.approval);
      const taken = await server().inject({
        method: 'POST',
        url: `/api/locks?docId=${locked}&queueId=${q.approval}&rowConflictIds=${await documentRowVersion(server(), locked)}`,
        headers: server().authHeaders(approver.username),
      });
      expect(taken.statusCode).toBe(201);
      await changeOf(onSecond, locked, 'lock');
      await server()
        .deps.db.updateTable('document_locks')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('document_id', '=', locked)
        .execute();
      const expiredOnFirst = await waitFor(
        () => onFirst.changes().find((change) => change.documentId === locked && change.kind === 'unlock'),
        {
          what: 'the expiry on the first instance',
          timeoutMs: 30_000,
        },
      );
      const expiredOnSecond = await waitFor(
        () => onSecond.changes().find((change) => change.documentId === locked && change.kind === 'unlock'),
        { what: 'the expiry on the second instance', timeoutMs: 30_000 },
      );
      expect(expiredOnSecond?.id).toBe(expiredOnFirst?.id);
      // Closing an instance ends its open streams rather than waiting for them.
      await app.close();
      app = null;
      await waitFor(() => onSecond.ended(), { what: "the second instance's stream to end as it closes" });
      expect(onFirst.ended()).toBe(false);
    } finally {
      for (const collector of open.splice(0)) collector.close();
      await app?.close();
      await second?.close();
    }
  });
});
