import type { FolderEntry } from '@datahaven/core/model';
import { FEATURES2 } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { otherCompanyRefusal } from '../../access/dataAreaRestriction';
import { createDocument, createGroup, createUser, grantTableAccess, makePdf } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { createQueue, createQueueType } from '../../test/workflowFactories';

const V30000 = '5d7e1c2a-8b3f-4a6e-9c01-000000030000';
const PI_1003 = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
const PI_1002 = '8a4f2e6b-1c9d-4b3a-8e02-000000001002';
const PI_1005 = '8a4f2e6b-1c9d-4b3a-8e02-000000001005';
const INVOICE_TYPE = 'bc:Microsoft.NAV.PurchaseHeader';
const POSTED_TYPE = 'bc:Microsoft.NAV.PurchInvHeader';

interface User {
  id: number;
  username: string;
}

/** The documents of a folder tree, by folder name. */
function documentsByFolder(entries: FolderEntry[]): Record<string, string[]> {
  const byFolder: Record<string, string[]> = {};
  for (const entry of entries) {
    if (entry.type !== 'folder') continue;
    byFolder[entry.name] = entry.children.flatMap((child) => (child.type === 'document' ? [child.name] : []));
  }
  return byFolder;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`re-linking a vendor's document to its invoice, and documents following a posted invoice [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let clerk: User;
    let linkOnly: User;
    let reader: User;
    let caClerk: User;
    let blind: User;
    let companyId: string;
    const table = async (tableId: number, typeName: string, label: string, subtypes: [string, string][]): Promise<number> => {
      const db = server.deps.db;
      const { id } = await db
        .insertInto('integrated_tables')
        .values({
          external_table_id: tableId,
          source_type_id: tableId === 38 ? 2 : 0,
          entity_type_name: typeName,
          label,
          product_type: 'bc',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [order, [folder, subtype]] of subtypes.entries()) {
        const { id: subtypeId } = await db
          .insertInto('subtypes')
          .values({ integrated_table_id: id, sort_order: order + 1, text: subtype, category_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('display_folders')
          .values({
            integrated_table_id: id,
            parent_id: null,
            text: folder,
            display_order: order + 1,
            sort_key: null,
            subtype_id: subtypeId,
          })
          .execute();
      }
      return id;
    };
    let vendorSit: number;
    let vendorInvoiceSubtype: number;

    beforeAll(async () => {
      demo = await startTestDemoErp();
      server = await startTestServer(dialect, { env: demo.env });
      companyId = String(demo.erp.store.listCompanies().find((company) => company.name === 'CRONUS')?.id);
      // As the demo seeds them: a vendor's 'Invoice' is no subtype of the purchase invoice tables.
      vendorSit = await table(23, 'bc:Microsoft.NAV.Vendor', 'Vendor', [
        ['Invoices', 'Invoice'],
        ['Contracts', 'Contract'],
      ]);
      const invoiceSit = await table(38, INVOICE_TYPE, 'Purchase Invoice', [
        ['Invoice', 'Vendor Invoice'],
        ['Supporting Documents', 'Supporting Document'],
      ]);
      const postedSit = await table(122, POSTED_TYPE, 'Posted Purchase Invoice', [
        ['Invoice', 'Vendor Invoice'],
        ['Supporting Documents', 'Supporting Document'],
      ]);
      // The product knows the vendor's number, as the demo seed (or an earlier link) left it: uploads carry it.
      await server.deps.db
        .insertInto('erp_records')
        .values({
          integrated_table_id: vendorSit,
          data_area_id: 'CRONUS',
          record_id: V30000,
          number: 'V30000',
          display_name: 'Northwind Traders',
        })
        .execute();
      vendorInvoiceSubtype = (
        await server.deps.db
          .selectFrom('subtypes')
          .select('id')
          .where('integrated_table_id', '=', vendorSit)
          .where('text', '=', 'Invoice')
          .executeTakeFirstOrThrow()
      ).id;
      const group = await createGroup(server, 'AP', ['Cabinet: Import Documents', 'Dynamics: Link to Existing']);
      for (const sit of [vendorSit, invoiceSit, postedSit]) await grantTableAccess(server, group, sit, { canUpload: true });
      clerk = await createUser(server, 'relinker', { groups: [group], privileges: { 'Dynamics: Break Link': true } });
      linkOnly = await createUser(server, 'link-only', { groups: [group] });
      // Sees the invoices but may not link: may not report a posting either.
      const readers = await createGroup(server, 'Readers', ['Cabinet: Import Documents']);
      for (const sit of [vendorSit, invoiceSit, postedSit]) await grantTableAccess(server, readers, sit);
      reader = await createUser(server, 'reader', { groups: [readers] });
      // A clerk of CRONUS-CA: RestrictToDataAreaId holds them to it in a restricting queue.
      caClerk = await createUser(server, 'ca-clerk', { groups: [group] });
      await server.deps.db.updateTable('users').set({ data_area_id: 'CRONUS-CA' }).where('id', '=', caClerk.id).execute();
      // May link, but sees the invoices' documents only through a queue.
      blind = await createUser(server, 'blind', { groups: [await createGroup(server, 'Linkers', ['Dynamics: Link to Existing'])] });
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const send = (method: 'PUT' | 'GET', url: string, user: User | null, payload?: Record<string, unknown>) =>
      server.inject({
        method,
        url,
        headers: user === null ? {} : server.authHeaders(user.username),
        ...(payload === undefined ? {} : { payload }),
      });
    const onVendor = async (): Promise<number> =>
      createDocument(server, {
        sitId: vendorSit,
        recordId: V30000,
        subtypeId: vendorInvoiceSubtype,
        fileName: `Invoice ${Date.now()}.pdf`,
        content: await makePdf(1),
        uploader: clerk,
      });
    const json = async <T = Record<string, unknown>>(answer: Promise<{ json(): unknown }>): Promise<T> => (await answer).json() as T;
    const folders = async (typeName: string, recordId: string): Promise<Record<string, string[]>> =>
      documentsByFolder(
        await json<FolderEntry[]>(send('GET', `/api/folder-structure?dataAreaId=CRONUS&typeName=${typeName}&recordId=${recordId}`, clerk)),
      );
    const posted = (draftId: string): { id: string; number: string } => {
      const record = demo.erp.store
        .list(companyId, 'postedPurchaseInvoices')
        ?.find((entry) => entry.record.purchaseInvoiceId === draftId)?.record;
      return { id: String(record?.id), number: String(record?.number) };
    };

    it("refuses a user without 'Dynamics: Break Link' with the spec's 'already linked', and lets one with it link the vendor's document on to PI-1003 in one step, into the invoice's folder", async () => {
      const id = await onVendor();
      const nameOf = async (): Promise<string> =>
        (await server.deps.db.selectFrom('documents').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
      const body = { relatedTypeName: INVOICE_TYPE, relatedDataAreaId: 'CRONUS', relatedRecordId: PI_1003 };

      expect(await json(send('GET', `/api/documents/${id}/access`, linkOnly))).toMatchObject({ link: false });
      const refused = await send('PUT', `/api/documents/${id}/link`, linkOnly, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: MESSAGES.linkAlreadyLinked });

      expect(await json(send('GET', `/api/documents/${id}/access`, clerk))).toMatchObject({ link: true, unlink: true });
      const linked = await send('PUT', `/api/documents/${id}/link`, clerk, body);
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toMatchObject({ link: { sourceNumber: 'PI-1003', sourceTableId: 38, recordId: PI_1003 } });
      expect(await server.deps.db.selectFrom('record_links').select('record_id').where('document_id', '=', id).execute()).toEqual([
        { record_id: PI_1003 },
      ]);
      expect(await json(send('GET', `/api/documents/${id}`, clerk))).toMatchObject({ subtype: { text: 'Vendor Invoice' } });
      const notes = await server.deps.db
        .selectFrom('notes')
        .select('text')
        .where('document_id', '=', id)
        .where('kind', '=', 'system')
        .orderBy('id')
        .execute();
      expect(notes.at(-1)?.text).toBe('Linked to Purchase Invoice PI-1003 (CRONUS) (was Vendor V30000 (CRONUS)) by relinker.');
      expect((await folders(INVOICE_TYPE, PI_1003)).Invoice).toContain(await nameOf());
      expect(Object.values(await folders('bc:Microsoft.NAV.Vendor', V30000)).flat()).not.toContain(await nameOf());
    });

    it('moves the documents of PI-1003 to the posted invoice the ERP confirms, refuses one it does not, and moves nothing twice', async () => {
      const id = await onVendor();
      expect(
        (
          await send('PUT', `/api/documents/${id}/link`, clerk, {
            relatedTypeName: INVOICE_TYPE,
            relatedDataAreaId: 'CRONUS',
            relatedRecordId: PI_1005,
          })
        ).statusCode,
      ).toBe(200);
      // Posting needs the invoices approved in Datahaven (the demo ERP's setup switch is on).
      for (const id of [PI_1005, PI_1003]) demo.erp.store.setApprovalStatus(companyId, id, 'Approved');
      demo.erp.store.postPurchaseInvoice(companyId, PI_1005);
      demo.erp.store.postPurchaseInvoice(companyId, PI_1003);
      const ppi1005 = posted(PI_1005);
      const ppi1003 = posted(PI_1003);
      const event = (postedRecordId: string) => ({
        typeName: INVOICE_TYPE,
        dataAreaId: 'CRONUS',
        recordId: PI_1005,
        postedTypeName: POSTED_TYPE,
        postedRecordId,
      });

      expect((await send('PUT', '/api/record-events/posted', null, event(ppi1005.id))).statusCode).toBe(401);
      const wrong = await send('PUT', '/api/record-events/posted', linkOnly, event(ppi1003.id));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toHaveProperty(
        'message',
        'The ERP does not record Posted Purchase Invoice PPI-1003 as posted from that Purchase Invoice: no document was moved.',
      );
      expect((await send('GET', `/api/documents/${id}/link`, clerk)).json()).toMatchObject({ sourceNumber: 'PI-1005' });

      const moved = await send('PUT', '/api/record-events/posted', linkOnly, event(ppi1005.id));
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ postedNumber: 'PPI-1005', documentIds: [id] });
      expect((await send('GET', `/api/documents/${id}/link`, clerk)).json()).toMatchObject({
        sourceNumber: 'PPI-1005',
        sourceTableId: 122,
        recordId: ppi1005.id,
      });
      const { name } = await json<{ name: string }>(send('GET', `/api/documents/${id}`, clerk));
      expect((await folders(POSTED_TYPE, ppi1005.id)).Invoice).toContain(name);
      expect(Object.values(await folders(INVOICE_TYPE, PI_1005)).flat()).not.toContain(name);
      const notes = await server.deps.db
        .selectFrom('notes')
        .select('text')
        .where('document_id', '=', id)
        .where('kind', '=', 'system')
        .orderBy('id')
        .execute();
      expect(notes.at(-1)?.text).toBe(
        'Purchase Invoice PI-1005 was posted as Posted Purchase Invoice PPI-1005 (CRONUS); the document moved with it (reported by link-only).',
      );

      expect((await send('PUT', '/api/record-events/posted', linkOnly, event(ppi1005.id))).json()).toEqual({
        postedNumber: 'PPI-1005',
        documentIds: [],
      });
    });

    it("needs 'Dynamics: Link to Existing', holds a restricted caller to their company, moves every document of the draft but names only those the caller sees", async () => {
      const inQueue = await onVendor();
      const unseen = await onVendor();
      for (const id of [inQueue, unseen]) {
        expect(
          (
            await send('PUT', `/api/documents/${id}/link`, clerk, {
              relatedTypeName: INVOICE_TYPE,
              relatedDataAreaId: 'CRONUS',
              relatedRecordId: PI_1002,
            })
          ).statusCode,
        ).toBe(200);
      }
      const restricting = await createQueue(server, await createQueueType(server), {
        features2: FEATURES2.RestrictToDataAreaId,
        defaultAccess: ['ViewDocumentsWithin'],
      });
      await server.deps.db.updateTable('documents').set({ queue_id: restricting }).where('id', '=', inQueue).execute();
      demo.erp.store.setApprovalStatus(companyId, PI_1002, 'Approved');
      demo.erp.store.postPurchaseInvoice(companyId, PI_1002);
      const ppi1002 = posted(PI_1002);
      const event = {
        typeName: INVOICE_TYPE,
        dataAreaId: 'CRONUS',
        recordId: PI_1002,
        postedTypeName: POSTED_TYPE,
        postedRecordId: ppi1002.id,
      };
      const linkedNumbers = async (): Promise<string[]> =>
        (
          await server.deps.db
            .selectFrom('record_links')
            .select('source_number')
            .where('document_id', 'in', [inQueue, unseen])
            .orderBy('document_id')
            .execute()
        ).map((row) => row.source_number);

      const refused = await send('PUT', '/api/record-events/posted', reader, event);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toHaveProperty(
        'message',
        "Reporting a posted record moves its documents' links: it needs the 'Dynamics: Link to Existing' privilege.",
      );
      const otherCompany = await send('PUT', '/api/record-events/posted', caClerk, event);
      expect(otherCompany.statusCode).toBe(403);
      expect(otherCompany.json()).toHaveProperty('message', otherCompanyRefusal('link', 'CRONUS-CA', 'CRONUS'));
      expect(await linkedNumbers()).toEqual(['PI-1002', 'PI-1002']);

      // 'blind' sees only the document in the queue: both move, the answer names that one.
      const moved = await send('PUT', '/api/record-events/posted', blind, event);
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ postedNumber: 'PPI-1002', documentIds: [inQueue] });
      expect(await linkedNumbers()).toEqual(['PPI-1002', 'PPI-1002']);
    });
  });
}
