import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/Config';
import { buildServerApp } from '../../buildServerApp';
import { openServices, type Services } from '../../openServices';
import { DEMO_PURCHASE_INVOICES, DEMO_TABLES, demoVendor } from '../demoWorld';
import { registerDemoRoutes } from '../registerDemoRoutes';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { listenForTest } from '../../test/listenForTest';

const VENDOR_TYPE = DEMO_TABLES[0].typeName;
const INVOICE_TYPE = DEMO_TABLES[1].typeName;

// The card routes read the demo ERP over HTTP and touch no database: SQLite is enough here.
describe('the demo page card: the record as the demo ERP holds it, and Post', () => {
  let dataDir: string;
  let demo: TestDemoErp;
  let services: Services;
  let app: FastifyInstance;
  let baseUrl: string;
  const call = async (
    path: string,
    method = 'GET',
    headers: Record<string, string> = method === 'POST' ? { 'X-Demo-Action': 'post' } : {},
  ): Promise<{ status: number; body: { facts?: [string, string][]; canPost?: boolean; message?: string } }> => {
    const response = await fetch(baseUrl + path, { method, headers });
    return {
      status: response.status,
      body: (await response.json()) as { facts?: [string, string][]; canPost?: boolean; message?: string },
    };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-card-'));
    demo = await startTestDemoErp();
    const config = loadConfig({
      DATAHAVEN_DATA_DIR: dataDir,
      DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
      ...demo.env,
    });
    services = await openServices(config);
    app = await buildServerApp(services.deps, { extraRoutes: [registerDemoRoutes] });
    baseUrl = await listenForTest(app);
  });

  afterAll(async () => {
    await app.close();
    await services.close();
    await demo.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("shows a vendor's ERP facts, and a draft invoice's with Post offered", async () => {
    const vendor = await call(
      `/demo/erp/erp-facts?typeName=${encodeURIComponent(VENDOR_TYPE)}&recordId=${demoVendor('V30000').systemId}&dataAreaId=CRONUS`,
    );
    expect(vendor.status).toBe(200);
    expect(vendor.body).toEqual({
      facts: expect.arrayContaining([
        ['No.', 'V30000'],
        ['Name', 'Northwind Traders'],
      ]),
      canPost: false,
    });
    const invoice = DEMO_PURCHASE_INVOICES.find((i) => i.number === 'PI-1003');
    const facts = await call(
      `/demo/erp/erp-facts?typeName=${encodeURIComponent(INVOICE_TYPE)}&recordId=${invoice?.systemId}&dataAreaId=CRONUS`,
    );
    expect(facts.body.canPost).toBe(true);
    expect(facts.body.facts).toEqual(
      expect.arrayContaining([
        ['No.', 'PI-1003'],
        ['Vendor', 'V30000 Northwind Traders'],
        ['Status', 'Draft'],
        ['Amount Incl. Tax', expect.stringMatching(/^\d{1,3}(,\d{3})*\.\d{2} USD$/)],
        // The table extension's field of manifests/bc, read through the extension API: blank until a decision is written.
        ['Datahaven Approval Status', ''],
      ]),
    );
  });

  it('refuses to post an invoice not approved in Datahaven, saying why; posts it once it is Approved: status Open, the posted number shown, Post no longer offered', async () => {
    const invoice = DEMO_PURCHASE_INVOICES.find((i) => i.number === 'PI-1003');
    const query = `typeName=${encodeURIComponent(INVOICE_TYPE)}&recordId=${invoice?.systemId}&dataAreaId=CRONUS`;
    // Without the page's header (a cross-site form could not send it): refused, nothing posted.
    expect((await call(`/demo/erp/erp-post?${query}`, 'POST', {})).status).toBe(403);
    const unapproved = await call(`/demo/erp/erp-post?${query}`, 'POST');
    expect(unapproved.status).toBe(400);
    expect(unapproved.body.message).toBe(
      'Business Central refused the request: Purchase invoice PI-1003 cannot be posted: it is not approved in Datahaven Documents (approval status: none).',
    );
    const companyId = demo.erp.store.listCompanies()[0].id as string;
    demo.erp.store.setApprovalStatus(companyId, invoice?.systemId ?? '', 'Pending Approval');
    expect((await call(`/demo/erp/erp-post?${query}`, 'POST')).body.message).toBe(
      'Business Central refused the request: Purchase invoice PI-1003 cannot be posted: it is not approved in Datahaven Documents (approval status: Pending Approval).',
    );
    demo.erp.store.setApprovalStatus(companyId, invoice?.systemId ?? '', 'Approved');
    expect((await call(`/demo/erp/erp-facts?${query}`)).body.facts).toContainEqual(['Datahaven Approval Status', 'Approved']);
    const posted = await call(`/demo/erp/erp-post?${query}`, 'POST');
    expect(posted.status).toBe(200);
    expect(posted.body.canPost).toBe(false);
    expect(posted.body.facts).toEqual(
      expect.arrayContaining([
        ['Status', 'Open'],
        ['Posted Invoice No.', 'PPI-1003'],
      ]),
    );
    const again = await call(`/demo/erp/erp-post?${query}`, 'POST');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Business Central refused the request: The purchase invoice PI-1003 has already been posted.');
  });

  it('says in words that the demo ERP cannot be reached when it is stopped (503, never 500)', async () => {
    await demo.stop();
    const down = await call(`/demo/erp/erp-facts?typeName=${encodeURIComponent(VENDOR_TYPE)}&recordId=${demoVendor('V10000').systemId}`);
    expect(down.status).toBe(503);
    expect(down.body.message).toBe('Business Central cannot be reached right now. Please try again later.');
    await demo.restart();
    expect(
      (await call(`/demo/erp/erp-facts?typeName=${encodeURIComponent(VENDOR_TYPE)}&recordId=${demoVendor('V10000').systemId}`)).status,
    ).toBe(200);
    expect((await call('/demo/erp/erp-facts?typeName=nope&recordId=x')).status).toBe(404);
  });
});
