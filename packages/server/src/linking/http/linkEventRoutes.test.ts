import { FEATURES2 } from '@datahaven/core/model';
import { approvalLimitExceeded } from '@datahaven/core/rules';
import { createDocument, createUser, createWorld, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import {
  createQueue,
  createQueueType,
  documentRowVersion,
  grantUserQueueAccess,
  placeInQueue,
  unlinkDocument,
  workflowPrivilegeGrants,
} from '../../test/workflowFactories';

const PI_1003 = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
const PI_1004 = '8a4f2e6b-1c9d-4b3a-8e02-000000001004';
const INVOICE_TYPE = 'bc:Microsoft.NAV.purchaseInvoice';

interface User {
  id: number;
  username: string;
}

for (const dialect of testDialects()) {
  const title = `the queue's OnLink event after a link by hand (AutoApproveOnLink, PromptToApproveOnLink, LaunchRecord) [${dialect}]`;
  describeOn(dialect)(title, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let world: World;
    const q = { done: 0, auto: 0, prompt: 0, capped: 0, launch: 0 };
    const names = { auto: '', capped: '' };
    /** Links and approves; the linker only links. */
    let approver: User;
    let linker: User;
    let amount: number;

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      world = await createWorld(server);
      await server.deps.db
        .insertInto('integrated_tables')
        .values({
          external_table_id: 38,
          source_type_id: 2,
          entity_type_name: 'bc:Microsoft.NAV.PurchaseHeader',
          label: 'Purchase Invoice',
          product_type: 'bc',
        })
        .execute();
      amount = Number(
        (await server.deps.entitySources.source('bc').get('purchaseInvoices', PI_1004, { company: 'CRONUS' }))?.totalAmountIncludingTax,
      );
      expect(amount).toBeGreaterThan(100);
      const type = await createQueueType(server);
      names.auto = unique('Auto on link ');
      names.capped = unique('Capped on link ');
      q.done = await createQueue(server, type, { name: unique('Approved ') });
      q.auto = await createQueue(server, type, { name: names.auto, approveTo: q.done, features2: FEATURES2.AutoApproveOnLink });
      q.prompt = await createQueue(server, type, { approveTo: q.done, features2: FEATURES2.PromptToApproveOnLink });
      q.capped = await createQueue(server, type, { name: names.capped, approveTo: q.done, features2: FEATURES2.AutoApproveOnLink });
      await server.deps.db.updateTable('queues').set({ approval_limit: 100 }).where('id', '=', q.capped).execute();
      q.launch = await createQueue(server, type, { approveTo: q.done, features2: FEATURES2.LaunchRecordAfterDocumentLink });
      const dynamics = { 'Dynamics: Link to Existing': true, 'Dynamics: Break Link': true } as const;
      approver = await createUser(server, unique('link-approver'), { privileges: { ...dynamics, ...workflowPrivilegeGrants() } });
      linker = await createUser(server, unique('link-only'), { privileges: dynamics });
      for (const user of [approver, linker]) for (const queue of Object.values(q)) await grantUserQueueAccess(server, user.id, queue);
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const unlinkedIn = async (queueId: number): Promise<number> => {
      const id = await createDocument(server, {
        sitId: world.table.sitId,
        recordId: world.recordId,
        fileName: 'LW-5531.pdf',
        content: await makePdf(1),
        uploader: world.clerk,
      });
      await unlinkDocument(server, id);
      await placeInQueue(server, id, queueId);
      return id;
    };
    const link = async (user: User, id: number, queueId: number, recordId = PI_1003) =>
      server.inject({
        method: 'PUT',
        url: `/api/documents/${id}/link`,
        headers: server.authHeaders(user.username),
        payload: {
          relatedTypeName: INVOICE_TYPE,
          relatedDataAreaId: 'CRONUS',
          relatedRecordId: recordId,
          rowConflictId: await documentRowVersion(server, id),
          expectedQueueId: queueId,
        },
      });
    const stateOf = async (id: number) => {
      const row = await server.deps.db
        .selectFrom('documents')
        .select(['queue_id', 'row_version'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const linked = await server.deps.db
        .selectFrom('record_links')
        .select('record_id')
        .where('document_id', '=', id)
        .where('is_primary', '=', 1)
        .executeTakeFirst();
      return { queueId: row.queue_id, rowVersion: row.row_version, recordId: linked?.record_id ?? null };
    };
    const historyOf = async (id: number) =>
      (
        await server.deps.db
          .selectFrom('workflow_history')
          .select(['action', 'from_queue_id', 'to_queue_id', 'user_id'])
          .where('document_id', '=', id)
          .orderBy('id')
          .execute()
      ).map((h) => [h.action, h.from_queue_id, h.to_queue_id, h.user_id]);
    const lastNote = async (id: number): Promise<string> =>
      (
        await server.deps.db
          .selectFrom('notes')
          .select('text')
          .where('document_id', '=', id)
          .where('kind', '=', 'system')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).text;

    it("AutoApproveOnLink approves the linked document in the linking user's name; the answer gives its queue and row version now", async () => {
      const id = await unlinkedIn(q.auto);
      const response = await link(approver, id, q.auto);
      expect(response.statusCode).toBe(200);
      const state = await stateOf(id);
      expect(state).toMatchObject({ queueId: q.done, recordId: PI_1003 });
      expect(response.json()).toMatchObject({
        queueId: q.done,
        rowVersion: state.rowVersion,
        autoApproved: true,
        autoApproveRefusal: null,
        promptToApprove: false,
        launchRecord: false,
      });
      expect(await historyOf(id)).toEqual([
        ['link', q.auto, q.auto, approver.id],
        ['approve', q.auto, q.done, approver.id],
      ]);
    });

    it('push link fires the same event', async () => {
      const id = await unlinkedIn(q.auto);
      const response = await server.inject({
        method: 'PUT',
        url: `/api/documents/${id}/push-link`,
        headers: server.authHeaders(approver.username),
        payload: { relatedTypeName: INVOICE_TYPE, relatedDataAreaId: 'CRONUS', relatedRecordId: PI_1003, queueId: q.auto },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ autoApproved: true, queueId: q.done });
      expect((await stateOf(id)).queueId).toBe(q.done);
    });

    it("over the approver's limit the link stands, the document waits, and the answer and a note say why in words", async () => {
      const id = await unlinkedIn(q.capped);
      const response = await link(approver, id, q.capped, PI_1004);
      expect(response.statusCode).toBe(200);
      const refusal = approvalLimitExceeded(amount, 'USD', 'LW-5531.pdf', 100, names.capped);
      const state = await stateOf(id);
      expect(state).toMatchObject({ queueId: q.capped, recordId: PI_1004 });
      expect(response.json()).toMatchObject({
        queueId: q.capped,
        rowVersion: state.rowVersion,
        autoApproved: false,
        autoApproveRefusal: refusal,
        promptToApprove: false,
      });
      expect(await lastNote(id)).toBe(`Not approved automatically on link: ${refusal}`);
      expect((await historyOf(id)).map(([action]) => action)).toEqual(['link']);
    });

    it('a linker without the approve privilege links, and is not approved for nor asked to approve', async () => {
      const id = await unlinkedIn(q.auto);
      const response = await link(linker, id, q.auto);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        queueId: q.auto,
        autoApproved: false,
        autoApproveRefusal: "Approving documents needs the 'Workflow: Approve' privilege.",
        promptToApprove: false,
      });
      expect(await stateOf(id)).toMatchObject({ queueId: q.auto, recordId: PI_1003 });

      const waiting = await unlinkedIn(q.prompt);
      expect((await link(linker, waiting, q.prompt)).json()).toMatchObject({
        autoApproved: false,
        autoApproveRefusal: null,
        promptToApprove: false,
      });
    });

    it('PromptToApproveOnLink asks an approver, leaving the document where it is; LaunchRecordAfterDocumentLink asks to open the record', async () => {
      const id = await unlinkedIn(q.prompt);
      const response = await link(approver, id, q.prompt);
      expect(response.json()).toMatchObject({
        queueId: q.prompt,
        rowVersion: (await stateOf(id)).rowVersion,
        autoApproved: false,
        autoApproveRefusal: null,
        promptToApprove: true,
        launchRecord: false,
      });
      expect((await stateOf(id)).queueId).toBe(q.prompt);

      const launched = await unlinkedIn(q.launch);
      expect((await link(approver, launched, q.launch)).json()).toMatchObject({
        autoApproved: false,
        promptToApprove: false,
        launchRecord: true,
      });
    });
  });
}
