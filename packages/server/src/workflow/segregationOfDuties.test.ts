import { FEATURES1 } from '@datahaven/core/model';
import { segregationOtherLevel, segregationPreparer } from '@datahaven/core/rules';
import { createDocument, createGroup, createUser, grantTableAccess, unique } from '../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
  placeInQueue,
  unlinkDocument,
} from '../test/workflowFactories';

/** PI-1003 and PI-1004 of CRONUS, as the demo ERP holds them. */
const PI_1003 = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
const PI_1004 = '8a4f2e6b-1c9d-4b3a-8e02-000000001004';

interface User {
  id: number;
  username: string;
}

interface Doc {
  id: number;
  name: string;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`segregation of duties on approval (queue options ApproverNotPreparer, OneLevelPerApprover) [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let sitId: number;
    let fieldId: number;
    const q = { coding: 0, l1: 0, l2: 0, done: 0, rejected: 0, plain: 0, autoOnSubmit: 0 };
    const names = { l1: '', l2: '' };
    /** Alex uploads, Sam submits, Casey links, Dana enters custom data; Pat and Robin approve. Everyone may approve everywhere. */
    const u: Record<'alex' | 'sam' | 'casey' | 'dana' | 'pat' | 'robin' | 'manager', User> = {
      alex: { id: 0, username: '' },
      sam: { id: 0, username: '' },
      casey: { id: 0, username: '' },
      dana: { id: 0, username: '' },
      pat: { id: 0, username: '' },
      robin: { id: 0, username: '' },
      manager: { id: 0, username: '' },
    };

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      const db = server.deps.db;
      sitId = (
        await db
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
      const category = (
        await db
          .insertInto('custom_categories')
          .values({ name: unique('AP coding '), sort_order: 1, applies_to_all: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      fieldId = (
        await db
          .insertInto('custom_fields')
          .values({
            category_id: category,
            name: 'PONumber',
            label: 'PO number',
            data_source: 'ManualEntry',
            value_type: 'text',
            sort_order: 1,
            required: 0,
            max_length: 20,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

      const type = await createQueueType(server);
      const segregated = async (name: string, approveTo: number, features1 = 0): Promise<number> => {
        const id = await createQueue(server, type, { name, approveTo, rejectTo: q.rejected, features1 });
        await db.updateTable('queues').set({ approver_not_preparer: 1, one_level_per_approver: 1 }).where('id', '=', id).execute();
        return id;
      };
      q.done = await createQueue(server, type, { name: unique('Approved ') });
      q.rejected = await createQueue(server, type, { name: unique('Rejected ') });
      q.coding = await createQueue(server, type, { name: unique('Coding ') });
      names.l2 = unique('Approval L2 ');
      names.l1 = unique('Approval L1 ');
      q.l2 = await segregated(names.l2, q.done);
      q.l1 = await segregated(names.l1, q.l2);
      q.autoOnSubmit = await segregated(unique('Submit and approve '), q.done, FEATURES1.AutoApproveOnSubmit);
      // A queue without the options: the same people, no segregation.
      q.plain = await createQueue(server, type, { name: unique('Plain '), approveTo: q.done });
      await createRoute(server, q.l2, q.l1);
      await createRoute(server, q.rejected, q.l1);

      const team = await createGroup(server, unique('AP team '), [
        ...WORKFLOW_PRIVILEGES,
        'Cabinet: Import Documents',
        'Dynamics: Link to Existing',
        'Dynamics: Edit Document Index Data',
      ]);
      await grantTableAccess(server, team, sitId, { canUpload: true });
      for (const queue of Object.values(q)) await grantGroupQueueAccess(server, team, queue);
      for (const name of ['alex', 'sam', 'casey', 'dana', 'pat', 'robin'] as const)
        u[name] = await createUser(server, unique(name), { groups: [team] });
      u.manager = await createUser(server, unique('manager'), { privileges: { 'Security: Manager': true } });
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    /** A new invoice uploaded by Alex on PI-1004, in a queue. */
    const invoiceIn = async (queueId: number, name = unique('LW-5531 ') + '.pdf'): Promise<Doc> => {
      const id = await createDocument(server, { sitId, recordId: PI_1004, dataAreaId: 'CRONUS', fileName: name, uploader: u.alex });
      await placeInQueue(server, id, queueId);
      return { id, name };
    };
    const send = async (user: User, method: 'PUT' | 'POST', url: string, payload: Record<string, unknown> = {}) =>
      server.inject({ method, url, headers: server.authHeaders(user.username), payload });
    const decide = async (user: User, path: 'approval' | 'reject' | 'route', doc: Doc, queueId: number, extra = {}) =>
      send(user, 'PUT', `/api/documents/${path}`, {
        docId: [doc.id],
        rowConflictIds: [await documentRowVersion(server, doc.id)],
        expectedQueueId: queueId,
        ...extra,
      });
    const refusal = async (answer: Promise<{ statusCode: number; json<T>(): T }>): Promise<[number, string]> => {
      const response = await answer;
      return [response.statusCode, response.json<{ message: string }>().message];
    };
    const queueOf = async (doc: Doc): Promise<number | null> =>
      (await server.deps.db.selectFrom('documents').select('queue_id').where('id', '=', doc.id).executeTakeFirstOrThrow()).queue_id;
    const approvals = async (doc: Doc): Promise<{ user_id: number; from_queue_id: number | null; approval_level: number | null }[]> =>
      server.deps.db
        .selectFrom('workflow_history')
        .select(['user_id', 'from_queue_id', 'approval_level'])
        .where('document_id', '=', doc.id)
        .where('action', '=', 'approve')
        .orderBy('id')
        .execute();

    it('who imported a document cannot approve it; someone else can', async () => {
      const doc = await invoiceIn(q.l1);
      expect(await refusal(decide(u.alex, 'approval', doc, q.l1))).toEqual([400, segregationPreparer('imported', doc.name)]);
      expect(await queueOf(doc)).toBe(q.l1);
      expect((await decide(u.pat, 'approval', doc, q.l1)).statusCode).toBe(200);
      expect(await queueOf(doc)).toBe(q.l2);
    });

    it('who submitted a document cannot approve it', async () => {
      const doc = await invoiceIn(q.l1);
      const submitted = await send(u.sam, 'PUT', '/api/documents/submit', {
        docId: [doc.id],
        rowConflictIds: [await documentRowVersion(server, doc.id)],
        expectedQueueId: q.l1,
        note: 'Coded to PO 106004, ready for approval.',
      });
      expect(submitted.statusCode).toBe(200);
      expect(await refusal(decide(u.sam, 'approval', doc, q.l1))).toEqual([400, segregationPreparer('submitted', doc.name)]);
      expect((await decide(u.pat, 'approval', doc, q.l1)).statusCode).toBe(200);
    });

    it('who coded a document — linked it to its invoice, or entered its custom data — cannot approve it', async () => {
      const linked = await invoiceIn(q.coding);
      await unlinkDocument(server, linked.id);
      const link = await send(
        u.casey,
        'POST',
        `/api/documents/${linked.id}/link?relatedTypeName=bc:Microsoft.NAV.purchaseInvoice&relatedDataAreaId=CRONUS&relatedRecordId=${PI_1003}`,
      );
      expect(link.statusCode).toBe(200);
      const coded = await invoiceIn(q.coding);
      const saved = await send(u.dana, 'POST', `/api/document/${coded.id}/custom`, { values: [{ fieldId, value: '106004' }] });
      expect(saved.statusCode).toBe(200);
      for (const doc of [linked, coded]) await placeInQueue(server, doc.id, q.l1);

      expect(await refusal(decide(u.casey, 'approval', linked, q.l1))).toEqual([400, segregationPreparer('coded', linked.name)]);
      expect(await refusal(decide(u.dana, 'approval', coded, q.l1))).toEqual([400, segregationPreparer('coded', coded.name)]);
      // The coder of one invoice approves the other.
      expect((await decide(u.casey, 'approval', coded, q.l1)).statusCode).toBe(200);
      expect((await decide(u.dana, 'approval', linked, q.l1)).statusCode).toBe(200);
    });

    it('nobody approves the same document at two levels: Pat approves at level 1, is refused at level 2, Robin signs off; the history holds both levels', async () => {
      const doc = await invoiceIn(q.l1);
      expect((await decide(u.pat, 'approval', doc, q.l1)).statusCode).toBe(200);
      expect(await refusal(decide(u.pat, 'approval', doc, q.l2))).toEqual([400, segregationOtherLevel(doc.name, 1, names.l1, 2)]);
      expect(await queueOf(doc)).toBe(q.l2);
      expect((await decide(u.robin, 'approval', doc, q.l2)).statusCode).toBe(200);
      expect(await queueOf(doc)).toBe(q.done);
      expect(await approvals(doc)).toEqual([
        { user_id: u.pat.id, from_queue_id: q.l1, approval_level: 1 },
        { user_id: u.robin.id, from_queue_id: q.l2, approval_level: 2 },
      ]);
    });

    it('sent back to level 1 and approved there again by the same person is still one level; level 2 stays for someone else', async () => {
      const doc = await invoiceIn(q.l1);
      expect((await decide(u.pat, 'approval', doc, q.l1)).statusCode).toBe(200);
      expect((await decide(u.robin, 'route', doc, q.l2, { to: q.l1, note: 'Please check the freight line.' })).statusCode).toBe(200);
      expect((await decide(u.pat, 'approval', doc, q.l1)).statusCode).toBe(200);
      expect((await refusal(decide(u.pat, 'approval', doc, q.l2)))[0]).toBe(400);
      expect((await decide(u.robin, 'approval', doc, q.l2)).statusCode).toBe(200);
    });

    it('a rejection starts a new round: who approved at level 1 before it may approve at level 2 after it', async () => {
      const doc = await invoiceIn(q.l1);
      expect((await decide(u.pat, 'approval', doc, q.l1)).statusCode).toBe(200);
      expect((await decide(u.robin, 'reject', doc, q.l2)).statusCode).toBe(200);
      expect(await queueOf(doc)).toBe(q.rejected);
      expect((await decide(u.sam, 'route', doc, q.rejected, { to: q.l1 })).statusCode).toBe(200);
      // This round Robin approves level 1 and Pat level 2: two people, as before, each at one level.
      expect((await decide(u.robin, 'approval', doc, q.l1)).statusCode).toBe(200);
      expect((await decide(u.pat, 'approval', doc, q.l2)).statusCode).toBe(200);
      expect(await queueOf(doc)).toBe(q.done);
    });

    it("an automatic approval holds to the same rules: submitting in an AutoApproveOnSubmit queue does not approve the submitter's own submission", async () => {
      const doc = await invoiceIn(q.autoOnSubmit);
      const submitted = await send(u.sam, 'PUT', '/api/documents/submit', {
        docId: [doc.id],
        rowConflictIds: [await documentRowVersion(server, doc.id)],
        expectedQueueId: q.autoOnSubmit,
        note: 'Coded.',
      });
      expect(submitted.statusCode).toBe(200);
      expect(submitted.json()).toMatchObject({ autoApproved: false, autoApproveRefusal: segregationPreparer('submitted', doc.name) });
      expect(await queueOf(doc)).toBe(q.autoOnSubmit);
    });

    it('the options are per queue, read and written on the data service and shown with the queue', async () => {
      const doc = await invoiceIn(q.plain);
      const other = await invoiceIn(q.plain);
      // Off: the uploader approves their own upload.
      expect((await decide(u.alex, 'approval', doc, q.plain)).statusCode).toBe(200);

      const odata = (method: 'GET' | 'PATCH', body?: unknown) =>
        fetch(`${server.baseUrl}/odata/v1/WorkflowQueues(${q.plain})`, {
          method,
          headers: {
            ...server.authHeaders(u.manager.username),
            'content-type': 'application/json',
            'if-match': '*',
            prefer: 'return=representation',
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      expect(await (await odata('GET')).json()).toMatchObject({ ApproverNotPreparer: false, OneLevelPerApprover: false });
      const patched = await odata('PATCH', { ApproverNotPreparer: true });
      expect(patched.status).toBeLessThan(300);
      expect(await (await odata('GET')).json()).toMatchObject({ ApproverNotPreparer: true, OneLevelPerApprover: false });
      const refused = await odata('PATCH', { OneLevelPerApprover: 'yes' });
      expect(refused.status).toBe(400);

      const shown = await server.inject({ url: `/api/queues/${q.plain}`, headers: server.authHeaders(u.pat.username) });
      expect(shown.json()).toMatchObject({ approverNotPreparer: true, oneLevelPerApprover: false });
      expect(await refusal(decide(u.alex, 'approval', other, q.plain))).toEqual([400, segregationPreparer('imported', other.name)]);
    });
  });
}
