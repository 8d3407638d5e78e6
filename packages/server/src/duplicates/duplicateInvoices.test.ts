import type { DmsDocument, PossibleDuplicate, QueueDocumentsPage } from '@datahaven/core/model';
import { FEATURES1 } from '@datahaven/core/model';
import { DemoErpStore } from '../demo/demoErp/DemoErpStore';
import { DEMO_ERP_COMPANIES, DEMO_PURCHASE_INVOICES } from '../demo/demoErp/demoErpWorld';
import type { DemoPurchaseInvoice } from '../demo/demoErp/demoErpWorld';
import { LINKED_RECORD_FACTS_JOB } from '../erp/linkedRecordFacts';
import { createGroup, createUser, grantTableAccess, makePdf, unique } from '../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../test/testServer';
import { WORKFLOW_PRIVILEGES, createQueue, createQueueType, documentRowVersion, grantGroupQueueAccess } from '../test/workflowFactories';

const PI_1002 = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1002') as DemoPurchaseInvoice;
const PI_1003 = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1003') as DemoPurchaseInvoice;
const PI_1004 = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1004') as DemoPurchaseInvoice;
const PI_1005 = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1005') as DemoPurchaseInvoice;

/** Another purchase invoice in the demo ERP, made from PI-1002 (Contoso's CS-88120 of 2025-04-22). */
function alsoEntered(number: string, ordinal: number, changes: Partial<DemoPurchaseInvoice>): DemoPurchaseInvoice {
  return {
    ...PI_1002,
    number,
    systemId: `8a4f2e6b-1c9d-4b3a-8e02-00000000${ordinal}`,
    orderNumber: String(106900 + (ordinal % 100)),
    ...changes,
  };
}

/**
 * The demo ERP's CRONUS with three more purchase invoices of Contoso: CS-88120 entered a second
 * time (PI-2002: the same vendor, number, amount and date as PI-1002), the same amount on the same
 * day under another number (PI-2003), and CS-88120 written otherwise with another amount (PI-2004).
 */
const PI_2002 = alsoEntered('PI-2002', 2002, {});
const PI_2003 = alsoEntered('PI-2003', 2003, { vendorInvoiceNo: 'CS-99001' });
const PI_2004 = alsoEntered('PI-2004', 2004, { vendorInvoiceNo: 'cs 88120', seed: 4004, postingDate: '2025-04-30' });

function demoStore(): DemoErpStore {
  return new DemoErpStore(
    DEMO_ERP_COMPANIES.map((company) =>
      company.name === 'CRONUS' ? { ...company, purchaseInvoices: [...company.purchaseInvoices, PI_2002, PI_2003, PI_2004] } : company,
    ),
  );
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`Duplicate invoices (issue 35, finding 7) through the demo ERP [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let sitId: number;
    let subtypes: { invoice: number; supporting: number };
    const q = { inbox: 0, smart: 0, approved: 0 };
    let inboxName: string;
    let approvedName: string;
    let clerk: { id: number; username: string };
    let approver: { id: number; username: string };

    beforeAll(async () => {
      demo = await startTestDemoErp({ store: demoStore() });
      server = await startTestServer(dialect, { env: demo.env });
      const s = server;
      const type = await createQueueType(s);
      inboxName = unique('AP Inbox ');
      approvedName = unique('Approved ');
      q.approved = await createQueue(s, type, { name: approvedName });
      q.inbox = await createQueue(s, type, { name: inboxName, approveTo: q.approved });
      q.smart = await createQueue(s, type, {
        name: unique('Smart inbox '),
        approveTo: q.approved,
        features1: FEATURES1.SmartQueue | FEATURES1.AutoApproveOnAutoLink,
      });
      // Purchase invoices: an upload on one enters the inbox (its import settings).
      sitId = (
        await s.deps.db
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
      const subtype = async (text: string, order: number): Promise<number> =>
        (
          await s.deps.db
            .insertInto('subtypes')
            .values({ integrated_table_id: sitId, sort_order: order, text, category_id: null })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      subtypes = { invoice: await subtype('Vendor Invoice', 1), supporting: await subtype('Supporting Document', 2) };
      const clerks = await createGroup(s, unique('AP Clerks '), [
        'Cabinet: Import Documents',
        'Cabinet: Delete',
        'Dynamics: Break Link',
        'Dynamics: Link to Existing',
        'Notes: View Only',
        'Workflow Queues: OK',
        // The SmartQueue's automatic approval acts in the arriving clerk's name.
        'Workflow: Approve',
      ]);
      await grantTableAccess(s, clerks, sitId, { canView: true, canUpload: true });
      clerk = await createUser(s, unique('clerk'), { groups: [clerks] });
      const approvers = await createGroup(s, unique('Approvers '), ['Notes: View Only', ...WORKFLOW_PRIVILEGES]);
      approver = await createUser(s, unique('approver'), { groups: [approvers] });
      for (const queue of Object.values(q)) {
        await grantGroupQueueAccess(s, clerks, queue);
        await grantGroupQueueAccess(s, approvers, queue);
      }
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const form = (fileName: string, bytes: Buffer): FormData => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
      return data;
    };
    /** The clerk's upload on a purchase invoice (into the inbox, linked to it). */
    const uploadOn = async (
      invoice: DemoPurchaseInvoice,
      fileName: string,
      bytes: Buffer,
      subtypeId = subtypes.invoice,
    ): Promise<number> => {
      const response = await server.inject({
        method: 'POST',
        url: `/api/documents?dataAreaId=CRONUS&sitId=${sitId}&recordId=${invoice.systemId}&subtypeId=${subtypeId}`,
        headers: server.authHeaders(clerk.username),
        payload: form(fileName, bytes),
      });
      expect(response.statusCode).toBe(201);
      return response.json<DmsDocument[]>()[0].id;
    };
    /** The clerk's files dropped on a queue (unlinked). */
    const importInto = async (queueId: number, fileName: string, bytes: Buffer): Promise<number> => {
      const response = await server.inject({
        method: 'POST',
        url: `/api/queues/${queueId}/documents`,
        headers: server.authHeaders(clerk.username),
        payload: form(fileName, bytes),
      });
      expect(response.statusCode).toBe(201);
      return response.json<DmsDocument[]>()[0].id;
    };
    /** Reads the linked records' facts from the demo ERP, as the server's job runner does after a link. */
    const readFacts = () => server.runJobs([LINKED_RECORD_FACTS_JOB]);
    const duplicatesOf = async (id: number, user = approver): Promise<PossibleDuplicate[]> => {
      const response = await server.inject({ url: `/api/documents/${id}/duplicates`, headers: server.authHeaders(user.username) });
      expect(response.statusCode).toBe(200);
      return response.json<PossibleDuplicate[]>();
    };
    const approve = async (id: number, queueId: number, duplicateOverrideReason?: string) =>
      server.inject({
        method: 'PUT',
        url: '/api/documents/approval',
        headers: server.authHeaders(approver.username),
        payload: {
          docId: [id],
          rowConflictIds: [await documentRowVersion(server, id)],
          expectedQueueId: queueId,
          ...(duplicateOverrideReason === undefined ? {} : { duplicateOverrideReason }),
        },
      });
    const queueOf = async (id: number) =>
      (await server.deps.db.selectFrom('documents').select('queue_id').where('id', '=', id).executeTakeFirstOrThrow()).queue_id;
    const listed = async (queueId: number): Promise<DmsDocument[]> => {
      const response = await server.inject({
        url: `/api/queues/${queueId}/workflow?take=200`,
        headers: server.authHeaders(approver.username),
      });
      expect(response.statusCode).toBe(200);
      return response.json<QueueDocumentsPage>().documents;
    };
    const otherIds = (duplicates: readonly PossibleDuplicate[]) => duplicates.map((duplicate) => duplicate.id);

    it('finding 7: a second document of the same invoice (same vendor, number and amount, another file name) is marked, shown in the queue row, and approved only with a reason its history row keeps', async () => {
      const first = await uploadOn(PI_1002, 'CS-88120.pdf', await makePdf(2, 'Contoso CS-88120'));
      await readFacts();
      expect(await duplicatesOf(first)).toEqual([]);
      // The same invoice entered a second time in the ERP, its copy filed there under another name.
      const second = await uploadOn(PI_2002, 'Contoso invoice scan.pdf', await makePdf(2, 'Contoso scan'));
      await readFacts();
      const expected: PossibleDuplicate = {
        id: first,
        name: 'CS-88120.pdf',
        queueName: inboxName,
        approved: false,
        reasons: ['vendorInvoiceNumber', 'vendorAmountDate'],
      };
      expect(await duplicatesOf(second)).toEqual([expected]);
      // Both directions: the first copy is a possible duplicate of the second as well.
      expect(otherIds(await duplicatesOf(first))).toEqual([second]);
      const rows = await listed(q.inbox);
      expect(rows.find((row) => row.id === second)?.possibleDuplicates).toEqual([expected]);
      expect(otherIds(rows.find((row) => row.id === first)?.possibleDuplicates ?? [])).toEqual([second]);

      for (const reason of [undefined, '   ']) {
        const refused = await approve(second, q.inbox, reason);
        expect(refused.statusCode).toBe(400);
        expect(refused.json<{ message: string }>().message).toBe(
          `'Contoso invoice scan.pdf' is a possible duplicate of 'CS-88120.pdf' in ${inboxName} (the same vendor and invoice number; the same vendor, amount and invoice date): approving it needs a reason to override.`,
        );
      }
      expect(await queueOf(second)).toBe(q.inbox);
      const tooLong = await approve(second, q.inbox, 'x'.repeat(4001));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json<{ message: string }>().message).toBe('The reason to override may be at most 4000 characters long.');

      const reason = 'Entered twice in the ERP; PI-1002 is cancelled there.';
      const approved = await approve(second, q.inbox, reason);
      expect(approved.statusCode).toBe(200);
      expect(await queueOf(second)).toBe(q.approved);
      const history = await server.deps.db
        .selectFrom('workflow_history')
        .select(['action', 'override_reason'])
        .where('document_id', '=', second)
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        { action: 'upload', override_reason: null },
        { action: 'approve', override_reason: reason },
      ]);
      const notes = await server.deps.db
        .selectFrom('notes')
        .select('text')
        .where('document_id', '=', second)
        .where('kind', '=', 'system')
        .execute();
      expect(notes.map((note) => note.text)).toContain(
        `Approved by ${approver.username} as a possible duplicate of 'CS-88120.pdf' in ${inboxName} (the same vendor and invoice number; the same vendor, amount and invoice date). Reason to override: ${reason}`,
      );
      // The first copy now duplicates an approved one.
      expect((await duplicatesOf(first))[0]).toMatchObject({ id: second, approved: true, queueName: expect.any(String) });
    });

    it('finding 7: the same file bytes under another name are marked by their hash, at once, wherever they arrive', async () => {
      const bytes = await makePdf(1, 'Litware scan');
      const original = await importInto(q.inbox, 'Scan 0042.pdf', bytes);
      const copy = await importInto(q.inbox, 'Kopie.pdf', bytes);
      expect(await duplicatesOf(copy)).toEqual([
        { id: original, name: 'Scan 0042.pdf', queueName: inboxName, approved: false, reasons: ['file'] },
      ]);
      expect(otherIds(await duplicatesOf(original))).toEqual([copy]);
      const refused = await approve(copy, q.inbox);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(
        `'Kopie.pdf' is a possible duplicate of 'Scan 0042.pdf' in ${inboxName} (the same file): approving it needs a reason to override.`,
      );
      // A record upload of the same bytes is a copy too.
      const onRecord = await uploadOn(PI_1004, 'LW-5531.pdf', bytes);
      expect(new Set(otherIds(await duplicatesOf(onRecord)))).toEqual(new Set([original, copy]));
    });

    it("finding 7: one invoice number written otherwise ('cs 88120') still matches by vendor and number; the same amount on the same day under another number matches by vendor, amount and date", async () => {
      const written = await uploadOn(PI_2004, 'cs 88120.pdf', await makePdf(1, 'written otherwise'));
      const sameAmount = await uploadOn(PI_2003, 'CS-99001.pdf', await makePdf(1, 'same amount'));
      await readFacts();
      const byName = new Map((await duplicatesOf(written)).map((duplicate) => [duplicate.name, duplicate.reasons]));
      expect(byName.get('CS-88120.pdf')).toEqual(['vendorInvoiceNumber']);
      expect(byName.has('CS-99001.pdf')).toBe(false);
      const byAmount = new Map((await duplicatesOf(sameAmount)).map((duplicate) => [duplicate.name, duplicate.reasons]));
      expect(byAmount.get('CS-88120.pdf')).toEqual(['vendorAmountDate']);
      expect(byAmount.has('cs 88120.pdf')).toBe(false);
    });

    it('a copy deleted before approval stops counting; an approved copy counts even once deleted, named to nobody', async () => {
      const bytes = await makePdf(1, 'Deleted copies');
      const kept = await importInto(q.inbox, 'Keep.pdf', bytes);
      const thrownAway = await importInto(q.inbox, 'Throw away.pdf', bytes);
      expect(otherIds(await duplicatesOf(kept))).toEqual([thrownAway]);
      const deletion = await server.inject({
        method: 'DELETE',
        url: `/api/documents?docId[]=${thrownAway}`,
        headers: server.authHeaders(clerk.username),
      });
      expect(deletion.statusCode).toBe(200);
      expect(await duplicatesOf(kept)).toEqual([]);
      expect((await approve(kept, q.inbox)).statusCode).toBe(200);
      await server.deps.db.updateTable('documents').set({ deleted_at: new Date().toISOString() }).where('id', '=', kept).execute();
      const later = await importInto(q.inbox, 'Paid again.pdf', bytes);
      expect(await duplicatesOf(later)).toEqual([{ id: null, name: null, queueName: null, approved: true, reasons: ['file'] }]);
      const refused = await approve(later, q.inbox);
      expect(refused.json<{ message: string }>().message).toBe(
        "'Paid again.pdf' is a possible duplicate of an approved document you cannot open (the same file): approving it needs a reason to override.",
      );
    });

    it('a supporting document on the same purchase invoice is no duplicate of its invoice; unlinking a copy drops its facts marks and keeps its file mark', async () => {
      const invoice = await uploadOn(PI_1003, 'NWT-2025-0097.pdf', await makePdf(4, 'Northwind invoice'));
      await readFacts();
      const deliveryNote = await uploadOn(PI_1003, 'Delivery note.pdf', await makePdf(1, 'Northwind delivery'), subtypes.supporting);
      expect(await duplicatesOf(deliveryNote)).toEqual([]);
      expect(await duplicatesOf(invoice)).toEqual([]);
      // The invoice filed twice on its purchase invoice is a copy, by its record's facts.
      const again = await uploadOn(PI_1003, 'NWT-2025-0097 (2).pdf', await makePdf(4, 'Northwind invoice again'));
      expect(await duplicatesOf(again)).toEqual([
        {
          id: invoice,
          name: 'NWT-2025-0097.pdf',
          queueName: inboxName,
          approved: false,
          reasons: ['vendorInvoiceNumber', 'vendorAmountDate'],
        },
      ]);

      const bytes = await makePdf(1, 'Copied and linked');
      const linkedCopy = await uploadOn(PI_1003, 'Northwind copy.pdf', bytes);
      const looseCopy = await importInto(q.inbox, 'Northwind loose.pdf', bytes);
      const reasonsOf = async (id: number, other: number) => (await duplicatesOf(id)).find((duplicate) => duplicate.id === other)?.reasons;
      expect(await reasonsOf(linkedCopy, invoice)).toEqual(['vendorInvoiceNumber', 'vendorAmountDate']);
      expect(await reasonsOf(linkedCopy, looseCopy)).toEqual(['file']);
      const unlinked = await server.inject({
        method: 'DELETE',
        url: `/api/documents/${linkedCopy}/link`,
        headers: server.authHeaders(clerk.username),
      });
      expect(unlinked.statusCode).toBe(200);
      expect(otherIds(await duplicatesOf(linkedCopy))).toEqual([looseCopy]);
      expect(otherIds(await duplicatesOf(invoice))).not.toContain(linkedCopy);
    });

    it('an automatic approval leaves a possible duplicate in its queue, with the refusal as a note', async () => {
      await server.deps.db.updateTable('integrated_tables').set({ import_queue_id: q.smart }).where('id', '=', sitId).execute();
      try {
        const bytes = await makePdf(1, 'Auto-approved once');
        // PI-1005's facts are not read yet: only the bytes can tell the copies apart here.
        const first = await uploadOn(PI_1005, 'Fabrikam 1.pdf', bytes);
        expect(await queueOf(first)).toBe(q.approved);
        const second = await uploadOn(PI_1005, 'Fabrikam 2.pdf', bytes);
        expect(await queueOf(second)).toBe(q.smart);
        const notes = await server.deps.db.selectFrom('notes').select('text').where('document_id', '=', second).orderBy('id').execute();
        expect(notes.map((note) => note.text)).toContain(
          `Not approved automatically on auto-link: 'Fabrikam 2.pdf' is a possible duplicate of 'Fabrikam 1.pdf' in ${approvedName} (the same file): approving it needs a reason to override.`,
        );
      } finally {
        await server.deps.db.updateTable('integrated_tables').set({ import_queue_id: q.inbox }).where('id', '=', sitId).execute();
      }
    });
  });
}
