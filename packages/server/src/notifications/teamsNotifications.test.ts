import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { DmsDocument } from '@datahaven/core/model';
import type { RecordedActivityNotification } from '../demo/registerDemoGraphRoutes';
import { createGroup, createUser, makePdf, unique } from '../test/factories';
import { startEntraAppTokenStandIn } from '../test/startEntraAppTokenStandIn';
import type { EntraAppTokenStandIn } from '../test/startEntraAppTokenStandIn';
import { startGraphNotificationStandIn } from '../test/startGraphNotificationStandIn';
import type { GraphNotificationStandIn } from '../test/startGraphNotificationStandIn';
import { describeOn, startTestServer, testDialects } from '../test/testServer';
import type { TestServer } from '../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  documentRowVersion,
  grantGroupQueueAccess,
  grantUserQueueAccess,
} from '../test/workflowFactories';
import { NOTIFICATION_BATCH_WINDOW_MS, QUEUE_ARRIVALS_JOB } from './recordQueueArrival';
import { TEAMS_NOTIFICATION_JOB } from './teamsNotificationJobHandler';

const TEAMS_APP_ID = '33333333-3333-4333-8333-333333333333';

interface Person {
  id: number;
  username: string;
  oid: string | null;
}

/** A loopback port nobody listens on: Graph "down". */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function pdfForm(name: string, content: Buffer): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  return data;
}

let entra: EntraAppTokenStandIn;
let graph: GraphNotificationStandIn;
beforeAll(async () => {
  entra = await startEntraAppTokenStandIn();
  graph = await startGraphNotificationStandIn(entra.authority);
});
afterAll(async () => {
  await graph?.close();
  await entra?.close();
});

for (const dialect of testDialects()) {
  describeOn(dialect)(`Teams notifications of documents arriving in a queue [${dialect}]`, () => {
    let server: TestServer;
    const queue = { l1: 0, l2: 0, l1Name: unique('Approval L1 '), l2Name: unique('Approval L2 ') };
    const people: Record<'clerk' | 'alice' | 'bob' | 'noEntra' | 'viewOnly' | 'outsider' | 'disabled', Person> = {} as never;

    beforeAll(async () => {
      server = await startTestServer(dialect, {
        env: {
          DATAHAVEN_ENTRA_CLIENT_ID: entra.clientId,
          DATAHAVEN_ENTRA_CLIENT_SECRET: entra.clientSecret,
          DATAHAVEN_ENTRA_AUTHORITY: entra.authority,
          DATAHAVEN_ENTRA_TENANTS: entra.tenantId,
          DATAHAVEN_GRAPH_URL: graph.graphUrl,
          DATAHAVEN_TEAMS_APP_ID: TEAMS_APP_ID,
        },
      });
      const type = await createQueueType(server);
      queue.l2 = await createQueue(server, type, { name: queue.l2Name });
      queue.l1 = await createQueue(server, type, { name: queue.l1Name, approveTo: queue.l2 });
      const approvers = await createGroup(server, unique('Approvers '), [
        'Cabinet: Import Documents',
        'Notes: View Only',
        ...WORKFLOW_PRIVILEGES,
      ]);
      for (const id of [queue.l1, queue.l2]) await grantGroupQueueAccess(server, approvers, id);
      const person = async (name: string, options: { groups?: number[]; entra?: boolean; disabled?: boolean }): Promise<Person> => {
        const user = await createUser(server, unique(name), { groups: options.groups ?? [], disabled: options.disabled });
        const oid = options.entra === false ? null : randomUUID();
        if (oid !== null)
          await server.deps.db
            .updateTable('users')
            .set({ entra_tenant_id: entra.tenantId, entra_object_id: oid })
            .where('id', '=', user.id)
            .execute();
        return { ...user, oid };
      };
      // The clerk drops the files and may approve too: nobody is told of what they moved themselves.
      people.clerk = await person('clerk', { groups: [approvers] });
      people.alice = await person('alice', { groups: [approvers] });
      people.bob = await person('bob', { groups: [approvers] });
      people.noEntra = await person('noentra', { groups: [approvers], entra: false });
      people.disabled = await person('gone', { groups: [approvers], disabled: true });
      // Sees and works in L1 with every privilege, but holds no Approve access there.
      people.viewOnly = await person('viewer', {});
      for (const name of WORKFLOW_PRIVILEGES) {
        const privilege = await server.deps.db.selectFrom('privileges').select('id').where('name', '=', name).executeTakeFirstOrThrow();
        await server.deps.db
          .insertInto('user_privileges')
          .values({ user_id: people.viewOnly.id, privilege_id: privilege.id, value: 1 })
          .execute();
      }
      await grantUserQueueAccess(server, people.viewOnly.id, queue.l1, ['AccessDocumentWithin', 'ViewDocumentsWithin', 'Route']);
      people.outsider = await person('outsider', {});
    });
    afterAll(async () => {
      await server?.close();
    });

    const importInto = async (queueId: number, user: Person, name: string, language?: string): Promise<number> => {
      const response = await server.inject({
        method: 'POST',
        url: `/api/queues/${queueId}/documents`,
        headers: { ...server.authHeaders(user.username), ...(language === undefined ? {} : { 'accept-language': language }) },
        // Another scan each time (its own bytes): the same file twice would be a possible duplicate (issue 35).
        payload: pdfForm(name, await makePdf(1, unique('Arriving invoice '))),
      });
      expect(response.statusCode).toBe(201);
      return response.json<DmsDocument[]>()[0].id;
    };
    const recordedFor = async (queueName: string): Promise<RecordedActivityNotification[]> =>
      (await graph.notifications()).filter((notification) => notification.topic.value === queueName);
    /**
     * Closes the batching window (by the database clock the jobs run by) and runs the batch job,
     * then the send jobs it wrote (the server's runner is woken for those by its job signal).
     */
    const afterWindow = async (): Promise<void> => {
      server.advanceDatabaseClock(NOTIFICATION_BATCH_WINDOW_MS);
      await server.runJobs([QUEUE_ARRIVALS_JOB]);
      await server.runJobs([TEAMS_NOTIFICATION_JOB]);
    };
    const deepLinkOf = (notification: RecordedActivityNotification): { path: string; context: unknown } => {
      const url = new URL(notification.topic.webUrl);
      return { path: `${url.origin}${url.pathname}`, context: JSON.parse(url.searchParams.get('context') ?? 'null') };
    };

    it('three documents dropped on L1 make one notification per eligible approver: count 3, deep link to the first', async () => {
      const first = await importInto(queue.l1, people.clerk, 'Scan 1.pdf');
      await importInto(queue.l1, people.clerk, 'Scan 2.pdf');
      await importInto(queue.l1, people.clerk, 'Scan 3.pdf');
      const pending = await server.deps.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', QUEUE_ARRIVALS_JOB)
        .where('subject', '=', String(queue.l1))
        .where('state', '=', 'pending')
        .execute();
      expect(pending).toHaveLength(1);
      // Within the window nothing is sent yet.
      await server.runJobs([QUEUE_ARRIVALS_JOB, TEAMS_NOTIFICATION_JOB]);
      expect(await recordedFor(queue.l1Name)).toEqual([]);

      await afterWindow();
      const recorded = await recordedFor(queue.l1Name);
      expect(recorded.map((n) => n.userId).sort()).toEqual([people.alice.oid, people.bob.oid].sort());
      for (const notification of recorded) {
        expect(notification).toMatchObject({
          tenantId: entra.tenantId,
          activityType: 'documentsArrived',
          topic: { source: 'text', value: queue.l1Name },
          previewText: { content: `3 documents arrived in ${queue.l1Name}` },
          templateParameters: [
            { name: 'count', value: '3' },
            { name: 'queue', value: queue.l1Name },
          ],
        });
        expect(deepLinkOf(notification)).toEqual({
          path: `https://teams.microsoft.com/l/entity/${TEAMS_APP_ID}/datahaven-queue-${queue.l1}`,
          context: { subEntityId: `document:${first}` },
        });
      }
      const rows = await server.deps.db
        .selectFrom('teams_notifications')
        .select(['user_id', 'state', 'document_count'])
        .where('queue_id', '=', queue.l1)
        .execute();
      expect(rows.map((row) => row.user_id).sort((a, b) => a - b)).toEqual([people.alice.id, people.bob.id].sort((a, b) => a - b));
      expect(rows.every((row) => row.state === 'sent' && row.document_count === 3)).toBe(true);
      expect(await server.deps.db.selectFrom('queue_arrivals').select('id').where('queue_id', '=', queue.l1).execute()).toEqual([]);
    });

    it('nobody without Approve access, without an Entra identity, disabled or outside the queue is told; a rerun sends nothing twice', async () => {
      const told = new Set((await recordedFor(queue.l1Name)).map((n) => n.userId));
      for (const who of [people.viewOnly, people.outsider, people.disabled, people.clerk]) expect(told.has(who.oid ?? '')).toBe(false);
      const users = await server.deps.db.selectFrom('teams_notifications').select('user_id').where('queue_id', '=', queue.l1).execute();
      expect(users.map((row) => row.user_id)).not.toContain(people.noEntra.id);
      const before = (await graph.notifications()).length;
      await afterWindow();
      expect((await graph.notifications()).length).toBe(before);
    });

    it("an approval into L2 is news for L2's approvers; Graph's 429 with Retry-After is waited out and the notification delivered", async () => {
      const doc = await importInto(queue.l1, people.clerk, 'Scan 4.pdf');
      const approved = await server.inject({
        method: 'PUT',
        url: '/api/documents/approval',
        headers: server.authHeaders(people.alice.username),
        payload: { docId: [doc], rowConflictIds: [await documentRowVersion(server, doc)], expectedQueueId: queue.l1 },
      });
      expect(approved.statusCode).toBe(200);
      const throttledBefore = await graph.throttled();
      await graph.throttleOnce(1);
      await afterWindow();
      expect(await graph.throttled()).toBe(throttledBefore + 1);
      // In L1 it is gone again before the window closed: no news there.
      expect((await recordedFor(queue.l1Name)).length).toBe(2);
      const recorded = await recordedFor(queue.l2Name);
      // Alice approved it: Bob and the clerk hear of it, one of them after a 429.
      expect(recorded.map((n) => n.userId).sort()).toEqual([people.bob.oid, people.clerk.oid].sort());
      expect(recorded[0].previewText.content).toBe(`1 document arrived in ${queue.l2Name}`);
      expect(deepLinkOf(recorded[0]).context).toEqual({ subEntityId: `document:${doc}` });
      const rows = await server.deps.db
        .selectFrom('teams_notifications')
        .select(['state', 'last_error'])
        .where('queue_id', '=', queue.l2)
        .execute();
      expect(rows).toEqual([
        { state: 'sent', last_error: null },
        { state: 'sent', last_error: null },
      ]);
    });

    it('words the notification in the language of the request that moved the documents: German for an import asked in de-DE', async () => {
      await importInto(queue.l1, people.clerk, 'Scan 5.pdf', 'de-DE,de;q=0.9');
      await afterWindow();
      const german = (await recordedFor(queue.l1Name)).filter(
        (n) => n.previewText.content === `1 Beleg ist in ${queue.l1Name} eingegangen`,
      );
      expect(german.map((n) => n.userId).sort()).toEqual([people.alice.oid, people.bob.oid].sort());
      const rows = await server.deps.db
        .selectFrom('teams_notifications')
        .select('language')
        .where('queue_id', '=', queue.l1)
        .where('document_count', '=', 1)
        .execute();
      expect(rows.map((row) => row.language)).toEqual(['de', 'de']);
    });

    it('Graph down: the send job fails in words and is retried later; the server goes on', async () => {
      const graphUrl = server.config.teams.graphUrl;
      server.config.teams.graphUrl = `http://127.0.0.1:${await closedPort()}/v1.0`;
      try {
        await importInto(queue.l1, people.clerk, 'Scan 5.pdf');
        await afterWindow();
      } finally {
        server.config.teams.graphUrl = graphUrl;
      }
      const jobs = await server.deps.db
        .selectFrom('jobs')
        .select(['state', 'last_error', 'attempts'])
        .where('kind', '=', TEAMS_NOTIFICATION_JOB)
        .where('state', '!=', 'done')
        .execute();
      expect(jobs).toHaveLength(2);
      for (const job of jobs) {
        expect(job.state).toBe('pending');
        expect(job.attempts).toBe(1);
        expect(job.last_error).toMatch(
          /^Microsoft Graph could not be reached for the Teams activity notification to user [0-9a-f-]{36} \(tenant [0-9a-f-]{36}\) \(http:\/\/127\.0\.0\.1:\d+\/v1\.0\/users\/.+\): .*ECONNREFUSED.*; gave up after 4 attempts\.$/,
        );
      }
      const pending = await server.deps.db
        .selectFrom('teams_notifications')
        .select(['state', 'last_error'])
        .where('queue_id', '=', queue.l1)
        .where('state', '=', 'pending')
        .execute();
      expect(pending).toHaveLength(2);
      expect(pending.every((row) => (row.last_error ?? '').startsWith('Microsoft Graph could not be reached'))).toBe(true);
      expect((await server.inject({ url: '/api/version' })).statusCode).toBe(200);

      // Graph is back: the runner's next try (after its 30 s backoff, by the database clock) delivers.
      server.advanceDatabaseClock(31_000);
      await server.runJobs([TEAMS_NOTIFICATION_JOB]);
      const l1 = await recordedFor(queue.l1Name);
      expect(
        l1
          .filter((n) => n.previewText.content === `1 document arrived in ${queue.l1Name}`)
          .map((n) => n.userId)
          .sort(),
      ).toEqual([people.alice.oid, people.bob.oid].sort());
    });
  });
}
