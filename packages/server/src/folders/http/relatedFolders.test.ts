import { RELATED_UNAVAILABLE_HEADER } from '@datahaven/core/contract';
import { FEATURES2 } from '@datahaven/core/model';
import { DemoErpFaults } from '../../demo/demoErp/DemoErpFaults';
import type { FolderEntry, FolderNode } from '@datahaven/core/model';
import { NO_CURRENT_COMPANY, otherCompanyRecordRefusal } from '../../access/dataAreaRestriction';
import { createDocument, createGroup, createUser, grantTableAccess, makePdf, unique } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { createQueue, createQueueType, grantUserQueueAccess, placeInQueue } from '../../test/workflowFactories';
import { URL_GENERATION_REFUSED } from './urlGenerationRoutes';

const PI_1003 = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
const V30000 = '5d7e1c2a-8b3f-4a6e-9c01-000000030000';
/** PI-1003's purchase order 106003 and its two receipts in the demo ERP (CRONUS). */
const ORDER_106003 = '00000de0-0000-4000-8001-000000000003';
const RECEIPT_107003_1 = '00004ece-0000-4000-8001-00000000001e';
const RECEIPT_107003_2 = '00004ece-0000-4000-8001-00000000001f';
/** V10000 of the second company, CRONUS-CA. */
const CA_V10000 = '6e8f2d3b-9c4a-4b7f-8d12-000000010000';

interface User {
  id: number;
  username: string;
}

function folders(entries: FolderEntry[]): FolderNode[] {
  return entries.filter((entry): entry is FolderNode => entry.type === 'folder');
}

function namesIn(folder: FolderNode | undefined): string[] {
  return (folder?.children ?? []).map((child) => child.name);
}

for (const dialect of testDialects()) {
  const title = `Related records in GET /api/folder-structure, url-generation and RestrictToDataAreaId on record reads [${dialect}]`;
  describeOn(dialect)(title, () => {
    let demo: TestDemoErp;
    let faults: DemoErpFaults;
    let server: TestServer;
    let vendorSit: number;
    let invoiceSit: number;
    let orderSit: number;
    let receiptSit: number;
    let restricted: number;
    let clerk: User;
    let cronusClerk: User;
    let noDynamics: User;
    let restrictedCaDoc: number;

    beforeAll(async () => {
      faults = new DemoErpFaults();
      demo = await startTestDemoErp({ faults });
      server = await startTestServer(dialect, { env: demo.env });
      const db = server.deps.db;
      const table = async (tableId: number, sourceType: number, typeName: string, label: string): Promise<number> =>
        (
          await db
            .insertInto('integrated_tables')
            .values({ external_table_id: tableId, source_type_id: sourceType, entity_type_name: typeName, label, product_type: 'bc' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      vendorSit = await table(23, 0, 'bc:Microsoft.NAV.Vendor', 'Vendor');
      invoiceSit = await table(38, 2, 'bc:Microsoft.NAV.PurchaseHeader', 'Purchase Invoice');
      orderSit = await table(38, 1, 'bc:Microsoft.NAV.PurchaseOrder', 'Purchase Order');
      receiptSit = await table(120, 0, 'bc:Microsoft.NAV.PurchRcptHeader', 'Purchase Receipt');
      await db
        .insertInto('display_folders')
        .values({ integrated_table_id: vendorSit, parent_id: null, text: 'Documents', display_order: 1, sort_key: null, subtype_id: null })
        .execute();
      const group = await createGroup(server, unique('AP '), [
        'Dynamics: Link to Existing',
        'Dynamics: Launch Card From Document',
        'Cabinet: Import Documents',
      ]);
      const bare = await createGroup(server, unique('Readers '));
      for (const sit of [vendorSit, invoiceSit, orderSit, receiptSit]) {
        await grantTableAccess(server, group, sit, { canUpload: true });
        await grantTableAccess(server, bare, sit);
      }
      clerk = await createUser(server, unique('clerk'), { groups: [group] });
      cronusClerk = await createUser(server, unique('cronus'), { groups: [group] });
      noDynamics = await createUser(server, unique('reader'), { groups: [bare] });
      await db.updateTable('users').set({ data_area_id: 'CRONUS' }).where('id', '=', cronusClerk.id).execute();
      restricted = await createQueue(server, await createQueueType(server), {
        name: 'AP CRONUS only',
        features2: FEATURES2.RestrictToDataAreaId,
      });
      for (const user of [clerk, cronusClerk]) await grantUserQueueAccess(server, user.id, restricted);

      await createDocument(server, {
        sitId: vendorSit,
        recordId: V30000,
        fileName: 'Northwind W-9.pdf',
        content: await makePdf(1),
        uploader: clerk,
      });
      await createDocument(server, {
        sitId: orderSit,
        recordId: ORDER_106003,
        fileName: 'PO 106003.pdf',
        content: await makePdf(1),
        uploader: clerk,
      });
      await createDocument(server, {
        sitId: receiptSit,
        recordId: RECEIPT_107003_1,
        fileName: 'Delivery note 1.pdf',
        content: await makePdf(1),
        uploader: clerk,
      });
      await createDocument(server, {
        sitId: receiptSit,
        recordId: RECEIPT_107003_2,
        fileName: 'Delivery note 2.pdf',
        content: await makePdf(1),
        uploader: clerk,
      });
      await createDocument(server, {
        sitId: invoiceSit,
        recordId: PI_1003,
        fileName: 'PI-1003 scan.pdf',
        content: await makePdf(1),
        uploader: clerk,
      });
      await createDocument(server, {
        sitId: vendorSit,
        recordId: CA_V10000,
        dataAreaId: 'CRONUS-CA',
        fileName: 'Maple terms.pdf',
        content: await makePdf(1),
        uploader: clerk,
      });
      restrictedCaDoc = await createDocument(server, {
        sitId: vendorSit,
        recordId: CA_V10000,
        dataAreaId: 'CRONUS-CA',
        fileName: 'Maple invoice.pdf',
        content: await makePdf(1),
        uploader: clerk,
      });
      await placeInQueue(server, restrictedCaDoc, restricted);
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const get = (url: string, user: User) => server.inject({ url, headers: server.authHeaders(user.username) });
    const tree = async (query: string, user: User): Promise<FolderNode[]> => {
      const response = await get(`/api/folder-structure?displayType=Default%20View&${query}`, user);
      expect(response.statusCode).toBe(200);
      return folders(response.json<FolderEntry[]>());
    };

    it("a purchase invoice's tree also shows the documents of its vendor, its order and its receipts, found through the ERP's navigations, a folder each", async () => {
      const related = await tree(`dataAreaId=CRONUS&sitId=${invoiceSit}&recordId=${PI_1003}`, clerk);
      expect(related.map((folder) => [folder.name, namesIn(folder)])).toEqual([
        ['Vendor V30000', ['Northwind W-9.pdf']],
        ['Purchase Order 106003', ['PO 106003.pdf']],
        ['Purchase Receipt 107003-1', ['Delivery note 1.pdf']],
        ['Purchase Receipt 107003-2', ['Delivery note 2.pdf']],
      ]);
      const [vendor, order, receipt] = related;
      expect(vendor.constraints).toMatchObject({
        sitId: invoiceSit,
        recordId: PI_1003,
        relatedSitId: vendorSit,
        relatedRecordId: V30000,
        relatedDataAreaId: 'CRONUS',
        relatedTableId: 23,
        relatedTypeName: 'bc:Microsoft.NAV.Vendor',
      });
      expect(order.constraints).toMatchObject({
        relatedSitId: orderSit,
        relatedRecordId: ORDER_106003,
        relatedTableId: 38,
        relatedSourceType: 1,
      });
      expect(receipt.constraints).toMatchObject({ relatedSitId: receiptSit, relatedRecordId: RECEIPT_107003_1, relatedTableId: 120 });
      expect(related.every((folder) => folder.allowUpload === false)).toBe(true);
      // From the order, its receipts (the order's own key joins them).
      expect((await tree(`dataAreaId=CRONUS&sitId=${orderSit}&recordId=${ORDER_106003}`, clerk)).map((folder) => folder.name)).toEqual([
        'Vendor V30000',
        'Purchase Receipt 107003-1',
        'Purchase Receipt 107003-2',
      ]);
    });

    /** The tree's answer and the ERP's words when it could not name the related records (the header, decoded). */
    const treeAndNotice = async (query: string, user: User): Promise<{ names: string[]; unavailable: string | null }> => {
      const response = await get(`/api/folder-structure?displayType=Default%20View&${query}`, user);
      expect(response.statusCode).toBe(200);
      const header = response.headers[RELATED_UNAVAILABLE_HEADER.toLowerCase()];
      return {
        names: folders(response.json<FolderEntry[]>()).map((folder) => folder.name),
        unavailable: typeof header === 'string' ? decodeURIComponent(header) : null,
      };
    };
    const PI_1003_QUERY = (): string => `dataAreaId=CRONUS&sitId=${invoiceSit}&recordId=${PI_1003}`;
    const RELATED_OF_PI_1003 = ['Vendor V30000', 'Purchase Order 106003', 'Purchase Receipt 107003-1', 'Purchase Receipt 107003-2'];

    it("the ERP down: 200 without the related folders and the ERP's words in Datahaven-Related-Unavailable, the record's own and grouped records kept; back once it returns", async () => {
      // A record group is ours: its members still show while the ERP is down.
      const group = await server.inject({
        method: 'PUT',
        url: '/api/record-group-memberships',
        headers: server.authHeaders(clerk.username),
        payload: {
          source: 'bc',
          records: [
            { sitId: invoiceSit, dataAreaId: 'CRONUS', recordId: PI_1003 },
            { sitId: vendorSit, dataAreaId: 'CRONUS-CA', recordId: CA_V10000 },
          ],
        },
      });
      expect(group.statusCode).toBe(200);
      try {
        await demo.stop();
        try {
          expect(await treeAndNotice(PI_1003_QUERY(), clerk)).toEqual({
            names: ['Vendor V10000'],
            unavailable: 'Business Central cannot be reached right now. Please try again later.',
          });
          // The vendor's own folder is the product's: it answers as ever, and a vendor names no related records, so nothing is missing.
          const vendor = await treeAndNotice(`dataAreaId=CRONUS&sitId=${vendorSit}&recordId=${V30000}`, clerk);
          expect(vendor).toEqual({ names: ['Documents'], unavailable: null });
        } finally {
          await demo.restart();
        }
        expect(await treeAndNotice(PI_1003_QUERY(), clerk)).toEqual({ names: [...RELATED_OF_PI_1003, 'Vendor V10000'], unavailable: null });
      } finally {
        await server.inject({
          method: 'DELETE',
          url: `/api/record-group-memberships/${group.json<{ recordGroupMembershipId: number }>().recordGroupMembershipId}`,
          headers: server.authHeaders(clerk.username),
        });
      }
    });

    it('a 429 from the ERP is retried: the related folders show and nothing is said', async () => {
      faults.failNext(429, { retryAfter: '0' });
      expect(await treeAndNotice(PI_1003_QUERY(), clerk)).toEqual({ names: RELATED_OF_PI_1003, unavailable: null });
      expect(faults.pending).toBe(0);
    });

    it('the ERP busy past its retries: 200, the related folders left out in its words', async () => {
      faults.failNext(503, { count: 10, retryAfter: '0' });
      try {
        expect(await treeAndNotice(PI_1003_QUERY(), clerk)).toEqual({
          names: [],
          unavailable: 'Business Central is busy and asked us to wait. Please try again in a minute.',
        });
      } finally {
        while (faults.pending > 0) faults.take();
      }
    });

    it('the ERP holding the request: the tree answers within its budget and says the ERP did not answer in time', async () => {
      faults.hangNext();
      expect(await treeAndNotice(PI_1003_QUERY(), clerk)).toEqual({
        names: [],
        unavailable: 'Business Central did not answer within 2.5 seconds. Please try again later.',
      });
    });

    it('RestrictToDataAreaId in the tree: a document in a restricting queue shows only to the company of its record', async () => {
      const own = (user: User) =>
        tree(`dataAreaId=CRONUS-CA&sitId=${vendorSit}&recordId=${CA_V10000}`, user).then((all) =>
          namesIn(all.find((folder) => folder.name === 'Documents')),
        );
      // A user of CRONUS does not see the restricted document of a CRONUS-CA record; the other one stays.
      expect(await own(cronusClerk)).toEqual(['Maple terms.pdf']);
      // A user without a company, in CRONUS-CA (the client's company), sees both.
      expect(await own(clerk)).toEqual(['Maple invoice.pdf', 'Maple terms.pdf']);

      const group = await server.inject({
        method: 'PUT',
        url: '/api/record-group-memberships',
        headers: server.authHeaders(clerk.username),
        payload: {
          source: 'bc',
          records: [
            { sitId: invoiceSit, dataAreaId: 'CRONUS', recordId: PI_1003 },
            { sitId: vendorSit, dataAreaId: 'CRONUS-CA', recordId: CA_V10000 },
          ],
        },
      });
      expect(group.statusCode).toBe(200);
      try {
        const related = (user: User) =>
          tree(`dataAreaId=CRONUS&sitId=${invoiceSit}&recordId=${PI_1003}`, user).then((all) =>
            all.find((folder) => folder.constraints.relatedRecordId === CA_V10000),
          );
        // From a CRONUS record the CRONUS-CA vendor's restricted document shows to no one: the company is CRONUS.
        expect(namesIn(await related(cronusClerk))).toEqual(['Maple terms.pdf']);
        expect(namesIn(await related(clerk))).toEqual(['Maple terms.pdf']);
        expect((await related(clerk))?.name).toBe('Vendor V10000');
      } finally {
        await server.inject({
          method: 'DELETE',
          url: `/api/record-group-memberships/${group.json<{ recordGroupMembershipId: number }>().recordGroupMembershipId}`,
          headers: server.authHeaders(clerk.username),
        });
      }
    });

    it("url-generation: the folder's record opens in the ERP; Launch Card privilege, unknown source, RestrictToDataAreaId", async () => {
      const url = (query: string, sit = vendorSit) => `/api/folder-structure/url-generation/${sit}?${query}`;
      const ok = await get(url(`dataAreaId=CRONUS&recordId=${V30000}`), clerk);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        pageId: 26,
        number: 'V30000',
        sitId: vendorSit,
        typeName: 'bc:Microsoft.NAV.Vendor',
        dataAreaId: 'CRONUS',
        recordId: V30000,
      });
      expect(ok.json<{ url: string }>().url).toContain('company=CRONUS&page=26');

      const refused = await get(url(`recordId=${V30000}`), noDynamics);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: URL_GENERATION_REFUSED });
      expect((await get(url(`recordId=${V30000}`, 999999), clerk)).statusCode).toBe(404);
      expect((await get(url(''), clerk)).statusCode).toBe(400);

      const otherCompany = await get(url(`dataAreaId=CRONUS-CA&recordId=${CA_V10000}&queueId=${restricted}`), cronusClerk);
      expect(otherCompany.statusCode).toBe(403);
      expect(otherCompany.json()).toMatchObject({ message: otherCompanyRecordRefusal('CRONUS', 'CRONUS-CA') });
      const noCompany = await get(url(`recordId=${CA_V10000}&docId=${restrictedCaDoc}`), clerk);
      expect(noCompany.statusCode).toBe(403);
      expect(noCompany.json()).toMatchObject({ message: NO_CURRENT_COMPANY });
      // The client's current company is the company for a user without one.
      expect((await get(url(`dataAreaId=CRONUS-CA&recordId=${CA_V10000}&docId=${restrictedCaDoc}`), clerk)).json()).toMatchObject({
        number: 'V10000',
        dataAreaId: 'CRONUS-CA',
      });
    });

    it('RestrictToDataAreaId on entity lists, recordMetadata and url for a document in a restricting queue', async () => {
      const list = await get(`/api/entity-types/bc:vendors/entities?docId=${restrictedCaDoc}`, cronusClerk);
      expect(list.statusCode).toBe(200);
      expect(new Set(list.json<{ dataAreaId: string }[]>().map((record) => record.dataAreaId))).toEqual(new Set(['CRONUS']));
      for (const path of [
        `/api/entity-types/bc:vendors/entities?docId=${restrictedCaDoc}&dataAreaId=CRONUS-CA`,
        `/api/entities/bc:vendors/recordMetadata?docId=${restrictedCaDoc}&dataAreaId=CRONUS-CA`,
        `/api/entities/url?typeName=bc:vendors&recordId=${CA_V10000}&dataAreaId=CRONUS-CA&docId=${restrictedCaDoc}`,
      ]) {
        const refused = await get(path, cronusClerk);
        expect([path, refused.statusCode, refused.json()]).toEqual([
          path,
          403,
          expect.objectContaining({ message: otherCompanyRecordRefusal('CRONUS', 'CRONUS-CA') }),
        ]);
        const noCompany = await get(path.replace('&dataAreaId=CRONUS-CA', ''), clerk);
        expect([path, noCompany.statusCode, noCompany.json()]).toEqual([
          path,
          403,
          expect.objectContaining({ message: NO_CURRENT_COMPANY }),
        ]);
      }
      // Without the document (or outside such a queue) nothing restricts.
      expect((await get('/api/entity-types/bc:vendors/entities?dataAreaId=CRONUS-CA', cronusClerk)).statusCode).toBe(200);
    });
  });
}
