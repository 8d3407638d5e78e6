import { FEATURES1, FEATURES2 } from '@datahaven/core/model';
import { MESSAGES, approvalAmountUnknown, approvalLimitExceeded, approvalLimitUnchecked } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, createWorld, grantTableAccess, unique } from '../test/factories';
import type { World } from '../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
  unlinkDocument,
  placeInQueue,
} from '../test/workflowFactories';

/** PI-1004 of CRONUS (Litware) and PI-1001 of CRONUS-CA, as the demo ERP holds them. */
const PI_1004 = '8a4f2e6b-1c9d-4b3a-8e02-000000001004';
const CA_PI_1001 = '9b5a3f7c-2d1e-4c4b-9f03-000000001001';
/** A purchase invoice id the ERP has never held. */
const GONE = '8a4f2e6b-1c9d-4b3a-8e02-00000000dead';

interface User {
  id: number;
  username: string;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`approval limits on PUT /api/documents/approval, with the amounts of the demo ERP [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let world: World;
    let sitId: number;
    /** PI-1004's totalAmountIncludingTax (USD) and CA PI-1001's (CAD), read from the ERP. */
    let amount: number;
    let caAmount: number;
    const q = { l1: 0, l2: 0, done: 0, capped: 0, linkOnApproval: 0, warnUnlinked: 0 };
    let junior: User;
    let senior: User;
    let unlimited: User;

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      world = await createWorld(server);
      sitId = (
        await server.deps.db
          .insertInto('integrated_tables')
          .values({
            external_table_id: 38,
            source_type_id: 2,
            entity_type_name: 'bc:Microsoft.NAV.PurchaseHeader',
            label: 'Purchase Invoice',
            product_type: 'bc',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const source = server.deps.entitySources.source('bc');
      amount = Number((await source.get('purchaseInvoices', PI_1004, { company: 'CRONUS' }))?.totalAmountIncludingTax);
      caAmount = Number((await source.get('purchaseInvoices', CA_PI_1001, { company: 'CRONUS-CA' }))?.totalAmountIncludingTax);
      expect(amount).toBeGreaterThan(100);
      expect(caAmount).toBeGreaterThan(100);

      const type = await createQueueType(server);
      q.done = await createQueue(server, type, { name: unique('Approved ') });
      q.l2 = await createQueue(server, type, { name: unique('Approval L2 '), approveTo: q.done });
      q.l1 = await createQueue(server, type, { name: unique('Approval L1 '), approveTo: q.l2 });
      q.capped = await createQueue(server, type, { name: unique('Capped '), approveTo: q.done });
      await server.deps.db.updateTable('queues').set({ approval_limit: 100 }).where('id', '=', q.capped).execute();
      q.linkOnApproval = await createQueue(server, type, {
        name: unique('Link on approval '),
        approveTo: q.done,
        features2: FEATURES2.LinkOnApprovalRequired,
      });
      q.warnUnlinked = await createQueue(server, type, {
        name: unique('Warn unlinked '),
        approveTo: q.done,
        features1: FEATURES1.WarnApproveUnlinked,
      });
      await createRoute(server, q.l1, q.l2);

      // Juniors may approve up to just below PI-1004's amount, seniors well above it; a plain group
      // without a limit (everyone's) neither limits nor lifts theirs.
      const group = async (limit: number | null): Promise<number> => {
        const id = await createGroup(server, unique('Approvers '), [...WORKFLOW_PRIVILEGES]);
        if (limit !== null)
          await server.deps.db.updateTable('groups').set({ approval_limit: limit, has_approval_limit: 1 }).where('id', '=', id).execute();
        await grantTableAccess(server, id, sitId);
        for (const queue of Object.values(q)) await grantGroupQueueAccess(server, id, queue);
        return id;
      };
      const juniors = await group(Math.floor(amount) - 1);
      const seniors = await group(Math.ceil(amount) + 1000);
      const everyone = await group(null);
      junior = await createUser(server, unique('junior'), { groups: [juniors, everyone] });
      senior = await createUser(server, unique('senior'), { groups: [seniors, juniors] });
      unlimited = await createUser(server, unique('unlimited'), { groups: [everyone] });
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    /** A new document on a purchase invoice, in a queue. */
    const invoiceIn = async (queueId: number, recordId = PI_1004, dataAreaId = 'CRONUS'): Promise<{ id: number; rowVersion: number }> => {
      const id = await createDocument(server, { sitId, recordId, dataAreaId, fileName: 'LW-5531.pdf', uploader: world.clerk });
      await placeInQueue(server, id, queueId);
      return { id, rowVersion: await documentRowVersion(server, id) };
    };
    const act = (
      user: User,
      path: 'approval' | 'route',
      docs: { id: number; rowVersion: number }[],
      expectedQueueId: number,
      extra: Record<string, unknown> = {},
    ) =>
      server.inject({
        method: 'PUT',
        url: `/api/documents/${path}`,
        headers: server.authHeaders(user.username),
        payload: { docId: docs.map((d) => d.id), rowConflictIds: docs.map((d) => d.rowVersion), expectedQueueId, ...extra },
      });
    const queueOf = async (id: number): Promise<number | null> =>
      (await server.deps.db.selectFrom('documents').select('queue_id').where('id', '=', id).executeTakeFirstOrThrow()).queue_id;

    it('refuses an approval over the group limit in words and moves nothing; the junior routes it to the next level, where a senior approves it within theirs', async () => {
      const doc = await invoiceIn(q.l1);
      const l1Name = (await server.deps.db.selectFrom('queues').select('name').where('id', '=', q.l1).executeTakeFirstOrThrow()).name;
      const refused = await act(junior, 'approval', [doc], q.l1);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        statusCode: 400,
        exceptionType: 'ValidationError',
        message: approvalLimitExceeded(amount, 'USD', 'LW-5531.pdf', Math.floor(amount) - 1, l1Name),
      });
      expect(refused.json<{ message: string }>().message).toMatch(
        /^The amount [\d,]+\.\d\d USD of LW-5531\.pdf is over your approval limit of [\d,]+\.00 USD in queue Approval L1 \d+\.$/,
      );
      expect(await queueOf(doc.id)).toBe(q.l1);

      const routed = await act(junior, 'route', [doc], q.l1, { to: q.l2 });
      expect(routed.statusCode).toBe(200);
      const approved = await act(senior, 'approval', [{ id: doc.id, rowVersion: doc.rowVersion + 1 }], q.l2);
      expect(approved.statusCode).toBe(200);
      expect(await queueOf(doc.id)).toBe(q.done);
      const history = await server.deps.db
        .selectFrom('workflow_history')
        .select(['action', 'user_id'])
        .where('document_id', '=', doc.id)
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        { action: 'route', user_id: junior.id },
        { action: 'approve', user_id: senior.id },
      ]);
    });

    it('an approver without any limit approves whatever the amount', async () => {
      const doc = await invoiceIn(q.l2);
      expect((await act(unlimited, 'approval', [doc], q.l2)).statusCode).toBe(200);
      expect(await queueOf(doc.id)).toBe(q.done);
    });

    it("a queue's limit binds every approver in it, the lower of group and queue limit applies, and a bulk approval is refused whole", async () => {
      const capName = (await server.deps.db.selectFrom('queues').select('name').where('id', '=', q.capped).executeTakeFirstOrThrow()).name;
      const first = await invoiceIn(q.capped);
      const second = await invoiceIn(q.capped);
      for (const user of [unlimited, senior]) {
        const refused = await act(user, 'approval', [first, second], q.capped);
        expect(refused.statusCode).toBe(400);
        expect(refused.json<{ message: string }>().message).toBe(approvalLimitExceeded(amount, 'USD', 'LW-5531.pdf', 100, capName));
      }
      expect([await queueOf(first.id), await queueOf(second.id)]).toEqual([q.capped, q.capped]);
      // The limit reads in the record's currency: a CRONUS-CA invoice is compared in CAD.
      const canadian = await invoiceIn(q.capped, CA_PI_1001, 'CRONUS-CA');
      expect((await act(senior, 'approval', [canadian], q.capped)).json<{ message: string }>().message).toBe(
        approvalLimitExceeded(caAmount, 'CAD', 'LW-5531.pdf', 100, capName),
      );
      await server.deps.db
        .updateTable('queues')
        .set({ approval_limit: Math.ceil(amount) })
        .where('id', '=', q.capped)
        .execute();
      expect((await act(senior, 'approval', [first, second], q.capped)).statusCode).toBe(200);
    });

    it("unlinked documents: an approver with a limit cannot approve one (issue 35), one without passes Warn; LinkOnApprovalRequired refuses with 'Document Link Required'", async () => {
      const warned = await invoiceIn(q.warnUnlinked);
      await unlinkDocument(server, warned.id);
      const warnName = (await server.deps.db.selectFrom('queues').select('name').where('id', '=', q.warnUnlinked).executeTakeFirstOrThrow())
        .name;
      const refused = await act(junior, 'approval', [warned], q.warnUnlinked);
      expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
        400,
        approvalAmountUnknown('LW-5531.pdf', warnName, false),
      ]);
      expect((await act(unlimited, 'approval', [warned], q.warnUnlinked)).statusCode).toBe(200);

      const unlinked = await invoiceIn(q.linkOnApproval);
      await unlinkDocument(server, unlinked.id);
      const linked = await invoiceIn(q.linkOnApproval, CA_PI_1001, 'CRONUS-CA');
      const single = await act(unlimited, 'approval', [unlinked], q.linkOnApproval);
      expect(single.statusCode).toBe(400);
      expect(single.json<{ message: string }>().message).toBe(MESSAGES.documentLinkRequired);
      expect((await act(unlimited, 'approval', [linked, unlinked], q.linkOnApproval)).json<{ message: string }>().message).toBe(
        MESSAGES.linkedDocumentsRequired,
      );
      expect(await queueOf(unlinked.id)).toBe(q.linkOnApproval);
      expect((await act(unlimited, 'approval', [linked], q.linkOnApproval)).statusCode).toBe(200);
    });

    it('a linked record the ERP no longer holds cannot be checked: refused in words; with the ERP down, 503 in its words and nothing moves', async () => {
      const gone = await invoiceIn(q.l2, GONE);
      const l2Name = (await server.deps.db.selectFrom('queues').select('name').where('id', '=', q.l2).executeTakeFirstOrThrow()).name;
      const refused = await act(junior, 'approval', [gone], q.l2);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(approvalLimitUnchecked('LW-5531.pdf', l2Name));

      const doc = await invoiceIn(q.l2);
      await demo.stop();
      const down = await act(senior, 'approval', [doc], q.l2);
      expect(down.statusCode).toBe(503);
      expect(down.json<{ message: string }>().message).toMatch(/Business Central/);
      expect(await queueOf(doc.id)).toBe(q.l2);
      // An approver without a limit reads no amount: the ERP being down does not stop them.
      expect((await act(unlimited, 'approval', [doc], q.l2)).statusCode).toBe(200);
    });

    it('the queue listing tells the caller their limit there (the screen disables Approve over it): the lower of group and queue limit, null for none', async () => {
      const limitIn = async (user: User, queueId: number): Promise<number | null | undefined> => {
        const response = await server.inject({
          method: 'GET',
          url: `/api/queues/${queueId}/workflow`,
          headers: server.authHeaders(user.username),
        });
        expect(response.statusCode).toBe(200);
        return response.json<{ queue: { approvalLimit?: number | null } }>().queue.approvalLimit;
      };
      expect(await limitIn(junior, q.l1)).toBe(Math.floor(amount) - 1);
      expect(await limitIn(senior, q.l1)).toBe(Math.ceil(amount) + 1000);
      // The capped queue's own limit (an earlier test raised it to PI-1004's amount) is below the senior's group limit.
      const capLimit = Number(
        (await server.deps.db.selectFrom('queues').select('approval_limit').where('id', '=', q.capped).executeTakeFirstOrThrow())
          .approval_limit,
      );
      expect(capLimit).toBeLessThan(Math.ceil(amount) + 1000);
      expect(await limitIn(senior, q.capped)).toBe(capLimit);
      expect(await limitIn(unlimited, q.l1)).toBeNull();
    });
  });
}
