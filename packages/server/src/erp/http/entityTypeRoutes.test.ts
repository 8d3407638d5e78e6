import { DemoErpFaults } from '../../demo/demoErp/DemoErpFaults';
import { createUser } from '../../test/factories';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { ENTITY_SEARCH_REFUSED, METADATA_DEBUG_REFUSED } from './entityTypeRoutes';

for (const dialect of testDialects()) {
  describeOn(dialect)(`GET /api/entity-types/{name}/properties and /entities through the demo ERP [${dialect}]`, () => {
    let demo: TestDemoErp;
    let server: TestServer;
    let faults: DemoErpFaults;
    let clerk: string;
    let sales: string;
    let manager: string;

    beforeAll(async () => {
      faults = new DemoErpFaults();
      demo = await startTestDemoErp({ faults, maxPageSize: 3 });
      server = await startTestServer(dialect, { env: demo.env });
      clerk = (await createUser(server, 'erp-clerk', { privileges: { 'Dynamics: Link to Existing': true } })).username;
      sales = (await createUser(server, 'erp-sales')).username;
      manager = (await createUser(server, 'erp-manager', { privileges: { 'Security: Manager': true } })).username;
    });

    afterAll(async () => {
      await server?.close();
      await demo?.stop();
    });

    const get = (url: string, username = clerk) => server.inject({ url, headers: server.authHeaders(username) });
    const numbersOf = async (url: string): Promise<unknown[]> => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      return response.json<Record<string, unknown>[]>().map((record) => record.number);
    };

    it("lists the pushLink column set of an entity type from the ERP's $metadata, keys first; all lists every property", async () => {
      const response = await get('/api/entity-types/bc:Microsoft.NAV.purchaseInvoice/properties');
      expect(response.statusCode).toBe(200);
      const properties = response.json<{ name: string; type: string; isKey: boolean }[]>();
      expect(properties.map((p) => p.name)).toEqual([
        'id',
        'number',
        'vendorNumber',
        'vendorName',
        'vendorInvoiceNumber',
        'invoiceDate',
        'postingDate',
        'dueDate',
        'orderNumber',
        'totalAmountIncludingTax',
        'currencyCode',
        'status',
      ]);
      expect(properties[0]).toEqual({ name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null, isKey: true });
      expect(properties.find((p) => p.name === 'totalAmountIncludingTax')).toEqual({
        name: 'totalAmountIncludingTax',
        type: 'Edm.Decimal',
        nullable: true,
        maxLength: null,
        isKey: false,
      });
      const all = await get('/api/entity-types/bc:Microsoft.NAV.purchaseInvoice/properties?columnSetName=all');
      expect(all.json<{ name: string }[]>().map((p) => p.name)).toEqual(
        expect.arrayContaining(['orderId', 'totalTaxAmount', 'lastModifiedDateTime']),
      );
      // The integrated table's stored type name differs in case only: it still resolves.
      expect((await get('/api/entity-types/bc:Microsoft.NAV.Vendor/properties')).json<{ name: string }[]>().map((p) => p.name)).toEqual([
        'id',
        'number',
        'displayName',
        'currencyCode',
        'city',
      ]);
      const unknownSet = await get('/api/entity-types/bc:vendors/properties?columnSetName=wide');
      expect(unknownSet.statusCode).toBe(400);
      expect(unknownSet.json()).toMatchObject({
        exceptionType: 'ValidationError',
        message: "There is no column set 'wide': use pushLink or all.",
      });
    });

    it("pages the records 30 at a time by default, following the ERP's own pages, with the column set and the data area", async () => {
      const response = await get('/api/entity-types/bc:vendors/entities');
      expect(response.statusCode).toBe(200);
      const vendors = response.json<Record<string, unknown>[]>();
      expect(vendors).toHaveLength(4);
      expect(vendors[0]).toEqual({
        id: '5d7e1c2a-8b3f-4a6e-9c01-000000010000',
        number: 'V10000',
        displayName: 'Fabrikam, Inc.',
        currencyCode: 'USD',
        city: 'Atlanta, GA 31772',
        dataAreaId: 'CRONUS',
      });
      expect(await numbersOf('/api/entity-types/bc:Microsoft.NAV.purchaseInvoice/entities?skip=1&take=4')).toEqual([
        'PI-1002',
        'PI-1003',
        'PI-1004',
        'PI-1005',
      ]);
    });

    it('filters with q_{field}: text by contains, dates and amounts by equality', async () => {
      expect(await numbersOf('/api/entity-types/bc:purchaseInvoice/entities?q_number=PI-100&take=2')).toEqual(['PI-1001', 'PI-1002']);
      expect(await numbersOf('/api/entity-types/bc:purchaseInvoice/entities?q_vendorName=wind')).toEqual(['PI-1003']);
      expect(await numbersOf('/api/entity-types/bc:purchaseInvoice/entities?q_vendorNumber=V10000&q_dueDate=2025-06-19')).toEqual([
        'PI-1005',
      ]);
      expect(await numbersOf("/api/entity-types/bc:purchaseInvoice/entities?q_vendorName=O'Brien")).toEqual([]);
      const unknown = await get('/api/entity-types/bc:purchaseInvoice/entities?q_colour=red');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        exceptionType: 'ValidationError',
        message: "Business Central: 'purchaseInvoice' has no property 'colour'.",
      });
      const badDate = await get('/api/entity-types/bc:purchaseInvoice/entities?q_dueDate=soon');
      expect(badDate.statusCode).toBe(400);
    });

    it('reads another company by dataAreaId, and answers 404 in words for a company or type the ERP lacks', async () => {
      const canada = await get('/api/entity-types/bc:vendors/entities?dataAreaId=CRONUS-CA');
      expect(canada.json<Record<string, unknown>[]>().map((v) => [v.number, v.displayName, v.dataAreaId])).toEqual([
        ['V10000', 'Maple Leaf Freight Ltd.', 'CRONUS-CA'],
        ['V20000', 'Northern Paper Co.', 'CRONUS-CA'],
      ]);
      const company = await get('/api/entity-types/bc:vendors/entities?dataAreaId=CRONUS-UK');
      expect(company.statusCode).toBe(404);
      expect(company.json()).toMatchObject({ message: "Business Central has no company 'CRONUS-UK'." });
      const type = await get('/api/entity-types/bc:customers/entities');
      expect(type.statusCode).toBe(404);
      expect(type.json()).toMatchObject({ message: "Business Central has no entity type 'customers'." });
      const source = await get('/api/entity-types/fo:vendors/entities');
      expect(source.statusCode).toBe(404);
      expect(source.json()).toMatchObject({ message: "No ERP is configured for 'fo'." });
    });

    it("refuses a user without 'Dynamics: Link to Existing' (403), and checks skip and take", async () => {
      for (const url of ['/api/entity-types/bc:vendors/entities', '/api/entity-types/bc:vendors/properties']) {
        const refused = await get(url, sales);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ exceptionType: 'Forbidden', message: ENTITY_SEARCH_REFUSED });
      }
      expect((await get('/api/entity-types/bc:vendors/entities?take=0')).statusCode).toBe(400);
      expect((await get('/api/entity-types/bc:vendors/entities?take=101')).statusCode).toBe(400);
      expect((await get('/api/entity-types/bc:vendors/entities?skip=-1')).statusCode).toBe(400);
      const name = await get('/api/entity-types/vendors/entities');
      expect(name.statusCode).toBe(400);
      expect(name.json()).toMatchObject({ message: 'An entity type name is prefix:type, e.g. bc:Microsoft.NAV.vendor.' });
    });

    it('answers the keys of an entity type, and to a security manager the metadata of one type and the list of a source', async () => {
      expect((await get('/api/entities/bc:Microsoft.NAV.purchaseInvoice/keys')).json()).toEqual(['id']);
      const meta = await get('/api/debug/meta/bc:purchaseInvoices', manager);
      expect(meta.statusCode).toBe(200);
      expect(meta.json()).toMatchObject({
        name: 'bc:Microsoft.NAV.purchaseInvoice',
        entitySet: 'purchaseInvoices',
        keys: ['id'],
        navigations: expect.arrayContaining([{ name: 'vendor', targetType: 'Microsoft.NAV.vendor', collection: false }]),
      });
      const list = await get('/api/debug/meta-list/entities/bc', manager);
      expect(list.json<{ name: string; entitySet: string }[]>().map((t) => [t.name, t.entitySet])).toEqual([
        ['bc:Microsoft.NAV.company', 'companies'],
        ['bc:Microsoft.NAV.vendor', 'vendors'],
        ['bc:Microsoft.NAV.purchaseInvoice', 'purchaseInvoices'],
        ['bc:Microsoft.NAV.purchaseInvoiceLine', 'purchaseInvoiceLines'],
        ['bc:Microsoft.NAV.purchaseOrder', 'purchaseOrders'],
        ['bc:Microsoft.NAV.purchaseReceipt', 'purchaseReceipts'],
        ['bc:Microsoft.NAV.postedPurchaseInvoice', 'postedPurchaseInvoices'],
        ['bc:Microsoft.NAV.companyInformation', 'companyInformation'],
        ['bc:Microsoft.NAV.currencyExchangeRate', 'currencyExchangeRates'],
      ]);
      for (const url of ['/api/debug/meta/bc:vendors', '/api/debug/meta-list/entities/bc']) {
        const refused = await get(url);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ message: METADATA_DEBUG_REFUSED });
      }
      expect((await get('/api/entities/bc:vendors/keys', sales)).statusCode).toBe(403);
    });

    it('retries a 429 from the ERP and answers the records', async () => {
      faults.failNext(429, { retryAfter: '0' });
      expect(await numbersOf('/api/entity-types/bc:vendors/entities?take=1')).toEqual(['V10000']);
      expect(faults.pending).toBe(0);
    });

    it('answers 503 in words when the ERP is stopped, never a 500, and recovers when it is back', async () => {
      await demo.stop();
      const down = await get('/api/entity-types/bc:vendors/entities');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        statusCode: 503,
        exceptionType: 'InternalError',
        message: 'Business Central cannot be reached right now. Please try again later.',
      });
      await demo.restart();
      expect(await numbersOf('/api/entity-types/bc:vendors/entities?take=2')).toEqual(['V10000', 'V20000']);
    });
  });
}
