import { randomUUID } from 'node:crypto';
import { FEATURES1, FEATURES2 } from '@datahaven/core/model';
import type { DmsDocument, QueueDocumentsPage } from '@datahaven/core/model';
import { MESSAGES, autoRouteEndsIn, noAutoRouteFrom } from '@datahaven/core/rules';
import { startEntraAppTokenStandIn } from '../../test/startEntraAppTokenStandIn';
import type { EntraAppTokenStandIn } from '../../test/startEntraAppTokenStandIn';
import { startGraphNotificationStandIn } from '../../test/startGraphNotificationStandIn';
import type { GraphNotificationStandIn } from '../../test/startGraphNotificationStandIn';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { describeOn, startTestServer, testDialects } from '../../test/testServer';
import type { TestServer } from '../../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
  grantUserQueueAccess,
  grantWorkflowPrivileges,
  placeInQueue,
  unlinkDocument,
} from '../../test/workflowFactories';
import type { QueueAccessFlag } from '../../access';
import { TEAMS_NOTIFICATION_JOB } from '../../notifications/teamsNotificationJobHandler';

const TEAMS_APP_ID = '44444444-4444-4444-8444-444444444444';
const CLERK_FLAGS: QueueAccessFlag[] = ['BrowseToQueue', 'AccessDocumentWithin', 'SearchWithin', 'ViewDocumentsWithin', 'Route', 'Reject'];
const READ_FLAGS: QueueAccessFlag[] = ['BrowseToQueue', 'AccessDocumentWithin', 'SearchWithin', 'ViewDocumentsWithin'];

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
  describeOn(dialect)(`Send for approval along the auto-route, and reject reasons [${dialect}]`, () => {
    let server: TestServer;
    let world: World;
    let approver: { id: number; username: string };
    let routeOnly: { id: number; username: string };
    const q = { inbox: 0, other: 0, coding: 0, l1: 0, l2: 0, rejected: 0, island: 0, noted: 0 };

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
      world = await createWorld(server);
      await grantWorkflowPrivileges(server, world.clerk.id);
      await server.deps.db
        .updateTable('users')
        .set({ entra_tenant_id: entra.tenantId, entra_object_id: randomUUID() })
        .where('id', '=', world.clerk.id)
        .execute();
      const type = await createQueueType(server);
      const include = FEATURES2.IncludeInAutoRoute;
      q.rejected = await createQueue(server, type, { name: unique('Rejected ') });
      q.l2 = await createQueue(server, type, { name: unique('Approval L2 '), features2: include, rejectTo: q.rejected });
      q.l1 = await createQueue(server, type, {
        name: unique('Approval L1 '),
        features1: FEATURES1.RejectFromNoteRequired,
        features2: include,
        approveTo: q.l2,
        rejectTo: q.rejected,
      });
      q.coding = await createQueue(server, type, {
        name: unique('Coding '),
        features1: FEATURES1.WorkflowSkipOnAutoroute | FEATURES1.BlockRouteUnlinked,
        features2: include,
      });
      // Routed to first, but not on the auto-route: Send for approval never goes there.
      q.other = await createQueue(server, type, { name: unique('Side queue ') });
      q.inbox = await createQueue(server, type, { name: unique('AP Inbox ') });
      q.island = await createQueue(server, type, { name: unique('Island ') });
      q.noted = await createQueue(server, type, { name: unique('Noted inbox ') });
      for (const [from, to] of [
        [q.inbox, q.other],
        [q.inbox, q.coding],
        [q.coding, q.l1],
        [q.l1, q.l2],
        [q.l1, q.rejected],
        [q.rejected, q.coding],
        [q.noted, q.l2],
      ])
        await createRoute(server, from, to);
      await server.deps.db.updateTable('queues').set({ features1: FEATURES1.RouteToNoteRequired }).where('id', '=', q.l2).execute();
      for (const id of [q.inbox, q.coding, q.rejected, q.island, q.noted])
        await grantUserQueueAccess(server, world.clerk.id, id, CLERK_FLAGS);
      for (const id of [q.l1, q.l2]) await grantUserQueueAccess(server, world.clerk.id, id, READ_FLAGS);
      const approvers = await createGroup(server, unique('Approvers '), ['Notes: View Only', ...WORKFLOW_PRIVILEGES]);
      await grantTableAccess(server, approvers, world.table.sitId);
      for (const id of [q.l1, q.l2, q.rejected]) await grantGroupQueueAccess(server, approvers, id);
      approver = await createUser(server, unique('approver'), { groups: [approvers] });
      // Route access in the inbox but not in Coding: the second hop is refused.
      routeOnly = await createUser(server, unique('routeonly'), { groups: [approvers] });
      await grantUserQueueAccess(server, routeOnly.id, q.inbox, CLERK_FLAGS);
      await grantUserQueueAccess(server, routeOnly.id, q.coding, READ_FLAGS);
    });
    afterAll(async () => {
      await server?.close();
    });

    const newInvoice = async (queueId: number): Promise<number> => {
      const id = await createDocument(server, {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: `${unique('Invoice ')}.pdf`,
        content: await makePdf(1, unique('Invoice ')),
        uploader: world.clerk,
      });
      await placeInQueue(server, id, queueId);
      return id;
    };
    const send = (username: string, queueId: number, docIds: number[], versions: number[], note?: string) =>
      server.inject({
        method: 'PUT',
        url: '/api/documents/send-for-approval',
        headers: server.authHeaders(username),
        payload: { docId: docIds, rowConflictIds: versions, expectedQueueId: queueId, ...(note === undefined ? {} : { note }) },
      });
    const queueOf = async (id: number): Promise<number | null> =>
      (await server.deps.db.selectFrom('documents').select('queue_id').where('id', '=', id).executeTakeFirstOrThrow()).queue_id;
    const historyOf = async (id: number) =>
      server.deps.db
        .selectFrom('workflow_history')
        .select(['action', 'from_queue_id', 'to_queue_id', 'user_id', 'note'])
        .where('document_id', '=', id)
        .orderBy('id')
        .execute();

    it('moves the documents through the queues passed over to the first that takes a decision, as routes with one note', async () => {
      const a = await newInvoice(q.inbox);
      const b = await newInvoice(q.inbox);
      const response = await send(
        world.clerk.username,
        q.inbox,
        [a, b],
        [await documentRowVersion(server, a), await documentRowVersion(server, b)],
        'Coded, please approve',
      );
      expect(response.statusCode).toBe(200);
      const answer = response.json<{
        documents: { id: number; queueId: number }[];
        queueId: number;
        queueName: string;
        passedQueueIds: number[];
      }>();
      expect(answer.queueId).toBe(q.l1);
      expect(answer.queueName).toMatch(/^Approval L1 /);
      expect(answer.passedQueueIds).toEqual([q.coding]);
      expect(answer.documents.map((doc) => doc.queueId)).toEqual([q.l1, q.l1]);
      expect(await queueOf(a)).toBe(q.l1);
      expect(await historyOf(a)).toEqual([
        { action: 'route', from_queue_id: q.inbox, to_queue_id: q.coding, user_id: world.clerk.id, note: 'Coded, please approve' },
        { action: 'route', from_queue_id: q.coding, to_queue_id: q.l1, user_id: world.clerk.id, note: 'Coded, please approve' },
      ]);
      const userNotes = await server.deps.db
        .selectFrom('notes')
        .select('text')
        .where('document_id', '=', a)
        .where('kind', '=', 'user')
        .execute();
      expect(userNotes.map((note) => note.text)).toEqual(['Coded, please approve']);
      // Only the queue it stopped in hears of it.
      const arrivals = await server.deps.db.selectFrom('queue_arrivals').select('queue_id').where('document_id', '=', a).execute();
      expect(arrivals.map((row) => row.queue_id)).toEqual([q.l1]);
    });

    it('refuses in words, and moves nothing, where a route by hand would be refused or no auto-route leads on', async () => {
      const linked = await newInvoice(q.inbox);
      const unlinked = await newInvoice(q.inbox);
      await unlinkDocument(server, unlinked);
      const versions = [await documentRowVersion(server, linked), await documentRowVersion(server, unlinked)];
      // Coding blocks unlinked documents from leaving: the whole send stops.
      const blocked = await send(world.clerk.username, q.inbox, [linked, unlinked], versions);
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json<{ message: string }>().message).toMatch(/link/i);
      expect([await queueOf(linked), await queueOf(unlinked)]).toEqual([q.inbox, q.inbox]);
      expect(await historyOf(linked)).toEqual([]);

      const island = await newInvoice(q.island);
      const none = await send(world.clerk.username, q.island, [island], [await documentRowVersion(server, island)]);
      expect(none.statusCode).toBe(400);
      expect(none.json<{ message: string }>().message).toBe(
        noAutoRouteFrom(
          (await server.deps.db.selectFrom('queues').select('name').where('id', '=', q.island).executeTakeFirstOrThrow()).name,
        ),
      );

      // L2 asks for a note on the way in (RouteToNoteRequired): the spec's words.
      const noted = await newInvoice(q.noted);
      const noNote = await send(world.clerk.username, q.noted, [noted], [await documentRowVersion(server, noted)]);
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json<{ message: string }>().message).toMatch(
        /^A note is required to route the selected documents to the queue Approval L2 /,
      );

      // No Route access in Coding: refused at the second hop, the first undone.
      const second = await send(routeOnly.username, q.inbox, [linked], [versions[0]]);
      expect(second.statusCode).toBe(403);
      expect(await queueOf(linked)).toBe(q.inbox);

      const outsider = await send(world.outsider.username, q.inbox, [linked], [versions[0]]);
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json<{ message: string }>().message).toBe("Sending documents for approval needs the 'Workflow Route: OK' privilege.");

      const stale = await send(world.clerk.username, q.inbox, [linked], [versions[0] + 7]);
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toBe(MESSAGES.queueOutOfSync);
      expect(await queueOf(linked)).toBe(q.inbox);
    });

    it('says where an auto-route of skipped queues runs out', async () => {
      await server.deps.db.updateTable('queues').set({ enabled: 0 }).where('id', '=', q.l1).execute();
      try {
        const doc = await newInvoice(q.inbox);
        const response = await send(world.clerk.username, q.inbox, [doc], [await documentRowVersion(server, doc)]);
        expect(response.statusCode).toBe(400);
        const coding = await server.deps.db.selectFrom('queues').select('name').where('id', '=', q.coding).executeTakeFirstOrThrow();
        expect(response.json<{ message: string }>().message).toBe(autoRouteEndsIn(coding.name));
      } finally {
        await server.deps.db.updateTable('queues').set({ enabled: 1 }).where('id', '=', q.l1).execute();
      }
    });

    it('a reject needs its reason where the queue says so; the reason is stored, listed in Rejected and sent to whoever sent the document', async () => {
      const doc = await newInvoice(q.inbox);
      const sent = await send(world.clerk.username, q.inbox, [doc], [await documentRowVersion(server, doc)]);
      expect(sent.statusCode).toBe(200);
      const reject = (reason?: string) =>
        server.inject({
          method: 'PUT',
          url: '/api/documents/reject',
          headers: server.authHeaders(approver.username),
          payload: {
            docId: [doc],
            rowConflictIds: [sent.json<{ documents: { rowVersion: number }[] }>().documents[0].rowVersion],
            expectedQueueId: q.l1,
            ...(reason === undefined ? {} : { rejectionNote: reason }),
          },
        });
      const without = await reject();
      expect(without.statusCode).toBe(400);
      expect(without.json<{ message: string }>().message).toBe(MESSAGES.noteRequired);
      expect(await queueOf(doc)).toBe(q.l1);

      const rejected = await reject('Wrong amount: the PO says 1,200.00');
      expect(rejected.statusCode).toBe(200);
      expect(await queueOf(doc)).toBe(q.rejected);
      const last = (await historyOf(doc)).at(-1);
      expect(last).toMatchObject({ action: 'reject', note: 'Wrong amount: the PO says 1,200.00', user_id: approver.id });

      const listing = await server.inject({ url: `/api/queues/${q.rejected}/workflow`, headers: server.authHeaders(world.clerk.username) });
      expect(listing.statusCode).toBe(200);
      const row = listing.json<QueueDocumentsPage>().documents.find((d: DmsDocument) => d.id === doc);
      expect(row?.rejection).toMatchObject({ reason: 'Wrong amount: the PO says 1,200.00', rejectedBy: `${approver.username} Test` });
      expect(row?.rejection?.fromQueueName).toMatch(/^Approval L1 /);

      await server.runJobs([TEAMS_NOTIFICATION_JOB]);
      const clerkOid = (
        await server.deps.db.selectFrom('users').select('entra_object_id').where('id', '=', world.clerk.id).executeTakeFirstOrThrow()
      ).entra_object_id;
      // The stand-in is shared by the dialects' runs: this run's clerk's notices only.
      const notices = (await graph.notifications()).filter((n) => n.activityType === 'documentRejected' && n.userId === clerkOid);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        userId: clerkOid,
        previewText: { content: expect.stringContaining('was rejected: Wrong amount: the PO says 1,200.00') },
      });
      expect(notices[0].templateParameters).toContainEqual({ name: 'reason', value: 'Wrong amount: the PO says 1,200.00' });

      // Every viewer reads the same reject (GET /documents/{id}/rejection); a document the caller does not see is 404.
      const shown = await server.inject({ url: `/api/documents/${doc}/rejection`, headers: server.authHeaders(world.clerk.username) });
      expect(shown.statusCode).toBe(200);
      expect(shown.json<{ rejection: unknown }>().rejection).toEqual({ ...row?.rejection });
      const hidden = await server.inject({ url: `/api/documents/${doc}/rejection`, headers: server.authHeaders(world.outsider.username) });
      expect(hidden.statusCode).toBe(404);

      // Sent on again from Rejected, the old reason no longer shows.
      const again = await send(world.clerk.username, q.rejected, [doc], [await documentRowVersion(server, doc)]);
      expect(again.statusCode).toBe(200);
      expect(again.json<{ queueId: number }>().queueId).toBe(q.l1);
      const l1 = await server.inject({ url: `/api/queues/${q.l1}/workflow`, headers: server.authHeaders(approver.username) });
      expect(l1.json<QueueDocumentsPage>().documents.find((d: DmsDocument) => d.id === doc)?.rejection).toBeNull();
      const gone = await server.inject({ url: `/api/documents/${doc}/rejection`, headers: server.authHeaders(world.clerk.username) });
      expect(gone.json<{ rejection: unknown }>()).toEqual({ rejection: null });
    });

    it("says where Send for approval would take a queue's documents, and null where it leads nowhere for the caller", async () => {
      const preview = async (username: string, queueId: number) => {
        const response = await server.inject({ url: `/api/queues/${queueId}/send-for-approval`, headers: server.authHeaders(username) });
        expect(response.statusCode).toBe(200);
        return response.json<{ sendForApproval: { queueId: number; queueName: string; passedQueueIds: number[] } | null }>()
          .sendForApproval;
      };
      const l1Name = (await server.deps.db.selectFrom('queues').select('name').where('id', '=', q.l1).executeTakeFirstOrThrow()).name;
      expect(await preview(world.clerk.username, q.inbox)).toEqual({ queueId: q.l1, queueName: l1Name, passedQueueIds: [q.coding] });
      expect(await preview(world.clerk.username, q.rejected)).toEqual({ queueId: q.l1, queueName: l1Name, passedQueueIds: [q.coding] });
      // No auto-route out of the island; L1 itself routes on to L2 only, which is no step of the auto-route from there for the clerk (read access only).
      expect(await preview(world.clerk.username, q.island)).toBeNull();
      expect(await preview(world.clerk.username, q.l1)).toBeNull();
      // No privilege, or no access to the queue at all: nothing named.
      expect(await preview(world.outsider.username, q.inbox)).toBeNull();
      expect(await preview(approver.username, q.inbox)).toBeNull();
      // A path that runs out in a skipped queue leads nowhere either.
      await server.deps.db.updateTable('queues').set({ enabled: 0 }).where('id', '=', q.l1).execute();
      try {
        expect(await preview(world.clerk.username, q.inbox)).toBeNull();
      } finally {
        await server.deps.db.updateTable('queues').set({ enabled: 1 }).where('id', '=', q.l1).execute();
      }
      const bad = await server.inject({ url: '/api/queues/abc/send-for-approval', headers: server.authHeaders(world.clerk.username) });
      expect(bad.statusCode).toBe(400);
    });
  });
}
