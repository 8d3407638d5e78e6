import { createGroup, createUser, grantTableAccess } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { noSuchDataArea, noTableForType } from '../erpSystemQueries';
import { noTableOfId } from './tableRoutes';
import { noCardPage, noSuchRecord } from '../entityUrlQueries';
import { ERP_TABLE_REFUSED } from './entityTypeTableRoutes';
import { ENTITY_URL_REFUSED } from './entityUrlRoutes';

for (const dialect of testDialects()) {
  const title = `GET /api/entity-types/{name}/sit and /system, /tables/{id}/type, /areas/{id}, /entity-type/{name}/entities/by-properties, /entities/url, /entities/{name}/recordMetadata through the demo ERP [${dialect}]`;
  describeOn(dialect)(title, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let clerk: string;
    let sales: string;
    let vendorSit: number;
    let invoiceSit: number;
    let orderSit: number;

    beforeAll(async () => {
      demo = await startTestDemoErp({ maxPageSize: 3 });
      server = await startTestServer(dialect, { env: demo.env });
      const db = server.deps.db;
      const table = async (externalTableId: number, sourceTypeId: number, entityTypeName: string, label: string): Promise<number> =>
        (
          await db
            .insertInto('integrated_tables')
            .values({
              external_table_id: externalTableId,
              source_type_id: sourceTypeId,
              entity_type_name: entityTypeName,
              label,
              product_type: 'bc',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      // As the demo seeds them: BC's Vendor table 23, and Purchase Header 38 whose kinds are its document types.
      vendorSit = await table(23, 0, 'bc:Microsoft.NAV.Vendor', 'Vendor');
      invoiceSit = await table(38, 2, 'bc:Microsoft.NAV.PurchaseHeader', 'Purchase Invoice');
      orderSit = await table(38, 1, 'bc:Microsoft.NAV.PurchaseOrderHeader', 'Purchase Order');
      const clerks = await createGroup(server, 'table-clerks');
      for (const sitId of [vendorSit, invoiceSit, orderSit]) await grantTableAccess(server, clerks, sitId);
      clerk = (
        await createUser(server, 'table-clerk', {
          groups: [clerks],
          privileges: { 'Dynamics: Link to Existing': true, 'Dynamics: Launch Card From Document': true },
        })
      ).username;
      sales = (await createUser(server, 'table-sales', { groups: [clerks] })).username;
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const get = (url: string, username = clerk) => server.inject({ url, headers: server.authHeaders(username) });
    const expectAnswer = async (url: string, status: number, body: unknown): Promise<void> => {
      const response = await get(url);
      expect({ url, status: response.statusCode, body: response.json<unknown>() }).toEqual({ url, status, body });
    };

    // First, while nothing is cached: the ERP's company list and $metadata are fetched on demand.
    it('answers 503 in the ERP words when the ERP is stopped, never a 500, and recovers when it is back', async () => {
      await demo.stop();
      const words = {
        statusCode: 503,
        exceptionType: 'InternalError',
        message: 'Business Central cannot be reached right now. Please try again later.',
      };
      await expectAnswer('/api/areas/CRONUS', 503, words);
      await expectAnswer('/api/entity-types/bc:vendors/sit', 503, words);
      // Neither needs the ERP: the stored name and the configuration answer.
      expect((await get('/api/entity-types/bc:Microsoft.NAV.Vendor/sit')).statusCode).toBe(200);
      expect((await get('/api/entity-types/bc:vendors/system')).statusCode).toBe(200);
      await demo.restart();
      expect((await get('/api/areas/CRONUS')).json()).toMatchObject({ id: 'CRONUS' });
    });

    it("finds the integrated table of an entity type by its stored name or through the ERP's $metadata", async () => {
      const vendor = {
        id: vendorSit,
        externalTableId: 23,
        sourceTypeId: 0,
        entityTypeName: 'bc:Microsoft.NAV.Vendor',
        label: 'Vendor',
        productType: 'bc',
        allowNewCard: false,
      };
      await expectAnswer('/api/entity-types/bc:microsoft.nav.vendor/sit', 200, vendor);
      await expectAnswer('/api/entity-types/bc:vendors/sit', 200, vendor);
      // The Purchase Header table is served as purchaseInvoices (erp/entityTypeQueries' mapping).
      expect((await get('/api/entity-types/bc:Microsoft.NAV.purchaseInvoice/sit')).json()).toMatchObject({
        id: invoiceSit,
        label: 'Purchase Invoice',
      });
      await expectAnswer('/api/entity-types/bc:companies/sit', 404, {
        statusCode: 404,
        exceptionType: 'NotFound',
        message: noTableForType('bc:companies'),
      });
      await expectAnswer('/api/entity-types/bc:customers/sit', 404, {
        statusCode: 404,
        exceptionType: 'NotFound',
        message: "Business Central has no entity type 'customers'.",
      });
      await expectAnswer('/api/entity-types/fo:vendors/sit', 404, {
        statusCode: 404,
        exceptionType: 'NotFound',
        message: "No ERP is configured for 'fo'.",
      });
    });

    it('names the ERP serving a type, with its default company', async () => {
      await expectAnswer('/api/entity-types/bc:Microsoft.NAV.purchaseInvoice/system', 200, {
        prefix: 'bc',
        label: 'Business Central',
        defaultDataAreaId: 'CRONUS',
      });
      expect((await get('/api/entity-types/fo:vendors/system')).statusCode).toBe(404);
      const name = await get('/api/entity-types/vendors/system');
      expect(name.statusCode).toBe(400);
      expect(name.json()).toMatchObject({ message: 'An entity type name is prefix:type, e.g. bc:Microsoft.NAV.vendor.' });
    });

    it('answers the integrated table of an ERP table number and source type, the lowest kind without one', async () => {
      expect((await get('/api/tables/38/type?sourceTypeId=2')).json()).toMatchObject({
        id: invoiceSit,
        entityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      });
      expect((await get('/api/tables/38/type')).json()).toMatchObject({ id: orderSit, sourceTypeId: 1 });
      expect((await get('/api/tables/23/type')).json()).toMatchObject({ id: vendorSit, entityTypeName: 'bc:Microsoft.NAV.Vendor' });
      await expectAnswer('/api/tables/38/type?sourceTypeId=5', 404, {
        statusCode: 404,
        exceptionType: 'NotFound',
        message: noTableOfId(38, 5),
      });
      await expectAnswer('/api/tables/18/type', 404, {
        statusCode: 404,
        exceptionType: 'NotFound',
        message: 'No integrated table has the ERP table 18.',
      });
      expect((await get('/api/tables/38/type?sourceTypeId=two')).json()).toMatchObject({
        statusCode: 400,
        message: 'The parameter sourceTypeId must be an integer.',
      });
    });

    it("answers a company of the ERP by its name, case aside, or the ERP's key; 404 in words for one no ERP has", async () => {
      const canada = {
        id: 'CRONUS-CA',
        displayName: 'CRONUS Canada, Inc.',
        companyId: 'c0a80001-0000-4000-8000-000000000002',
        prefix: 'bc',
      };
      await expectAnswer('/api/areas/cronus-ca', 200, canada);
      await expectAnswer('/api/areas/c0a80001-0000-4000-8000-000000000002', 200, canada);
      await expectAnswer('/api/areas/CRONUS-UK', 404, { statusCode: 404, exceptionType: 'NotFound', message: noSuchDataArea('CRONUS-UK') });
    });

    it('pages the records with only the named properties, the keys first, until a short page', async () => {
      const url = '/api/entity-type/bc:Microsoft.NAV.Vendor/entities/by-properties?field=number&field=displayName';
      const first = await get(`${url}&take=3`);
      expect(first.statusCode).toBe(200);
      const rows = first.json<Record<string, unknown>[]>();
      expect(rows).toHaveLength(3);
      expect(rows[0]).toEqual({
        id: '5d7e1c2a-8b3f-4a6e-9c01-000000010000',
        number: 'V10000',
        displayName: 'Fabrikam, Inc.',
        dataAreaId: 'CRONUS',
      });
      // The ERP serves 3 a page: the next page is the short one, the last vendor.
      const rest = (await get(`${url}&take=3&skip=3`)).json<Record<string, unknown>[]>();
      expect(rest.map((row) => Object.keys(row))).toEqual([['id', 'number', 'displayName', 'dataAreaId']]);
      expect([...rows, ...rest].map((row) => row.number)).toEqual(
        (await get('/api/entity-types/bc:vendors/entities'))
          .json<Record<string, unknown>[]>()
          .map((row) => row.number)
          .sort(),
      );
      const canada = (await get('/api/entity-type/bc:vendors/entities/by-properties?field=number,displayName&dataAreaId=CRONUS-CA')).json<
        Record<string, unknown>[]
      >();
      expect(canada.map((row) => [row.number, row.dataAreaId])).toEqual([
        ['V10000', 'CRONUS-CA'],
        ['V20000', 'CRONUS-CA'],
      ]);
      await expectAnswer('/api/entity-type/bc:vendors/entities/by-properties?field=colour', 400, {
        statusCode: 400,
        exceptionType: 'ValidationError',
        message: "Business Central: 'vendor' has no property 'colour'.",
      });
      await expectAnswer('/api/entity-type/bc:vendors/entities/by-properties', 400, {
        statusCode: 400,
        exceptionType: 'ValidationError',
        message: 'Name at least one property in field, e.g. field=number.',
      });
      expect((await get(`${url}&take=101`)).statusCode).toBe(400);
    });

    it("answers the record's card URL in Business Central's web client, the record read from the ERP first", async () => {
      const vendor = await get(
        '/api/entities/url?typeName=bc:Microsoft.NAV.Vendor&dataAreaId=CRONUS&recordId=5d7e1c2a-8b3f-4a6e-9c01-000000010000',
      );
      expect(vendor.statusCode).toBe(200);
      expect(vendor.json()).toEqual({
        url: `${demo.erp.baseUrl}/?company=CRONUS&page=26&filter=%27No.%27%20IS%20%27V10000%27`,
        pageId: 26,
        number: 'V10000',
      });
      // The Purchase Header table opens the Purchase Invoice page; the company defaults to the source's.
      expect(
        (await get('/api/entities/url?typeName=bc:Microsoft.NAV.PurchaseHeader&recordId=8a4f2e6b-1c9d-4b3a-8e02-000000001003')).json(),
      ).toMatchObject({ pageId: 51, number: 'PI-1003', url: expect.stringContaining('?company=CRONUS&page=51&') });
      const missing = '00000000-0000-4000-8000-0000000000ff';
      await expectAnswer(`/api/entities/url?typeName=bc:vendors&dataAreaId=CRONUS-CA&recordId=${missing}`, 404, {
        statusCode: 404,
        exceptionType: 'NotFound',
        message: noSuchRecord('Business Central', missing, 'CRONUS-CA'),
      });
      await expectAnswer(`/api/entities/url?typeName=bc:companies&recordId=${missing}`, 400, {
        statusCode: 400,
        exceptionType: 'ValidationError',
        message: noCardPage('Business Central', 'bc:companies'),
      });
      await expectAnswer('/api/entities/url?typeName=bc:vendors', 400, {
        statusCode: 400,
        exceptionType: 'ValidationError',
        message: 'Name the record: typeName and recordId.',
      });
      const refused = await get(`/api/entities/url?typeName=bc:vendors&recordId=${missing}`, sales);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ exceptionType: 'Forbidden', message: ENTITY_URL_REFUSED });
    });

    it('answers a page of records with the properties that describe them, paged and filtered', async () => {
      const page = await get('/api/entities/bc:purchaseInvoice/recordMetadata?q_vendorNumber=V10000&skip=1&take=2');
      expect(page.statusCode).toBe(200);
      const body = page.json<{
        name: string;
        properties: { name: string; isKey: boolean }[];
        records: Record<string, unknown>[];
        skip: number;
        take: number;
      }>();
      expect({ name: body.name, skip: body.skip, take: body.take }).toEqual({ name: 'bc:purchaseInvoice', skip: 1, take: 2 });
      expect(body.properties.slice(0, 2)).toEqual([
        { name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null, isKey: true },
        { name: 'number', type: 'Edm.String', nullable: true, maxLength: 20, isKey: false },
      ]);
      expect(body.records.length).toBeGreaterThan(0);
      expect(body.records.every((record) => record.vendorNumber === 'V10000')).toBe(true);
      // The records carry exactly the described columns, and their data area.
      expect(Object.keys(body.records[0])).toEqual([...body.properties.map((property) => property.name), 'dataAreaId']);
      // skip=1 leaves out the first of the same filter.
      const all = (await get('/api/entities/bc:purchaseInvoice/recordMetadata?q_vendorNumber=V10000')).json<{
        records: Record<string, unknown>[];
      }>().records;
      expect(body.records.map((record) => record.number)).toEqual(all.slice(1, 3).map((record) => record.number));
      await expectAnswer('/api/entities/bc:vendors/recordMetadata?columnSetName=wide', 400, {
        statusCode: 400,
        exceptionType: 'ValidationError',
        message: "There is no column set 'wide': use pushLink or all.",
      });
      expect((await get('/api/entities/bc:vendors/recordMetadata?take=0')).statusCode).toBe(400);
    });

    it("refuses a user without 'Dynamics: Link to Existing' (403) on each call", async () => {
      for (const url of [
        '/api/entity-types/bc:vendors/sit',
        '/api/entity-types/bc:vendors/system',
        '/api/tables/23/type',
        '/api/areas/CRONUS',
        '/api/entity-type/bc:vendors/entities/by-properties?field=number',
        '/api/entities/bc:vendors/recordMetadata',
      ]) {
        const refused = await get(url, sales);
        expect({ url, status: refused.statusCode, body: refused.json<unknown>() }).toEqual({
          url,
          status: 403,
          body: { statusCode: 403, exceptionType: 'Forbidden', message: ERP_TABLE_REFUSED },
        });
      }
    });
  });
}
