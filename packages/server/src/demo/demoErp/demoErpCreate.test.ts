import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/Config';
import { buildServerApp } from '../../buildServerApp';
import { openServices, type Services } from '../../openServices';
import { DEMO_TABLES } from '../demoWorld';
import { registerDemoRoutes } from '../registerDemoRoutes';
import { startTestDemoErp, type TestDemoErp } from '../../test/startTestDemoErp';
import { listenForTest } from '../../test/listenForTest';

interface Created {
  record?: {
    kind: string;
    number: string;
    label: string;
    context: { typeName: string; tableId: number; dataAreaId: string; recordId: string };
  };
  message?: string;
}

// The page's New action makes the invoice in the demo ERP over HTTP and touches no database: SQLite is enough here.
describe("the demo page's New Purchase Invoice: a draft invoice made in the demo ERP, with the context the add-in's insert event carries", () => {
  let dataDir: string;
  let demo: TestDemoErp;
  let services: Services;
  let app: FastifyInstance;
  let baseUrl: string;
  const create = async (
    body: unknown,
    headers: Record<string, string> = { 'X-Demo-Action': 'create' },
  ): Promise<{ status: number; body: Created }> => {
    const response = await fetch(`${baseUrl}/demo/erp/erp-create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Created };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-create-'));
    demo = await startTestDemoErp();
    services = await openServices(loadConfig({ DATAHAVEN_DATA_DIR: dataDir, DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'), ...demo.env }));
    app = await buildServerApp(services.deps, { extraRoutes: [registerDemoRoutes] });
    baseUrl = await listenForTest(app);
  });

  afterAll(async () => {
    await app.close();
    await services.close();
    await demo.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes a draft purchase invoice for the vendor in CRONUS and answers it as the page lists it', async () => {
    const made = await create({ vendorNumber: 'V30000', vendorInvoiceNumber: 'NWT-77' });
    expect(made.status).toBe(201);
    const invoiceTable = DEMO_TABLES.find((table) => table.key === 'purchaseInvoice');
    expect(made.body.record).toMatchObject({
      kind: 'purchaseInvoice',
      label: invoiceTable?.label,
      number: expect.stringMatching(/^PI-\d+$/),
      context: { typeName: invoiceTable?.typeName, tableId: invoiceTable?.tableId, dataAreaId: 'CRONUS' },
    });
    const company = demo.erp.store.listCompanies().find((candidate) => candidate.name === 'CRONUS');
    const stored = (demo.erp.store.list(String(company?.id), 'purchaseInvoices') ?? [])
      .map((entry) => entry.record)
      .find((invoice) => String(invoice.id).toLowerCase() === made.body.record?.context.recordId);
    expect(stored).toMatchObject({
      number: made.body.record?.number,
      vendorNumber: 'V30000',
      vendorInvoiceNumber: 'NWT-77',
      status: 'Draft',
    });
  });

  it("refuses without the page's header (403), without a vendor (400), and passes on the ERP's refusal of a vendor it lacks", async () => {
    expect((await create({ vendorNumber: 'V30000' }, {})).status).toBe(403);
    const noVendor = await create({ vendorInvoiceNumber: 'X' });
    expect(noVendor.status).toBe(400);
    expect(noVendor.body.message).toBe('Choose the vendor of the new purchase invoice.');
    const unknown = await create({ vendorNumber: 'V99999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Business Central refused the request: A purchase invoice needs an existing vendor/);
  });
});
