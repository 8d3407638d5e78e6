import { ANNOTATION_TYPES } from '@datahaven/core/model';
import type { DmsDocument } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { appendWorkflowHistory } from '../../workflow';
import { lockDocumentRows } from '../../access';
import { LINKED_RECORD_FACTS_JOB } from '../../erp/linkedRecordFacts';
import { formatAmount } from '../evidenceFormats';
import { EVIDENCE_EXPORT_FORBIDDEN, EVIDENCE_NOTES_FORBIDDEN } from '../evidencePacket';
import { HASH_PREFIX_LENGTH } from '../evidencePdf';
import { pdfText } from '../test/pdfText';
import { createGroup, createUser, createWorld, grantTableAccess, makePdf, unique } from '../../test/factories';
import type { World } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestResponse, type TestServer } from '../../test/testServer';
import {
  WORKFLOW_PRIVILEGES,
  createQueue,
  createQueueType,
  createRoute,
  documentRowVersion,
  grantGroupQueueAccess,
} from '../../test/workflowFactories';

/** The demo ERP's purchase invoices PI-1001 … PI-1004 of company CRONUS: one per test, so no two tests' documents are possible duplicates. */
const PI = {
  1001: '8a4f2e6b-1c9d-4b3a-8e02-000000001001',
  1002: '8a4f2e6b-1c9d-4b3a-8e02-000000001002',
  1003: '8a4f2e6b-1c9d-4b3a-8e02-000000001003',
  1004: '8a4f2e6b-1c9d-4b3a-8e02-000000001004',
} as const;
const INVOICE_TYPE = 'bc:Microsoft.NAV.purchaseInvoice';

interface User {
  id: number;
  username: string;
}

/** Text as pdf.js extracted it, whitespace runs made one space. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`evidence packet: GET /api/documents/{id}/evidence and POST /api/documents/evidence [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let world: World;
    let clerk: User;
    let approver: User;
    let auditorOutside: User;
    let noExport: User;
    let noNotes: User;
    const q = { inbox: 0, l1: 0, l2: 0 };
    const queueNames = { inbox: '', l1: '', l2: '' };

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      world = await createWorld(server);
      const invoices = (
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
      const type = await createQueueType(server);
      queueNames.l2 = unique('Approval L2 ');
      queueNames.l1 = unique('Approval L1 ');
      queueNames.inbox = unique('AP Inbox ');
      q.l2 = await createQueue(server, type, { name: queueNames.l2 });
      q.l1 = await createQueue(server, type, { name: queueNames.l1, approveTo: q.l2 });
      q.inbox = await createQueue(server, type, { name: queueNames.inbox });
      await createRoute(server, q.inbox, q.l1);
      const staff = await createGroup(server, unique('Evidence staff '), [
        'Cabinet: Import Documents',
        'Cabinet: Export Documents',
        'Cabinet: Annotations Edit',
        'Notes: View Only',
        'Notes: Add Only',
        'Dynamics: Link to Existing',
        ...WORKFLOW_PRIVILEGES,
      ]);
      await grantTableAccess(server, staff, invoices);
      for (const queue of Object.values(q)) await grantGroupQueueAccess(server, staff, queue);
      clerk = await createUser(server, unique('eclerk'), { groups: [staff] });
      approver = await createUser(server, unique('eapprover'), { groups: [staff] });
      noExport = await createUser(server, unique('enoexport'), { groups: [staff], privileges: { 'Cabinet: Export Documents': false } });
      noNotes = await createUser(server, unique('enonotes'), { groups: [staff], privileges: { 'Notes: View Only': false } });
      // Every privilege the packet needs, but no access to the queues: the documents are not theirs to see.
      auditorOutside = await createUser(server, unique('eoutside'), {
        privileges: { 'Cabinet: Export Documents': true, 'Notes: View Only': true },
      });
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const as = (user: User) => server.authHeaders(user.username);
    const historyOf = (id: number) =>
      server.deps.db.selectFrom('workflow_history').selectAll().where('document_id', '=', id).orderBy('id').execute();
    const packetOf = (id: number, user: User = clerk): Promise<TestResponse> =>
      server.inject({ url: `/api/documents/${id}/evidence`, headers: as(user) });
    const selectionPacket = (docIds: unknown, user: User = clerk): Promise<TestResponse> =>
      server.inject({ method: 'POST', url: '/api/documents/evidence', headers: as(user), payload: { docIds } });

    async function importIntoInbox(fileName: string, title: string): Promise<number> {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(await makePdf(2, title))], { type: 'application/pdf' }), fileName);
      const response = await server.inject({ method: 'POST', url: `/api/queues/${q.inbox}/documents`, headers: as(clerk), payload: data });
      expect(response.statusCode).toBe(201);
      return response.json<DmsDocument[]>()[0].id;
    }

    async function act(path: string, user: User, id: number, from: number, extra: Record<string, unknown>): Promise<void> {
      const rowVersion = await documentRowVersion(server, id);
      const response = await server.inject({
        method: 'PUT',
        url: `/api/documents/${path}`,
        headers: as(user),
        payload: { docId: [id], rowConflictIds: [rowVersion], expectedQueueId: from, ...extra },
      });
      expect(response.statusCode).toBe(200);
    }

    /**
     * An invoice imported, coded (submit), linked to PI-1003, annotated, noted, routed to L1 and
     * approved there; then an approval row as the money rules record it (amount, currency, limit,
     * level, override reason), written through the history writer under the row lock as
     * recordWorkflowAction does.
     */
    async function linkTo(id: number, recordId: string): Promise<void> {
      const linked = await server.inject({
        method: 'POST',
        url: `/api/documents/${id}/link?relatedTypeName=${INVOICE_TYPE}&relatedDataAreaId=CRONUS&relatedRecordId=${recordId}`,
        headers: as(clerk),
      });
      expect(linked.statusCode).toBe(200);
    }

    async function invoiceThroughApproval(
      fileName: string,
      title: string,
      recordId: string,
      approval: Record<string, unknown> = {},
    ): Promise<number> {
      const id = await importIntoInbox(fileName, title);
      await act('submit', clerk, id, q.inbox, { note: 'Coded to 6110' });
      await linkTo(id, recordId);
      await server.runJobs([LINKED_RECORD_FACTS_JOB]);
      const annotated = await server.inject({
        method: 'POST',
        url: `/api/documents/${id}/annotations`,
        headers: as(clerk),
        payload: {
          type: ANNOTATION_TYPES.textbox,
          page: 1,
          color: '#c00000',
          x: 200,
          y: 900,
          width: 900,
          height: 200,
          content: 'PAID STAMP',
          size: 48,
        },
      });
      expect(annotated.statusCode).toBe(201);
      const noted = await server.inject({
        method: 'POST',
        url: `/api/documents/${id}/notes`,
        headers: as(clerk),
        payload: { text: 'Called the vendor about the freight line' },
      });
      expect(noted.statusCode).toBe(201);
      await act('route', clerk, id, q.inbox, { to: q.l1, note: 'Ready for approval' });
      await act('approval', approver, id, q.l1, { approvalNote: 'Matches PO 4711', ...approval });
      await server.deps.db.transaction().execute(async (trx) => {
        await lockDocumentRows(trx, server.deps.dialect, [id]);
        await appendWorkflowHistory(trx, [
          {
            document_id: id,
            action: 'approve',
            from_queue_id: q.l2,
            to_queue_id: q.l2,
            user_id: approver.id,
            note: 'Second level',
            at: new Date().toISOString(),
            amount: 12000.5,
            amount_currency: 'EUR',
            approval_limit: 10000,
            limit_currency: 'EUR',
            approval_level: 2,
            override_reason: 'Credit note 77 offsets it',
          },
        ]);
      });
      return id;
    }

    it('one PDF, saved as "<name> - evidence.pdf", holds the verdict, every history row (who, action, amounts), every note, the ERP link and the pages with annotations burned in', async () => {
      // An earlier scan of the same invoice: the packet's document is its possible duplicate, approved with a reason.
      const earlier = await importIntoInbox('INV-2026-0042 (scan).pdf', 'Northwind invoice 42, first scan');
      await linkTo(earlier, PI[1003]);
      const id = await invoiceThroughApproval('INV-2026-0042.pdf', 'Northwind invoice 42', PI[1003], {
        duplicateOverrideReason: 'Two deliveries, two invoices',
      });
      const response = await packetOf(id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="INV-2026-0042 - evidence\.pdf"/);
      const { pages, title } = await pdfText(response.rawPayload);
      const text = flat(pages.join(' '));
      expect(title).toBe('Evidence packet: INV-2026-0042.pdf');

      const history = await historyOf(id);
      expect(history.map((row) => row.action)).toEqual(['import', 'submit', 'link', 'route', 'approve', 'approve']);
      expect(history[4].override_reason).toBe('Two deliveries, two invoices');
      expect(text).toContain(`History intact (${history.length} rows).`);
      for (const row of history) expect(text).toContain(row.row_hash?.slice(0, HASH_PREFIX_LENGTH));
      for (const word of ['Import', 'Submit', 'Link', 'Route', 'Approve', clerk.username, approver.username]) expect(text).toContain(word);
      for (const cell of [
        '12,000.50',
        'EUR',
        '10,000.00',
        'Credit note 77 offsets it',
        'Matches PO 4711',
        'Ready for approval',
        'Coded to 6110',
      ])
        expect(text).toContain(cell);
      expect(text).toContain(`${queueNames.l1} to ${queueNames.l2}`);

      const notes = await server.deps.db.selectFrom('notes').select('text').where('document_id', '=', id).execute();
      expect(notes.length).toBeGreaterThanOrEqual(8);
      for (const note of notes) expect(text).toContain(flat(note.text));

      expect(text).toContain('Purchase Invoice PI-1003 (CRONUS)');
      expect(text).toContain(PI[1003]);
      // The ERP status as the document's properties show it (linked in workflow: Pending Approval is owed to PI-1003).
      await server.runJobs();
      const erpStatus = await server.inject({ url: `/api/documents/${id}/erp-status`, headers: as(clerk) });
      const status = erpStatus.json<{ text: string; detail: string } | null>();
      expect(status).not.toBeNull();
      const afterJobs = flat((await pdfText((await packetOf(id)).rawPayload)).pages.join(' '));
      expect(afterJobs).toContain(`ERP status ${status?.text}. ${status?.detail}`);
      expect(text).not.toContain('ERP record URL not known');
      const facts = await server.deps.db
        .selectFrom('linked_record_facts')
        .select(['amount', 'invoice_number'])
        .where('record_id', '=', PI[1003])
        .executeTakeFirstOrThrow();
      expect(text).toContain(formatAmount(Number(facts.amount)));

      // The queue history: entered the inbox by import, left by route; L1 left by approval.
      const time = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC';
      const person = (user: User): string => `${user.username} Test \\(${user.username}\\)`;
      expect(text).toMatch(new RegExp(`${queueNames.inbox} ${time} ${person(clerk)} Import ${time} ${person(clerk)} Route`));
      expect(text).toMatch(new RegExp(`${queueNames.l1} ${time} ${person(clerk)} Route ${time} ${person(approver)} Approve`));
      // The document's own pages follow, with the annotation burned in.
      expect(text).toContain('Northwind invoice 42');
      expect(text).toContain('PAID STAMP');
      expect(pages.filter((page) => page.includes('Northwind invoice 42'))).toHaveLength(2);
    });

    it('a history row changed in the database makes the packet say "History broken at row N."', async () => {
      const id = await invoiceThroughApproval('INV-2026-0043.pdf', 'Northwind invoice 43', PI[1001]);
      const rows = await historyOf(id);
      await server.deps.db.updateTable('workflow_history').set({ user_id: clerk.id }).where('id', '=', rows[4].id).execute();
      const response = await packetOf(id);
      expect(response.statusCode).toBe(200);
      const text = flat((await pdfText(response.rawPayload)).pages.join(' '));
      expect(text).toContain('History broken at row 5.');
      expect(text).not.toContain('History intact (');
    });

    it('a selection gives one PDF with a section per document, each with its own verdict', async () => {
      const first = await invoiceThroughApproval('INV-2026-0044.pdf', 'Northwind invoice 44', PI[1002]);
      const second = await importIntoInbox('Scan 0045.pdf', 'Contoso invoice 45');
      await server.inject({
        method: 'POST',
        url: `/api/documents/${second}/notes`,
        headers: as(clerk),
        payload: { text: 'Second document note' },
      });
      const response = await selectionPacket([first, second]);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Evidence packet - 2 documents\.pdf"/);
      const { pages, title } = await pdfText(response.rawPayload);
      const text = flat(pages.join(' '));
      expect(title).toBe('Evidence packet: 2 documents');
      expect(text).toContain('Document 1 of 2: INV-2026-0044.pdf');
      expect(text).toContain('Document 2 of 2: Scan 0045.pdf');
      expect(text).toContain('History intact (6 rows).');
      expect(text).toContain('History intact (1 row).');
      expect(text).toContain('Second document note');
      expect(text).toContain('Northwind invoice 44');
      expect(text).toContain('Contoso invoice 45');
      expect(text).toContain('not linked');
    });

    it('a long history flows over pages, the table heading repeated, and every row is printed', async () => {
      const id = await importIntoInbox('Long history.pdf', 'Long history');
      const rows = Array.from({ length: 90 }, (_, index) => ({
        document_id: id,
        action: 'submit' as const,
        from_queue_id: q.inbox,
        to_queue_id: q.inbox,
        user_id: clerk.id,
        note: `Coding pass ${index + 1} of ninety, with a note long enough to wrap over two lines of its column`,
        at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
      }));
      await server.deps.db.transaction().execute(async (trx) => {
        await lockDocumentRows(trx, server.deps.dialect, [id]);
        await appendWorkflowHistory(trx, rows);
      });
      const response = await packetOf(id);
      expect(response.statusCode).toBe(200);
      const { pages } = await pdfText(response.rawPayload);
      const text = flat(pages.join(' '));
      expect(text).toContain('History intact (91 rows).');
      for (const row of await historyOf(id)) expect(text).toContain(row.row_hash?.slice(0, HASH_PREFIX_LENGTH));
      for (let pass = 1; pass <= 90; pass++) expect(text).toContain(`Coding pass ${pass} of ninety`);
      expect(pages.filter((page) => page.includes('Override reason')).length).toBeGreaterThanOrEqual(3);
    });

    it('with the ERP down the packet is still made, saying why the record URL is not known', async () => {
      const id = await invoiceThroughApproval('INV-2026-0046.pdf', 'Northwind invoice 46', PI[1004]);
      await demo.stop();
      try {
        const response = await packetOf(id);
        expect(response.statusCode).toBe(200);
        const text = flat((await pdfText(response.rawPayload)).pages.join(' '));
        expect(text).toContain('ERP record URL not known:');
        expect(text).toContain('Purchase Invoice PI-1004 (CRONUS)');
      } finally {
        await demo.restart();
      }
    });

    it('refuses in words: no export privilege 403, no notes privilege 403, a document the caller cannot see 404, a selection outside 1–100 400', async () => {
      const id = await importIntoInbox('Refusals.pdf', 'Refusals');
      const refusedExport = await packetOf(id, noExport);
      expect(refusedExport.statusCode).toBe(403);
      expect(refusedExport.json<{ message: string }>().message).toBe(EVIDENCE_EXPORT_FORBIDDEN);
      const refusedNotes = await selectionPacket([id], noNotes);
      expect(refusedNotes.statusCode).toBe(403);
      expect(refusedNotes.json<{ message: string }>().message).toBe(EVIDENCE_NOTES_FORBIDDEN);
      for (const response of [await packetOf(id, auditorOutside), await selectionPacket([id], auditorOutside), await packetOf(999999)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json<{ message: string }>().message).toBe(MESSAGES.documentNotFound);
      }
      const visibleAndNot = await selectionPacket([id, world.pdfDocId]);
      expect(visibleAndNot.statusCode).toBe(404);
      expect((await selectionPacket([])).statusCode).toBe(400);
      expect((await selectionPacket(Array.from({ length: 101 }, (_, index) => index + 1))).statusCode).toBe(400);
      expect((await selectionPacket([id, id])).statusCode).toBe(400);
    });
  });
}
