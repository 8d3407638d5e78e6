import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { decodeToken, PRIVILEGE_NAMES } from '@datahaven/core/model';
import { loadConfig } from '../config';
import { buildApp } from '../http/buildApp';
import { openServices, type Services } from '../openServices';
import { testDialects } from '../test/testServer';
import { DEMO_PURCHASE_INVOICES, DEMO_SCAN_FILE_NAME, DEMO_VENDORS, demoDocuments, demoVendor } from './demoWorld';
import { registerDemoRoutes } from './registerDemoRoutes';
import { renderInvoicePdf } from './renderInvoicePdf';
import { seedDemoData } from './seedDemoData';

async function count(services: Services, table: 'users' | 'groups' | 'integrated_tables' | 'subtypes' | 'display_folders' | 'erp_records' | 'documents' | 'files' | 'record_links' | 'notes' | 'privileges'): Promise<number> {
  const row = await services.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(testDialects())('seedDemoData [%s]', (dialect) => {
  let dataDir: string;
  let services: Services;
  let app: FastifyInstance;
  let baseUrl: string;
  const schema = `demo_${randomBytes(6).toString('hex')}`;
  // Fastify's inject needs an ESM-only module jest cannot load; real HTTP it is.
  const get = async (path: string, headers: Record<string, string> = {}): Promise<{ statusCode: number; body: string }> => {
    const response = await fetch(baseUrl + path, { headers });
    return { statusCode: response.status, body: await response.text() };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-demo-'));
    const config = loadConfig({
      DATAHAVEN_DATA_DIR: dataDir,
      DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
      DATAHAVEN_DEMO: '1',
      ...(dialect === 'postgres' ? { DATAHAVEN_DATABASE_URL: process.env.DATAHAVEN_TEST_DATABASE_URL ?? '' } : {}),
    });
    services = await openServices(config, dialect === 'postgres' ? { postgresSchema: schema } : {});
    await expect(seedDemoData(services.deps.db, services.deps.fileStore, { now: services.deps.now })).resolves.toBe(true);
    app = await buildApp(services.deps, { extraRoutes: [registerDemoRoutes] });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await app.close();
    if (dialect === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(services.deps.db);
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the demo world of the brief', async () => {
    expect(await count(services, 'users')).toBe(4);
    expect(await count(services, 'groups')).toBe(4);
    expect(await count(services, 'privileges')).toBe(PRIVILEGE_NAMES.length);
    expect(await count(services, 'integrated_tables')).toBe(2);
    expect(await count(services, 'subtypes')).toBe(5);
    expect(await count(services, 'display_folders')).toBe(5);
    expect(await count(services, 'erp_records')).toBe(DEMO_VENDORS.length + DEMO_PURCHASE_INVOICES.length);
    expect(await count(services, 'documents')).toBe(13);
    expect(await count(services, 'files')).toBe(13);
    expect(await count(services, 'record_links')).toBe(13);
    // One 'Uploaded by' system note per document plus five user notes.
    const notes = await services.deps.db.selectFrom('notes').select(['kind', 'text']).execute();
    expect(notes.filter((n) => n.kind === 'system')).toHaveLength(13);
    expect(notes.filter((n) => n.kind === 'user')).toHaveLength(5);
    const folders = await services.deps.db.selectFrom('display_folders').select('text').orderBy('id').execute();
    expect(folders.map((f) => f.text)).toEqual(['Invoices', 'Contracts', 'Correspondence', 'Invoice', 'Supporting Documents']);
  });

  it('stores twelve invoice PDFs of 2 to 4 pages with real text', async () => {
    const pdfs = await services.deps.db.selectFrom('documents').select(['name', 'total_pages', 'file_sha256']).where('extension', '=', 'pdf').execute();
    expect(pdfs).toHaveLength(12);
    for (const pdf of pdfs) {
      expect(pdf.total_pages).toBeGreaterThanOrEqual(2);
      expect(pdf.total_pages).toBeLessThanOrEqual(4);
      const bytes = await readFile(services.deps.fileStore.pathOf(pdf.file_sha256));
      const parsed = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(parsed.getPageCount()).toBe(pdf.total_pages);
      expect(parsed.getTitle()).toBe(`Invoice ${pdf.name.replace(/\.pdf$/, '')}`);
    }
  });

  it('stores the scan as a three-page TIFF on Fabrikam', async () => {
    const scan = await services.deps.db
      .selectFrom('documents as d')
      .innerJoin('record_links as l', 'l.document_id', 'd.id')
      .innerJoin('subtypes as s', 's.id', 'd.subtype_id')
      .select(['d.extension', 'd.total_pages', 'd.file_sha256', 'l.record_id', 's.text as subtype'])
      .where('d.name', '=', DEMO_SCAN_FILE_NAME)
      .executeTakeFirstOrThrow();
    expect(scan.extension).toBe('tif');
    expect(scan.total_pages).toBe(3);
    expect(scan.record_id).toBe(demoVendor('V10000').systemId);
    expect(scan.subtype).toBe('Correspondence');
    const metadata = await sharp(services.deps.fileStore.pathOf(scan.file_sha256)).metadata();
    expect(metadata.format).toBe('tiff');
    expect(metadata.pages).toBe(3);
  });

  it('generates the same invoice bytes on every run', async () => {
    const [first] = demoDocuments();
    if (first.content.kind !== 'invoicePdf') throw new Error('the first demo document is an invoice');
    const vendor = demoVendor(first.content.invoice.vendor);
    const a = await renderInvoicePdf(first.content.invoice, vendor);
    const b = await renderInvoicePdf(first.content.invoice, vendor);
    expect(a.equals(b)).toBe(true);
  });

  it('does nothing on a second start', async () => {
    await expect(seedDemoData(services.deps.db, services.deps.fileStore)).resolves.toBe(false);
    expect(await count(services, 'documents')).toBe(13);
  });

  it("lets the clerk see Fabrikam's documents and hides them from sales", async () => {
    const scan = await services.deps.db.selectFrom('documents').select('id').where('name', '=', DEMO_SCAN_FILE_NAME).executeTakeFirstOrThrow();
    const tokenOf = async (username: string): Promise<string> => {
      const answer = await get(`/demo/erp/token?username=${username}`);
      expect(answer.statusCode).toBe(200);
      return answer.body;
    };
    const clerk = await tokenOf('clerk');
    expect(decodeToken(clerk)?.username).toBe('clerk');
    const asClerk = await get(`/api/documents/${scan.id}`, { authorization: `Bearer ${clerk}` });
    expect(asClerk.statusCode).toBe(200);
    const asSales = await get(`/api/documents/${scan.id}`, { authorization: `Bearer ${await tokenOf('sales')}` });
    expect(asSales.statusCode).toBe(404);
  });

  it('serves the demo ERP page, its records and the real relay script', async () => {
    const page = await get('/demo/erp');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="demo-user">Demo user</label>');
    expect(page.body).toContain('<option value="clerk">Alex Clerk (clerk)</option>');
    expect(page.body).toContain('id="controlAddIn"');
    expect(page.body).not.toContain('{{');

    const relay = await get('/demo/erp/relay.js');
    expect(relay.statusCode).toBe(200);
    const manifestRelay = await readFile(join(__dirname, '..', '..', '..', '..', 'manifests', 'bc', 'ControlAddIn', 'scripts', 'relay.js'), 'utf8');
    expect(relay.body).toBe(manifestRelay);

    const records = await get('/demo/erp/records');
    const body = JSON.parse(records.body) as { records: { name: string; kind: string; context: { recordId: string; tableId: number } }[] };
    expect(body.records.map((r) => r.name)).toEqual(expect.arrayContaining(['Fabrikam, Inc.', 'PI-1006']));
    expect(body.records.find((r) => r.name === 'Fabrikam, Inc.')?.context).toMatchObject({ recordId: demoVendor('V10000').systemId, tableId: 23 });

    expect((await get('/demo/erp/..%2F..%2Fpackage.json')).statusCode).toBe(404);
    expect((await get('/demo/erp/token?username=nobody')).statusCode).toBe(401);
  });
});
