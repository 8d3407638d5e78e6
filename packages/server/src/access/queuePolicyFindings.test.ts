import type { DocumentAccess, DocumentCustomData, WorkflowRoot } from '@datahaven/core/model';
import { seedDemoData } from '../demo/seedDemoData';
import type { DemoQueueName } from '../demo/demoWorld';
import { makePdf } from '../test/factories';
import { startTestDemoErp } from '../test/startTestDemoErp';
import type { TestDemoErp } from '../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects } from '../test/testServer';
import type { TestResponse, TestServer } from '../test/testServer';
import { finalQueueRefusal } from './finalQueues';
import { queueActionRefusal } from './queueActionPolicy';
import { encodeQueueAccess } from './queueAccessFlags';
import { lockReleasedNote, lockRetakenNote } from '../workflow/documentLocker';

/**
 * Issue 35 "Controls that hold", the attack on the running demo replayed on the demo world
 * (seedDemoData: clerk, approver, admin; AP Inbox → Coding → Approval L1 → L2 → Approved /
 * Rejected): findings 1, 3 and 4 are refused in words and change nothing; the members who may act
 * still import, submit, edit and lock.
 */
function pdfForm(name: string, content: Buffer): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), name);
  return data;
}

const FORBIDDEN = { statusCode: 403, exceptionType: 'Forbidden' };
/** The demo clerk's access on the approval queues and Approved: they follow them. */
const FOLLOWER = encodeQueueAccess(['BrowseToQueue', 'AccessDocumentWithin', 'SearchWithin', 'ViewDocumentsWithin']);

for (const dialect of testDialects())
  describeOn(dialect)(`issue 35: the queue policy holds against the demo attack [${dialect}]`, () => {
    let erp: TestDemoErp;
    let server: TestServer;
    let pdf: Buffer;
    const queues = new Map<DemoQueueName, number>();
    const users = new Map<string, number>();

    beforeAll(async () => {
      erp = await startTestDemoErp();
      server = await startTestServer(dialect, { env: erp.env });
      await seedDemoData(server.deps);
      for (const row of await server.deps.db.selectFrom('queues').select(['id', 'name']).execute())
        queues.set(row.name as DemoQueueName, row.id);
      for (const row of await server.deps.db.selectFrom('users').select(['id', 'username']).execute()) users.set(row.username, row.id);
      pdf = await makePdf(1, 'BIG-INVOICE-999999');
    });

    afterAll(async () => {
      await server?.close();
      await erp?.stop();
    });

    const queueId = (name: DemoQueueName): number => {
      const id = queues.get(name);
      if (id === undefined) throw new Error(`No demo queue ${name}`);
      return id;
    };
    const as = (username: string): Record<string, string> => server.authHeaders(username);
    const importInto = (queue: DemoQueueName, username: string, name = 'BIG-INVOICE-999999.pdf'): Promise<TestResponse> =>
      server.inject({ method: 'POST', url: `/api/queues/${queueId(queue)}/documents`, headers: as(username), payload: pdfForm(name, pdf) });
    const documentCount = async (): Promise<number> =>
      Number(
        (
          await server.deps.db
            .selectFrom('documents')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** The first demo document waiting in `queue`, with its row version. */
    const documentIn = async (queue: DemoQueueName): Promise<{ id: number; rowVersion: number }> => {
      const row = await server.deps.db
        .selectFrom('documents')
        .select(['id', 'row_version'])
        .where('queue_id', '=', queueId(queue))
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, rowVersion: row.row_version };
    };
    const rowVersionOf = async (id: number): Promise<number> =>
      (await server.deps.db.selectFrom('documents').select('row_version').where('id', '=', id).executeTakeFirstOrThrow()).row_version;
    const historyCount = async (id: number): Promise<number> =>
      (await server.deps.db.selectFrom('workflow_history').select('id').where('document_id', '=', id).execute()).length;
    const notesOf = async (id: number): Promise<string[]> =>
      (await server.deps.db.selectFrom('notes').select(['kind', 'text']).where('document_id', '=', id).orderBy('id').execute()).map(
        (note) => `${note.kind}: ${note.text}`,
      );

    describe('finding 1: importing needs the queue write flag (Paste); a final queue takes documents only through the workflow', () => {
      it("finding 1: the clerk who only follows Approved cannot upload a PDF straight into 'Approved' (no 201, no 'Imported into' note)", async () => {
        const before = await documentCount();
        const response = await importInto('Approved', 'clerk');
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ ...FORBIDDEN, message: finalQueueRefusal('Approved') });
        expect(await documentCount()).toBe(before);
        const imported = await server.deps.db.selectFrom('notes').select('id').where('text', 'like', 'Imported into%').execute();
        expect(imported).toEqual([]);
      });

      it("finding 1: the clerk cannot drop the unlinked 'BIG-INVOICE-999999.pdf' into Approval L1, skipping coding", async () => {
        const before = await documentCount();
        const response = await importInto('Approval L1', 'clerk');
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          ...FORBIDDEN,
          message: queueActionRefusal('import', 'Approval L1', FOLLOWER),
        });
        expect(response.json<{ message: string }>().message).toContain('You follow this queue read-only.');
        expect(await documentCount()).toBe(before);
        const named = await server.deps.db.selectFrom('documents').select('id').where('name', 'like', 'BIG-INVOICE%').execute();
        expect(named).toEqual([]);
      });

      it('finding 1: no one imports or files an e-mail into a final queue — not the clerk into Rejected (where they work), not the administrator into Approved', async () => {
        const before = await documentCount();
        const rejected = await importInto('Rejected', 'clerk');
        expect(rejected.statusCode).toBe(403);
        expect(rejected.json()).toEqual({ ...FORBIDDEN, message: finalQueueRefusal('Rejected') });
        const admin = await importInto('Approved', 'admin');
        expect(admin.json()).toEqual({ ...FORBIDDEN, message: finalQueueRefusal('Approved') });
        const mail = pdfForm('BIG-INVOICE-999999.pdf', pdf);
        mail.append('subject', 'Invoice');
        mail.append('from', 'billing@example.com');
        const filed = await server.inject({
          method: 'POST',
          url: `/api/mail-import?queueId=${queueId('Approved')}`,
          headers: as('admin'),
          payload: mail,
        });
        expect(filed.statusCode).toBe(403);
        expect(filed.json()).toEqual({ ...FORBIDDEN, message: finalQueueRefusal('Approved') });
        expect(await documentCount()).toBe(before);
      });

      it('finding 1: an upload on a record whose import settings name a final queue is refused, not filed into it', async () => {
        const invoiceTable = await server.deps.db
          .selectFrom('integrated_tables')
          .select(['id', 'import_queue_id'])
          .where('entity_type_name', '=', 'bc:Microsoft.NAV.PurchaseHeader')
          .executeTakeFirstOrThrow();
        const record = await server.deps.db
          .selectFrom('erp_records')
          .select('record_id')
          .where('integrated_table_id', '=', invoiceTable.id)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        // An administrator's slip: the invoices' import settings name Approved.
        await server.deps.db
          .updateTable('integrated_tables')
          .set({ import_queue_id: queueId('Approved') })
          .where('id', '=', invoiceTable.id)
          .execute();
        try {
          const before = await documentCount();
          const response = await server.inject({
            method: 'POST',
            url: `/api/documents?displayType=Default%20View&dataAreaId=CRONUS&sitId=${invoiceTable.id}&recordId=${record.record_id}`,
            headers: as('clerk'),
            payload: pdfForm('Invoice on record.pdf', pdf),
          });
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({ ...FORBIDDEN, message: finalQueueRefusal('Approved') });
          expect(await documentCount()).toBe(before);
        } finally {
          await server.deps.db
            .updateTable('integrated_tables')
            .set({ import_queue_id: invoiceTable.import_queue_id })
            .where('id', '=', invoiceTable.id)
            .execute();
        }
      });

      it('finding 1: the queues the clerk lists say where they may import and why not, in the words of the refusal', async () => {
        const root = (await server.inject({ url: '/api/workflow-root', headers: as('clerk') })).json<WorkflowRoot>();
        const refusals = new Map(root.queueTypes.flatMap((type) => type.queues).map((queue) => [queue.name, queue.importRefusal]));
        expect(refusals.get('AP Inbox')).toBeNull();
        expect(refusals.get('Coding')).toBeNull();
        expect(refusals.get('Approved')).toBe(finalQueueRefusal('Approved'));
        expect(refusals.get('Rejected')).toBe(finalQueueRefusal('Rejected'));
        expect(refusals.get('Approval L1')).toBe(queueActionRefusal('import', 'Approval L1', FOLLOWER));
      });

      it('finding 1: the clerk, who works the AP Inbox (Paste among their flags), still imports there', async () => {
        const response = await importInto('AP Inbox', 'clerk', 'Scan 0042.pdf');
        expect(response.statusCode).toBe(201);
        const [created] = response.json<{ id: number; queue: { id: number } | null }[]>();
        expect(created.queue?.id).toBe(queueId('AP Inbox'));
        expect(await notesOf(created.id)).toContain("system: Imported into 'AP Inbox' by clerk.");
      });
    });

    describe('finding 1: documents made of pages enter a final queue only with pages that were there', () => {
      const recombine = (parts: { documentId: number; firstPage: number; lastPage: number }[]): Promise<TestResponse> =>
        server.inject({
          method: 'POST',
          url: '/api/documents/recombination',
          headers: as('admin'),
          payload: { documents: [{ parts, name: 'Recombined invoice' }] },
        });

      it('finding 1: not even the administrator recombines a page from Coding into a document filed in Approved; pages of approved invoices may be', async () => {
        const approved = await documentIn('Approved');
        const coding = await documentIn('Coding');
        const before = await documentCount();
        const mixed = await recombine([
          { documentId: approved.id, firstPage: 1, lastPage: 1 },
          { documentId: coding.id, firstPage: 1, lastPage: 1 },
        ]);
        expect(mixed.statusCode).toBe(403);
        expect(mixed.json()).toEqual({
          ...FORBIDDEN,
          message:
            'The queue Approved is a final queue: a document made of pages from documents in other queues does not enter it. Merge or recombine them where they wait, before the decision.',
        });
        expect(await documentCount()).toBe(before);
        expect(await rowVersionOf(approved.id)).toBe(approved.rowVersion);
        const own = await recombine([{ documentId: approved.id, firstPage: 1, lastPage: 2 }]);
        expect(own.statusCode).toBe(201);
        expect(own.json<{ queue: { name: string } | null }[]>()[0].queue?.name).toBe('Approved');
      });
    });

    describe('finding 3: a member who only follows a queue changes nothing there; /readonly says what the server does', () => {
      it('finding 3: the read-only clerk cannot change the PO number of an invoice in Approval L2, and /readonly says true', async () => {
        const doc = await documentIn('Approval L2');
        const readonly = await server.inject({
          url: `/api/documents/${doc.id}/readonly?queueId=${queueId('Approval L2')}`,
          headers: as('clerk'),
        });
        expect(readonly.json()).toEqual({ readonly: true });
        const custom = await server.inject({ url: `/api/document/${doc.id}/custom`, headers: as('clerk') });
        expect(custom.statusCode).toBe(200);
        const data = custom.json<DocumentCustomData>();
        const poField = data.categories.flatMap((category) => category.fields).find((field) => field.label === 'PO number');
        if (poField === undefined) throw new Error('The demo custom data has no PO number field.');
        const valuesBefore = data.values;
        const response = await server.inject({
          method: 'POST',
          url: `/api/document/${doc.id}/custom`,
          headers: as('clerk'),
          payload: { values: [{ fieldId: poField.id, value: '999999' }] },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(queueActionRefusal('editCustomData', 'Approval L2', FOLLOWER));
        const after = await server.inject({ url: `/api/document/${doc.id}/custom`, headers: as('clerk') });
        expect(after.json<DocumentCustomData>().values).toEqual(valuesBefore);
        expect(await rowVersionOf(doc.id)).toBe(doc.rowVersion);
      });

      it('finding 3: the read-only clerk cannot submit in an approval queue: no row version bumped, no history', async () => {
        const doc = await documentIn('Approval L1');
        const history = await historyCount(doc.id);
        const response = await server.inject({
          method: 'PUT',
          url: '/api/documents/submit',
          headers: as('clerk'),
          payload: {
            docId: [doc.id],
            rowConflictIds: [doc.rowVersion],
            expectedQueueId: queueId('Approval L1'),
            note: 'Looks fine to me.',
          },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(queueActionRefusal('submit', 'Approval L1', FOLLOWER));
        expect(await rowVersionOf(doc.id)).toBe(doc.rowVersion);
        expect(await historyCount(doc.id)).toBe(history);
      });

      it('finding 3: the clerk still edits custom data and submits where they work (Coding), and /readonly says false there', async () => {
        const doc = await documentIn('Coding');
        const readonly = await server.inject({ url: `/api/documents/${doc.id}/readonly`, headers: as('clerk') });
        expect(readonly.json()).toEqual({ readonly: false });
        const data = (await server.inject({ url: `/api/document/${doc.id}/custom`, headers: as('clerk') })).json<DocumentCustomData>();
        const poField = data.categories.flatMap((category) => category.fields).find((field) => field.label === 'PO number');
        if (poField === undefined) throw new Error('The demo custom data has no PO number field.');
        const edited = await server.inject({
          method: 'POST',
          url: `/api/document/${doc.id}/custom`,
          headers: as('clerk'),
          payload: { values: [{ fieldId: poField.id, value: '106099' }] },
        });
        expect(edited.statusCode).toBe(200);
        expect(edited.json<DocumentCustomData>().values).toEqual(
          expect.arrayContaining([expect.objectContaining({ fieldId: poField.id, value: '106099' })]),
        );
        const submitted = await server.inject({
          method: 'PUT',
          url: '/api/documents/submit',
          headers: as('clerk'),
          payload: {
            docId: [doc.id],
            rowConflictIds: [await rowVersionOf(doc.id)],
            expectedQueueId: queueId('Coding'),
            note: 'Coded to PO 106099.',
          },
        });
        expect(submitted.statusCode).toBe(200);
      });
    });

    describe('finding 4: only a member who may act locks; a security manager releases any lock, with a note', () => {
      const lock = (username: string, doc: { id: number; rowVersion: number }, queue: DemoQueueName): Promise<TestResponse> =>
        server.inject({
          method: 'POST',
          url: `/api/locks?docId=${doc.id}&queueId=${queueId(queue)}&rowConflictIds=${doc.rowVersion}`,
          headers: as(username),
        });
      const unlock = (username: string, docId: number, queue: DemoQueueName, note?: string): Promise<TestResponse> =>
        server.inject({
          method: 'DELETE',
          url: `/api/locks?docId=${docId}&queueId=${queueId(queue)}${note === undefined ? '' : `&note=${encodeURIComponent(note)}`}`,
          headers: as(username),
        });
      const lockRow = (docId: number) =>
        server.deps.db.selectFrom('document_locks').select(['user_id']).where('document_id', '=', docId).executeTakeFirst();
      const accessOf = async (username: string, docId: number): Promise<DocumentAccess> =>
        (await server.inject({ url: `/api/documents/${docId}/access`, headers: as(username) })).json<DocumentAccess>();

      it('finding 4: the approver, with no access to AP Inbox, cannot lock an inbox invoice (no 201), and is not offered the lock', async () => {
        const doc = await documentIn('AP Inbox');
        // The approver sees the invoice through the Purchase Invoice table, not through the queue.
        expect((await server.inject({ url: `/api/documents/${doc.id}`, headers: as('approver') })).statusCode).toBe(200);
        expect((await accessOf('approver', doc.id)).createLock).toBe(false);
        const response = await lock('approver', doc, 'AP Inbox');
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ ...FORBIDDEN, message: queueActionRefusal('lock', 'AP Inbox', 0) });
        expect(await lockRow(doc.id)).toBeUndefined();
      });

      it('finding 4: the read-only clerk cannot lock an invoice in Approval L2 they only follow', async () => {
        const doc = await documentIn('Approval L2');
        const response = await lock('clerk', doc, 'Approval L2');
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toContain('You follow this queue read-only.');
        expect(await lockRow(doc.id)).toBeUndefined();
      });

      it('finding 4: the clerk locks an inbox invoice (they work there); the administrator releases it with a note, OptInWorkflow or not; the retake is said', async () => {
        const doc = await documentIn('AP Inbox');
        expect((await accessOf('clerk', doc.id)).createLock).toBe(true);
        expect((await lock('clerk', doc, 'AP Inbox')).statusCode).toBe(201);
        // In the opt-in inbox the holder's lock is not released by the holder: it expires (portal §4) …
        const own = await unlock('clerk', doc.id, 'AP Inbox');
        expect(own.statusCode).toBe(403);
        expect(await lockRow(doc.id)).toEqual({ user_id: users.get('clerk') });
        // … but a security manager may release it, and is offered to.
        expect((await accessOf('admin', doc.id)).unlock).toBe(true);
        expect((await accessOf('approver', doc.id)).unlock).toBe(false);
        expect((await unlock('approver', doc.id, 'AP Inbox')).statusCode).toBe(409);
        const released = await unlock('admin', doc.id, 'AP Inbox', 'Clerk is away; Pat needs the invoice today.');
        expect(released.statusCode).toBe(204);
        expect(await lockRow(doc.id)).toBeUndefined();
        const notes = await notesOf(doc.id);
        expect(notes).toContain(`system: ${lockReleasedNote('clerk', 'admin')}`);
        expect(notes).toContain('user: Clerk is away; Pat needs the invoice today.');
        // The clerk may act there, so may lock again — but not silently.
        expect((await lock('clerk', doc, 'AP Inbox')).statusCode).toBe(201);
        expect(await notesOf(doc.id)).toContain(`system: ${lockRetakenNote('clerk', 'admin')}`);
        expect((await unlock('admin', doc.id, 'AP Inbox')).statusCode).toBe(204);
      });
    });
  });
