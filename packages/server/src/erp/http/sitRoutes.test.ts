import { createGroup, createIntegratedTable, createUser, grantTableAccess } from '../../test/factories';
import { describeOn, startTestServer, testDialects, type TestServer } from '../../test/testServer';
import { SIT_IMPORT_REFUSED, SIT_LINK_REFUSED, SIT_NEW_CARD_REFUSED } from './sitRoutes';

interface TableAnswer {
  id: number;
  label: string;
  entityTypeName: string;
  allowNewCard: boolean;
}

for (const dialect of testDialects()) {
  describeOn(dialect)(`GET /api/sits, /sits/allowsNewCard and /sits/{id}/importSettings [${dialect}]`, () => {
    let server: TestServer;
    let clerk: string;
    let sales: string;
    let manager: string;
    let vendorSit: number;
    let invoiceSit: number;
    let foSit: number;
    let hiddenSit: number;
    let uploadFolders: number[];

    beforeAll(async () => {
      server = await startTestServer(dialect, {
        env: {
          // The source is only configured: these calls read the product's tables, never the ERP.
          DATAHAVEN_ERP_SOURCES: 'bc',
          DATAHAVEN_ERP_BC_API_URL: 'http://127.0.0.1:9/api/v2.0',
          DATAHAVEN_ERP_BC_TOKEN_URL: 'http://127.0.0.1:9/token',
          DATAHAVEN_ERP_BC_TENANT: 'demo',
          DATAHAVEN_ERP_BC_CLIENT_ID: 'sit-test',
          DATAHAVEN_ERP_BC_CLIENT_SECRET: 'sit-secret',
          DATAHAVEN_ERP_BC_COMPANY: 'CRONUS',
        },
      });
      const db = server.deps.db;
      const vendor = await createIntegratedTable(server, 'Vendor');
      const invoice = await createIntegratedTable(server, 'Purchase Invoice');
      const fo = await createIntegratedTable(server, 'Vendor account');
      const hidden = await createIntegratedTable(server, 'Vendor bank');
      await createIntegratedTable(server, 'Rebate 50%');
      await createIntegratedTable(server, 'Rebate_500');
      vendorSit = vendor.sitId;
      invoiceSit = invoice.sitId;
      foSit = fo.sitId;
      hiddenSit = hidden.sitId;
      await db.updateTable('integrated_tables').set({ allow_new_card: 1 }).where('id', 'in', [invoiceSit, foSit, hiddenSit]).execute();
      // A table of a source with no connector: it cannot be linked to (allowRecordLinking).
      await db.updateTable('integrated_tables').set({ entity_type_name: 'fo:VendVendorV2' }).where('id', '=', foSit).execute();
      // Only the invoices folder of the vendor table takes uploads; the contracts one is disabled.
      await db.updateTable('display_folders').set({ allow_upload: 1 }).where('integrated_table_id', '=', vendorSit).execute();
      await db.updateTable('display_folders').set({ enabled: 0 }).where('id', '=', vendor.folderIds.contracts).execute();
      uploadFolders = [vendor.folderIds.invoices, vendor.folderIds.other];
      const clerks = await createGroup(server, 'sit-clerks');
      await grantTableAccess(server, clerks, vendorSit, { canUpload: true, dataAreaId: 'CRONUS' });
      await grantTableAccess(server, clerks, vendorSit, { canUpload: true, dataAreaId: 'CRONUS-CA' });
      await grantTableAccess(server, clerks, invoiceSit);
      await grantTableAccess(server, clerks, foSit);
      clerk = (
        await createUser(server, 'sit-clerk', {
          groups: [clerks],
          privileges: { 'Dynamics: Link to Existing': true, 'Dynamics: New Card From Document': true, 'Cabinet: Import Documents': true },
        })
      ).username;
      sales = (await createUser(server, 'sit-sales', { groups: [clerks] })).username;
      manager = (
        await createUser(server, 'sit-manager', {
          privileges: { 'Security: Manager': true, 'Cabinet: Import Documents': true, 'Dynamics: Link to Existing': true },
        })
      ).username;
    });

    afterAll(async () => {
      await server?.close();
    });

    const get = (url: string, username = clerk) => server.inject({ url, headers: server.authHeaders(username) });
    const labelsOf = async (url: string, username = clerk): Promise<string[]> => {
      const response = await get(url, username);
      expect(response.statusCode).toBe(200);
      return response.json<TableAnswer[]>().map((table) => table.label);
    };

    it('lists the tables the caller may see by label, filtered by name; allowRecordLinking leaves out a source with no connector', async () => {
      expect(await labelsOf('/api/sits')).toEqual(['Purchase Invoice', 'Vendor', 'Vendor account']);
      expect(await labelsOf('/api/sits?allowRecordLinking=true')).toEqual(['Purchase Invoice', 'Vendor']);
      expect(await labelsOf('/api/sits?allowRecordLinking=true&filterName=VEND')).toEqual(['Vendor']);
      // Wildcards are text: '50%' and '_' match themselves on both databases.
      expect(await labelsOf('/api/sits?filterName=50%25', manager)).toEqual(['Rebate 50%']);
      expect(await labelsOf('/api/sits?filterName=_', manager)).toEqual(['Rebate_500']);
      // A security manager sees every table, the one no group may view too.
      expect(await labelsOf('/api/sits?filterName=vendor', manager)).toEqual(['Vendor', 'Vendor account', 'Vendor bank']);
      const vendor = (await get('/api/sits?filterName=Vendor&allowRecordLinking=true')).json<Record<string, unknown>[]>()[0];
      expect(vendor).toEqual({
        id: vendorSit,
        externalTableId: expect.any(Number),
        sourceTypeId: 0,
        entityTypeName: expect.stringMatching(/^bc:Microsoft\.NAV\.Vendor\d+$/),
        label: 'Vendor',
        productType: 'bc',
        allowNewCard: false,
      });
    });

    it('lists the tables that allow a new card, linkable ones only', async () => {
      expect(await labelsOf('/api/sits/allowsNewCard')).toEqual(['Purchase Invoice']);
      expect(await labelsOf('/api/sits/allowsNewCard?filterName=vendor')).toEqual([]);
      const long = await get(`/api/sits/allowsNewCard?filterName=${'x'.repeat(201)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ exceptionType: 'ValidationError', message: 'filterName is limited to 200 characters.' });
    });

    it('answers where an upload on a table goes: the data areas the caller may upload in, the folders that take uploads, no queue', async () => {
      const settings = await get(`/api/sits/${vendorSit}/importSettings`);
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toEqual({
        sitId: vendorSit,
        canUpload: true,
        dataAreaIds: ['CRONUS', 'CRONUS-CA'],
        folders: [
          { id: uploadFolders[0], text: 'Invoices', subtypeId: expect.any(Number) },
          { id: uploadFolders[1], text: 'Correspondence', subtypeId: null },
        ],
        queueId: null,
      });
      expect((await get(`/api/sits/${invoiceSit}/importSettings`)).json()).toEqual({
        sitId: invoiceSit,
        canUpload: false,
        dataAreaIds: [],
        folders: [],
        queueId: null,
      });
      expect((await get(`/api/sits/${hiddenSit}/importSettings`, manager)).json()).toMatchObject({
        sitId: hiddenSit,
        canUpload: true,
        dataAreaIds: null,
      });
      for (const id of [hiddenSit, 999999]) {
        const missing = await get(`/api/sits/${id}/importSettings`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ message: 'The integrated table was not found.' });
      }
      expect((await get('/api/sits/x1/importSettings')).statusCode).toBe(400);
    });

    it('refuses a user without the privileges (403), each call in its words', async () => {
      for (const [url, message] of [
        ['/api/sits?allowRecordLinking=true', SIT_LINK_REFUSED],
        ['/api/sits/allowsNewCard', SIT_NEW_CARD_REFUSED],
        [`/api/sits/${vendorSit}/importSettings`, SIT_IMPORT_REFUSED],
      ]) {
        const refused = await get(url, sales);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ exceptionType: 'Forbidden', message });
      }
    });
  });
}
