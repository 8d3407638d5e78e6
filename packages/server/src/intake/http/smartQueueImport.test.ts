import { FEATURES1 } from '@datahaven/core/model';
import type { DmsDocument } from '@datahaven/core/model';
import { recordNumberTokens } from '../smartQueueMatcher';
import { createUser, makePdf, unique } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { createQueue, createQueueType, grantUserQueueAccess, workflowPrivilegeGrants } from '../../test/workflowFactories';

describe('recordNumberTokens', () => {
  it('takes the words of a file name that can be a record number', () => {
    expect(recordNumberTokens('LW-5531.pdf')).toEqual(['LW-5531']);
    expect(recordNumberTokens('Invoice PI-1003 (2).pdf')).toEqual(['PI-1003']);
    expect(recordNumberTokens('scan_108001_Litware.tif')).toEqual(['108001']);
    expect(recordNumberTokens('Invoice.pdf')).toEqual([]);
    expect(recordNumberTokens('a 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16.pdf')).toEqual([]);
  });
});

for (const dialect of testDialects()) {
  describeOn(dialect)(`SmartQueue matching of files dropped on a queue, through the demo ERP [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let sitId: number;
    const q = { inbox: 0, approved: 0 };
    let inboxName: string;
    let worker: { id: number; username: string };

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      const type = await createQueueType(server);
      inboxName = unique('Smart AP Inbox ');
      q.approved = await createQueue(server, type, { name: unique('Approved ') });
      q.inbox = await createQueue(server, type, { name: inboxName, approveTo: q.approved, features1: FEATURES1.SmartQueue });
      // Purchase invoices arrive in the inbox (its import settings): those are the records a dropped file is matched with.
      sitId = (
        await server.deps.db
          .insertInto('integrated_tables')
          .values({
            external_table_id: 38,
            source_type_id: 2,
            entity_type_name: 'bc:Microsoft.NAV.PurchaseHeader',
            label: 'Purchase Invoice',
            product_type: 'bc',
            import_queue_id: q.inbox,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      worker = await createUser(server, unique('ap-worker'), {
        privileges: { 'Cabinet: Import Documents': true, ...workflowPrivilegeGrants() },
      });
      for (const queue of Object.values(q)) await grantUserQueueAccess(server, worker.id, queue);
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const setFeatures = (features1: number) => server.deps.db.updateTable('queues').set({ features1 }).where('id', '=', q.inbox).execute();
    const drop = async (fileName: string): Promise<DmsDocument> => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(await makePdf(1, fileName))], { type: 'application/pdf' }), fileName);
      const response = await server.inject({
        method: 'POST',
        url: `/api/queues/${q.inbox}/documents`,
        headers: server.authHeaders(worker.username),
        payload: data,
      });
      expect(response.statusCode).toBe(201);
      const [document] = response.json<DmsDocument[]>();
      return document;
    };
    const historyOf = async (id: number) =>
      (
        await server.deps.db
          .selectFrom('workflow_history')
          .select(['action', 'to_queue_id'])
          .where('document_id', '=', id)
          .orderBy('id')
          .execute()
      ).map((h) => [h.action, h.to_queue_id]);
    const systemNotes = async (id: number) =>
      (
        await server.deps.db
          .selectFrom('notes')
          .select('text')
          .where('document_id', '=', id)
          .where('kind', '=', 'system')
          .orderBy('id')
          .execute()
      ).map((n) => n.text);

    it('links a file named by the vendor invoice number or the record number to that purchase invoice, in the queue, with the note and history', async () => {
      const byVendorNumber = await drop('LW-5531.pdf');
      expect(byVendorNumber.queue?.id).toBe(q.inbox);
      expect(byVendorNumber.link).toMatchObject({ sourceNumber: 'PI-1004', dataAreaId: 'CRONUS', sitId });
      expect(await historyOf(byVendorNumber.id)).toEqual([
        ['import', q.inbox],
        ['link', q.inbox],
      ]);
      expect((await systemNotes(byVendorNumber.id)).slice(-1)).toEqual([
        `SmartQueue '${inboxName}' matched LW-5531.pdf to PI-1004 by its file name.`,
      ]);

      const byNumber = await drop('Invoice PI-1003 scan.pdf');
      expect(byNumber.link?.sourceNumber).toBe('PI-1003');
    });

    it('leaves unlinked a file that names no record, and every file where the queue is no SmartQueue', async () => {
      const unnamed = await drop('Scan 0042.pdf');
      expect(unnamed.link).toBeNull();
      expect((await historyOf(unnamed.id)).map(([action]) => action)).toEqual(['import']);
      await setFeatures(0);
      try {
        expect((await drop('LW-5531.pdf')).link).toBeNull();
      } finally {
        await setFeatures(FEATURES1.SmartQueue);
      }
    });

    it("matches an e-mail's attachments filed into the queue as dropped files are (one intake for every route)", async () => {
      const data = new FormData();
      data.append('subject', 'Invoice LW-5531');
      data.append('from', 'Litware <ap@litware.example>');
      data.append('file', new Blob([new Uint8Array(await makePdf(1, 'mailed LW-5531'))], { type: 'application/pdf' }), 'LW-5531.pdf');
      data.append('file', new Blob([new Uint8Array(await makePdf(1, 'mailed cover'))], { type: 'application/pdf' }), 'Cover letter.pdf');
      const response = await server.inject({
        method: 'POST',
        url: `/api/mail-import?queueId=${q.inbox}`,
        headers: server.authHeaders(worker.username),
        payload: data,
      });
      expect(response.statusCode).toBe(201);
      const [invoice, cover] = response.json<{ documents: DmsDocument[] }>().documents;
      expect(invoice.link).toMatchObject({ sourceNumber: 'PI-1004', sitId });
      expect(invoice.description).toBe('Invoice LW-5531 — Litware <ap@litware.example>');
      expect(await historyOf(invoice.id)).toEqual([
        ['import', q.inbox],
        ['link', q.inbox],
      ]);
      expect(cover.link).toBeNull();
    });

    it("fires OnAutoLink for a matched file: AutoApproveOnAutoLink approves it in the importer's name", async () => {
      await setFeatures(FEATURES1.SmartQueue | FEATURES1.AutoApproveOnAutoLink);
      try {
        const approved = await drop('PI-1003.pdf');
        expect(approved.link?.sourceNumber).toBe('PI-1003');
        expect(approved.queue?.id).toBe(q.approved);
        expect(await historyOf(approved.id)).toEqual([
          ['import', q.inbox],
          ['link', q.inbox],
          ['approve', q.approved],
        ]);
      } finally {
        await setFeatures(FEATURES1.SmartQueue);
      }
    });
  });
}
