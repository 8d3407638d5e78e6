import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { decodeQueueFeatures, decodeToken, PRIVILEGE_NAMES } from '@datahaven/core/model';
import { MESSAGES, segregationOtherLevel } from '@datahaven/core/rules';
import { loadConfig } from '../config/Config';
import { buildServerApp } from '../buildServerApp';
import { openServices, type Services } from '../openServices';
import { findQueuesWithAccess } from '../access/queueAccess';
import { describeEachDialect } from '../test/testServer';
import { ALL_QUEUE_ACCESS, QUEUE_ACCESS_FLAGS } from '../access/queueAccessFlags';
import {
  DEMO_PURCHASE_INVOICES,
  DEMO_SCAN_FILE_NAME,
  DEMO_UNLINKED_FILE_NAME,
  DEMO_VENDORS,
  demoDocuments,
  demoVendor,
  type DemoQueueName,
} from './demoWorld';
import { DEMO_LOCAL_ONLY_MESSAGE, registerDemoRoutes } from './registerDemoRoutes';
import { renderInvoicePdf } from './renderInvoicePdf';
import { seedDemoData } from './seedDemoData';
import { listenForTest } from '../test/listenForTest';
import { startTestDemoErp, type TestDemoErp } from '../test/startTestDemoErp';

type CountedTable =
  | 'users'
  | 'groups'
  | 'integrated_tables'
  | 'subtypes'
  | 'display_folders'
  | 'erp_records'
  | 'documents'
  | 'files'
  | 'record_links'
  | 'notes'
  | 'privileges'
  | 'queue_types'
  | 'queues'
  | 'routes'
  | 'workflow_history';

async function count(services: Services, table: CountedTable): Promise<number> {
  const row = await services.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDialect('seedDemoData', (dialect) => {
  let dataDir: string;
  let services: Services;
  let app: FastifyInstance;
  let baseUrl: string;
  // Approvals read the linked invoice's amount (approval limits), so the demo's ERP runs beside it, as under `npm start`.
  let demoErp: TestDemoErp;
  const schema = `demo_${randomBytes(6).toString('hex')}`;
  // Fastify's inject needs an ESM-only module jest cannot load; real HTTP it is.
  const get = async (path: string, headers: Record<string, string> = {}): Promise<{ statusCode: number; body: string }> => {
    const response = await fetch(baseUrl + path, { headers });
    return { statusCode: response.status, body: await response.text() };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-demo-'));
    demoErp = await startTestDemoErp();
    const config = loadConfig({
      ...demoErp.env,
      DATAHAVEN_DATA_DIR: dataDir,
      DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
      DATAHAVEN_DEMO: '1',
      ...(dialect === 'postgres' ? { DATAHAVEN_DATABASE_URL: process.env.DATAHAVEN_TEST_DATABASE_URL ?? '' } : {}),
    });
    services = await openServices(config, dialect === 'postgres' ? { postgresSchema: schema } : {});
    await expect(seedDemoData(services.deps)).resolves.toBe(true);
    app = await buildServerApp(services.deps, { extraRoutes: [registerDemoRoutes] });
    baseUrl = await listenForTest(app);
  });

  afterAll(async () => {
    await app.close();
    if (dialect === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(services.deps.db);
    await services.close();
    await demoErp?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the demo world of the brief', async () => {
    expect(await count(services, 'users')).toBe(6);
    expect(await count(services, 'groups')).toBe(6);
    expect(await count(services, 'privileges')).toBe(PRIVILEGE_NAMES.length);
    // Vendor, Purchase Invoice, Posted Purchase Invoice, and the invoice's related Purchase Order and Purchase Receipt.
    expect(await count(services, 'integrated_tables')).toBe(5);
    expect(await count(services, 'subtypes')).toBe(9);
    expect(await count(services, 'display_folders')).toBe(9);
    expect(await count(services, 'erp_records')).toBe(DEMO_VENDORS.length + DEMO_PURCHASE_INVOICES.length);
    expect(await count(services, 'documents')).toBe(14);
    expect(await count(services, 'files')).toBe(14);
    // Every document but the one received without a record is linked.
    expect(await count(services, 'record_links')).toBe(13);
    // One 'Uploaded by' system note per document plus five user notes.
    const notes = await services.deps.db.selectFrom('notes').select(['kind', 'text']).execute();
    expect(notes.filter((n) => n.kind === 'system')).toHaveLength(14);
    expect(notes.filter((n) => n.kind === 'user')).toHaveLength(5);
    const folders = await services.deps.db.selectFrom('display_folders').select('text').orderBy('id').execute();
    expect(folders.map((f) => f.text)).toEqual([
      'Invoices',
      'Contracts',
      'Correspondence',
      'Invoice',
      'Supporting Documents',
      'Invoice',
      'Supporting Documents',
      'Order',
      'Delivery Notes',
    ]);
  });

  it('stores thirteen invoice PDFs of 2 to 4 pages with real text', async () => {
    const pdfs = await services.deps.db
      .selectFrom('documents')
      .select(['name', 'total_pages', 'file_sha256'])
      .where('extension', '=', 'pdf')
      .execute();
    expect(pdfs).toHaveLength(13);
    for (const pdf of pdfs) {
      expect(pdf.total_pages).toBeGreaterThanOrEqual(2);
      expect(pdf.total_pages).toBeLessThanOrEqual(4);
      const bytes = await services.deps.fileStore.withLocalFile(pdf.file_sha256, (path) => readFile(path));
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
    const metadata = await services.deps.fileStore.withLocalFile(scan.file_sha256, (path) => sharp(path).metadata());
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
    await expect(seedDemoData(services.deps)).resolves.toBe(false);
    expect(await count(services, 'documents')).toBe(14);
  });

  it("lets the clerk see Fabrikam's documents and hides them from sales", async () => {
    const scan = await services.deps.db
      .selectFrom('documents')
      .select('id')
      .where('name', '=', DEMO_SCAN_FILE_NAME)
      .executeTakeFirstOrThrow();
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

  it("seeds the 'AP coding' custom data, found by a customIndex search, and lets the clerk edit, tag and rename", async () => {
    const token = (await get('/demo/erp/token?username=clerk')).body;
    const auth = { authorization: `Bearer ${token}` };
    const tag = encodeURIComponent(JSON.stringify({ type: 'customIndex', key: 'PO number=106001' }));
    const answer = await get(`/api/documents/search?tag[]=${tag}`, auth);
    expect(answer.statusCode).toBe(200);
    const names = (JSON.parse(answer.body) as { documents: { name: string }[] }).documents.map((d) => d.name).sort();
    expect(names).toEqual(['CS-88120.pdf', 'FAB-25-0412.pdf']);
    for (const action of [
      'Cabinet: Tagging',
      'Dynamics: Edit Document Index Data',
      'Dynamics: Reapply Document Name',
      'Cabinet: Annotations Edit',
    ]) {
      const can = await get(`/api/can?action=${encodeURIComponent(action)}`, auth);
      expect(JSON.parse(can.body)).toEqual({ action, value: true });
    }
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
    const manifestRelay = await readFile(
      join(__dirname, '..', '..', '..', '..', 'manifests', 'bc', 'ControlAddIn', 'scripts', 'relay.js'),
      'utf8',
    );
    expect(relay.body).toBe(manifestRelay);

    const records = await get('/demo/erp/records');
    const body = JSON.parse(records.body) as { records: { name: string; kind: string; context: { recordId: string; tableId: number } }[] };
    expect(body.records.map((r) => r.name)).toEqual(expect.arrayContaining(['Fabrikam, Inc.', 'PI-1006']));
    expect(body.records.find((r) => r.name === 'Fabrikam, Inc.')?.context).toMatchObject({
      recordId: demoVendor('V10000').systemId,
      tableId: 23,
    });
    // Read from the demo ERP, not our own tables: an invoice created there is listed, one it holds as posted is not a draft.
    const cronus = demoErp.erp.store.listCompanies().find((company) => company.name === 'CRONUS');
    const created = demoErp.erp.store.createPurchaseInvoice(String(cronus?.id), {
      vendorNumber: 'V40000',
      vendorInvoiceNumber: 'LW-NEW',
    }).record;
    // Posting needs the invoice approved in Datahaven (the demo ERP's setup switch is on).
    demoErp.erp.store.setApprovalStatus(String(cronus?.id), DEMO_PURCHASE_INVOICES[0].systemId, 'Approved');
    demoErp.erp.store.postPurchaseInvoice(String(cronus?.id), DEMO_PURCHASE_INVOICES[0].systemId);
    const after = JSON.parse((await get('/demo/erp/records')).body) as {
      records: { name: string; kind: string; context: { recordId: string; tableId: number } }[];
    };
    expect(after.records.find((r) => r.name === created.number)).toMatchObject({
      kind: 'purchaseInvoice',
      context: { recordId: created.id, tableId: 38 },
    });
    expect(after.records.filter((r) => r.name.endsWith(DEMO_PURCHASE_INVOICES[0].number)).map((r) => [r.kind, r.context.tableId])).toEqual([
      ['postedPurchaseInvoice', 122],
    ]);

    expect((await get('/demo/erp/..%2F..%2Fpackage.json')).statusCode).toBe(404);
    expect((await get('/demo/erp/token?username=nobody')).statusCode).toBe(401);
  });

  it('answers a client that is not on this machine (here: forwarded by a proxy) with 403 in words, on every demo route', async () => {
    for (const path of [
      '/demo/erp',
      '/demo/erp/records',
      '/demo/erp/token?username=admin',
      '/demo/erp/relay.js',
      '/demo/teams',
      '/demo/teams/teams.js',
    ]) {
      const answer = await get(path, { 'x-forwarded-for': '203.0.113.9' });
      expect(answer.statusCode).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ statusCode: 403, exceptionType: 'Forbidden', message: DEMO_LOCAL_ONLY_MESSAGE });
    }
  });
  describe('the AP Invoices workflow', () => {
    const queueIdsByName = async (): Promise<Map<string, number>> =>
      new Map((await services.deps.db.selectFrom('queues').select(['id', 'name']).execute()).map((q) => [q.name, q.id]));
    const userId = async (username: string): Promise<number> =>
      (await services.deps.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    /** The effective access of a user on each queue, by queue name. */
    const accessOf = async (username: string): Promise<Map<string, number>> => {
      const queues = await queueIdsByName();
      const access = await findQueuesWithAccess(services.deps.db, await userId(username), [...queues.values()]);
      return new Map([...access.values()].map((q) => [q.name, q.access]));
    };
    const has = (access: number | undefined, flag: keyof typeof QUEUE_ACCESS_FLAGS): boolean =>
      ((access ?? 0) & QUEUE_ACCESS_FLAGS[flag]) !== 0;

    it('gives Pat Approver a limit above every demo invoice and Jo Junior one below them (Approval L1 with Route); purchase-invoice uploads enter the AP Inbox', async () => {
      const limits = await services.deps.db
        .selectFrom('groups')
        .select(['name', 'approval_limit', 'has_approval_limit'])
        .where('has_approval_limit', '=', 1)
        .orderBy('name')
        .execute();
      expect(limits.map((g) => [g.name, Number(g.approval_limit)])).toEqual([
        ['Approvers', 250_000],
        ['Junior Approvers', 10_000],
      ]);
      // Uploads on a purchase invoice enter the AP Inbox (its import settings); vendor uploads stay outside workflow.
      const imports = await services.deps.db
        .selectFrom('integrated_tables as t')
        .leftJoin('queues as q', 'q.id', 't.import_queue_id')
        .select(['t.label', 'q.name as queue'])
        .orderBy('t.label')
        .execute();
      expect(imports).toEqual([
        // A posted invoice's documents are done with: uploads there enter no queue.
        { label: 'Posted Purchase Invoice', queue: null },
        { label: 'Purchase Invoice', queue: 'AP Inbox' },
        { label: 'Purchase Order', queue: null },
        { label: 'Purchase Receipt', queue: null },
        { label: 'Vendor', queue: null },
      ]);
      const junior = await accessOf('junior');
      expect(junior.get('Approval L1')).toBe(ALL_QUEUE_ACCESS);
      expect(has(junior.get('Approval L2'), 'BrowseToQueue')).toBe(true);
      expect(has(junior.get('Approval L2'), 'Approve')).toBe(false);
      // The level-2 controller (issue 35) signs off without a limit: a second approver beside Pat at level 2.
      const controller = await accessOf('controller');
      expect(controller.get('Approval L2')).toBe(ALL_QUEUE_ACCESS);
      expect(has(controller.get('Approval L1'), 'BrowseToQueue')).toBe(true);
      expect(has(controller.get('Approval L1'), 'Approve')).toBe(false);
    });

    it('creates the queue type, its six queues with features and approve / reject targets', async () => {
      expect(await count(services, 'queue_types')).toBe(1);
      const type = await services.deps.db.selectFrom('queue_types').select(['id', 'name']).executeTakeFirstOrThrow();
      expect(type.name).toBe('AP Invoices');
      const queues = await services.deps.db.selectFrom('queues').selectAll().orderBy('id').execute();
      expect(queues.map((q) => q.name)).toEqual(['AP Inbox', 'Coding', 'Approval L1', 'Approval L2', 'Approved', 'Rejected']);
      expect(queues.every((q) => q.queue_type_id === type.id && q.enabled === 1)).toBe(true);
      const byName = new Map(queues.map((q) => [q.name, q]));
      const nameOf = (id: number | null): string | null => queues.find((q) => q.id === id)?.name ?? null;
      expect(nameOf(byName.get('Approval L1')?.approve_to_queue_id ?? null)).toBe('Approval L2');
      expect(nameOf(byName.get('Approval L1')?.reject_to_queue_id ?? null)).toBe('Rejected');
      expect(nameOf(byName.get('Approval L2')?.approve_to_queue_id ?? null)).toBe('Approved');
      expect(nameOf(byName.get('Approval L2')?.reject_to_queue_id ?? null)).toBe('Rejected');
      const features = (name: DemoQueueName): ReturnType<typeof decodeQueueFeatures> => {
        const queue = byName.get(name);
        if (!queue) throw new Error(`no queue ${name}`);
        return decodeQueueFeatures(Number(queue.features1), Number(queue.features2));
      };
      const setFeatures = (name: DemoQueueName): string[] =>
        Object.entries(features(name))
          .filter(([, on]) => on)
          .map(([feature]) => feature);
      expect(setFeatures('AP Inbox')).toEqual(['OptInWorkflow']);
      // Send for approval passes Coding and stops in Approval L1; a reject there needs its reason (issue 38).
      expect(setFeatures('Coding')).toEqual([
        'BlockApproveUnlinked',
        'BlockRouteUnlinked',
        'WorkflowSkipOnAutoroute',
        'IncludeInAutoRoute',
      ]);
      expect(setFeatures('Approval L1')).toEqual(['ApproveFromNoteRequired', 'RejectFromNoteRequired', 'IncludeInAutoRoute']);
      expect(setFeatures('Approval L2')).toEqual(['RejectFromNoteRequired', 'WarnApproveUnlinked', 'IncludeInAutoRoute']);
      expect(setFeatures('Approved')).toEqual([]);
      expect(setFeatures('Rejected')).toEqual([]);
      // Segregation of duties (issue 35) holds in the two approval levels and nowhere else.
      expect(queues.map((q) => [q.name, q.approver_not_preparer, q.one_level_per_approver])).toEqual([
        ['AP Inbox', 0, 0],
        ['Coding', 0, 0],
        ['Approval L1', 1, 1],
        ['Approval L2', 1, 1],
        ['Approved', 0, 0],
        ['Rejected', 0, 0],
      ]);
    });

    it('routes the pipeline forward, to Rejected and back', async () => {
      const queues = await queueIdsByName();
      const nameOf = new Map([...queues].map(([name, id]) => [id, name]));
      const routes = await services.deps.db.selectFrom('routes').select(['from_queue_id', 'to_queue_id']).execute();
      const pairs = routes.map((r) => `${nameOf.get(r.from_queue_id)} → ${nameOf.get(r.to_queue_id)}`);
      expect(pairs).toEqual(
        expect.arrayContaining([
          'AP Inbox → Coding',
          'Coding → Approval L1',
          'Approval L1 → Approval L2',
          'Approval L1 → Rejected',
          'Approval L2 → Rejected',
          'Rejected → Coding',
          'Coding → AP Inbox',
          'Approval L1 → Coding',
          'Approval L2 → Approval L1',
        ]),
      );
      expect(pairs).toHaveLength(9);
      expect(pairs.some((pair) => pair.startsWith('Approved →'))).toBe(false);
    });

    it('gives the approver full access to the approval levels, the clerk inbox and coding with Route, the admin everything', async () => {
      const approver = await accessOf('approver');
      expect(approver.get('Approval L1')).toBe(ALL_QUEUE_ACCESS);
      expect(approver.get('Approval L2')).toBe(ALL_QUEUE_ACCESS);
      expect(has(approver.get('Approved'), 'BrowseToQueue')).toBe(true);
      expect(has(approver.get('Approved'), 'Approve')).toBe(false);
      expect(approver.get('AP Inbox')).toBe(0);
      expect(approver.get('Coding')).toBe(0);

      const clerk = await accessOf('clerk');
      for (const queue of ['AP Inbox', 'Coding', 'Rejected']) {
        expect(has(clerk.get(queue), 'BrowseToQueue')).toBe(true);
        expect(has(clerk.get(queue), 'AccessDocumentWithin')).toBe(true);
        expect(has(clerk.get(queue), 'Route')).toBe(true);
        expect(has(clerk.get(queue), 'Approve')).toBe(false);
      }
      // The clerk follows the invoices through approval but may not approve or route there.
      expect(has(clerk.get('Approval L1'), 'BrowseToQueue')).toBe(true);
      expect(has(clerk.get('Approval L1'), 'Approve')).toBe(false);
      expect(has(clerk.get('Approval L1'), 'Route')).toBe(false);

      const admin = await accessOf('admin');
      expect([...admin.values()]).toEqual(Array(6).fill(ALL_QUEUE_ACCESS));
      const sales = await accessOf('sales');
      expect([...sales.values()]).toEqual(Array(6).fill(0));

      // Both membership tables are used: groups for the roles, users for the read-only extras.
      const groupRows = await services.deps.db.selectFrom('queue_group_access').select('queue_id').execute();
      const userRows = await services.deps.db.selectFrom('queue_user_access').select('queue_id').execute();
      expect(groupRows.length).toBeGreaterThan(0);
      expect(userRows.length).toBeGreaterThan(0);
    });

    it('spreads the documents over the queues, with at least three linked ones in Approval L1', async () => {
      const rows = await services.deps.db
        .selectFrom('documents as d')
        .leftJoin('queues as q', 'q.id', 'd.queue_id')
        .select(['d.id', 'd.name', 'q.name as queue'])
        .execute();
      const expected = new Map(demoDocuments().map((d) => [d.fileName, d.queue]));
      for (const row of rows) expect(row.queue).toBe(expected.get(row.name));
      const inQueue = (name: string): number[] => rows.filter((r) => r.queue === name).map((r) => r.id);
      for (const queue of ['AP Inbox', 'Coding', 'Approval L1', 'Approval L2', 'Approved', 'Rejected']) {
        expect(inQueue(queue).length).toBeGreaterThan(0);
      }
      const l1 = inQueue('Approval L1');
      expect(l1.length).toBeGreaterThanOrEqual(3);
      const linked = await services.deps.db
        .selectFrom('record_links')
        .select('document_id')
        .where('document_id', 'in', l1)
        .where('is_primary', '=', 1)
        .execute();
      expect(new Set(linked.map((l) => l.document_id)).size).toBe(l1.length);
    });

    it('keeps one unlinked document in Coding, seen by the clerk and the admin through queue access, that Coding lets neither route nor approve', async () => {
      const queues = await queueIdsByName();
      const coding = queues.get('Coding') ?? 0;
      const document = await services.deps.db
        .selectFrom('documents')
        .select(['id', 'row_version', 'queue_id', 'subtype_id'])
        .where('name', '=', DEMO_UNLINKED_FILE_NAME)
        .executeTakeFirstOrThrow();
      expect(document).toMatchObject({ queue_id: coding, subtype_id: null });
      expect(
        await services.deps.db.selectFrom('record_links').select('document_id').where('document_id', '=', document.id).execute(),
      ).toEqual([]);
      // Approval L1 still holds exactly the three linked invoices (a browser test relies on them).
      const l1 = await services.deps.db
        .selectFrom('documents')
        .select('id')
        .where('queue_id', '=', queues.get('Approval L1') ?? 0)
        .execute();
      expect(l1).toHaveLength(3);

      const tokenOf = async (username: string): Promise<string> => (await get(`/demo/erp/token?username=${username}`)).body;
      const act = async (
        username: string,
        path: 'approval' | 'route',
        extra: Record<string, unknown> = {},
      ): Promise<{ status: number; body: unknown }> => {
        const response = await fetch(`${baseUrl}/api/documents/${path}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${await tokenOf(username)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ docId: [document.id], rowConflictIds: [document.row_version], expectedQueueId: coding, ...extra }),
        });
        return { status: response.status, body: await response.json() };
      };
      for (const username of ['clerk', 'admin']) {
        expect((await get(`/api/documents/${document.id}`, { authorization: `Bearer ${await tokenOf(username)}` })).statusCode).toBe(200);
      }
      expect((await get(`/api/documents/${document.id}`, { authorization: `Bearer ${await tokenOf('approver')}` })).statusCode).toBe(404);
      const route = await act('clerk', 'route', { to: queues.get('Approval L1'), note: 'Coded.' });
      expect(route).toEqual({ status: 400, body: expect.objectContaining({ message: MESSAGES.documentLinkRequired }) });
      const approve = await act('admin', 'approval', { approvalNote: 'Fine.' });
      expect(approve).toEqual({ status: 400, body: expect.objectContaining({ message: MESSAGES.documentLinkRequired }) });
      const after = await services.deps.db
        .selectFrom('documents')
        .select(['queue_id', 'row_version'])
        .where('id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ queue_id: coding, row_version: document.row_version });
    });

    it('lets the approver approve an Approval L1 document with a note into Approval L2, and not without one', async () => {
      const queues = await queueIdsByName();
      const l1 = queues.get('Approval L1');
      const l2 = queues.get('Approval L2');
      const document = await services.deps.db
        .selectFrom('documents')
        .select(['id', 'row_version'])
        .where('queue_id', '=', l1 ?? 0)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const token = (await get('/demo/erp/token?username=approver')).body;
      const approve = async (body: Record<string, unknown>): Promise<{ status: number; body: unknown }> => {
        const response = await fetch(`${baseUrl}/api/documents/approval`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      };
      const request = { docId: [document.id], rowConflictIds: [document.row_version], expectedQueueId: l1 };

      const withoutNote = await approve(request);
      expect(withoutNote.status).toBe(400);
      expect(withoutNote.body).toMatchObject({ message: MESSAGES.noteRequired });

      const approved = await approve({ ...request, approvalNote: 'Prices match the order; fine to pay.' });
      expect(approved.status).toBe(200);
      expect(approved.body).toEqual({ documents: [{ id: document.id, queueId: l2, rowVersion: document.row_version + 1 }] });
      const after = await services.deps.db
        .selectFrom('documents')
        .select('queue_id')
        .where('id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect(after.queue_id).toBe(l2);
      const history = await services.deps.db.selectFrom('workflow_history').selectAll().where('document_id', '=', document.id).execute();
      expect(history).toMatchObject([
        {
          action: 'approve',
          from_queue_id: l1,
          to_queue_id: l2,
          user_id: await userId('approver'),
          note: 'Prices match the order; fine to pay.',
        },
      ]);
      const notes = await services.deps.db.selectFrom('notes').select(['kind', 'text']).where('document_id', '=', document.id).execute();
      expect(notes).toEqual(
        expect.arrayContaining([
          { kind: 'system', text: "Approved by approver from 'Approval L1' to 'Approval L2'." },
          { kind: 'user', text: 'Prices match the order; fine to pay.' },
        ]),
      );

      // The window that still shows it in Approval L1 is out of sync now.
      const again = await approve({ ...request, approvalNote: 'Again.' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ message: MESSAGES.queueOutOfSync });
    });

    it('holds segregation of duties in the approval levels: Pat approves at level 1, is refused at level 2 in words, Robin Controller signs off; the history holds amounts, limits and levels', async () => {
      const queues = await queueIdsByName();
      const [l1, l2, approved] = [queues.get('Approval L1') ?? 0, queues.get('Approval L2') ?? 0, queues.get('Approved') ?? 0];
      const document = await services.deps.db
        .selectFrom('documents')
        .select(['id', 'name'])
        .where('queue_id', '=', l1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const decide = async (username: string, queueId: number, note?: string): Promise<{ status: number; body: { message?: string } }> => {
        const { row_version: rowVersion } = await services.deps.db
          .selectFrom('documents')
          .select('row_version')
          .where('id', '=', document.id)
          .executeTakeFirstOrThrow();
        const response = await fetch(`${baseUrl}/api/documents/approval`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${(await get(`/demo/erp/token?username=${username}`)).body}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ docId: [document.id], rowConflictIds: [rowVersion], expectedQueueId: queueId, approvalNote: note }),
        });
        return { status: response.status, body: (await response.json()) as { message?: string } };
      };
      expect((await decide('approver', l1, 'Matches the order.')).status).toBe(200);
      expect(await decide('approver', l2)).toEqual({
        status: 400,
        body: expect.objectContaining({ message: segregationOtherLevel(document.name, 1, 'Approval L1', 2) }),
      });
      expect((await decide('controller', l2)).status).toBe(200);
      const { queue_id: queueId } = await services.deps.db
        .selectFrom('documents')
        .select('queue_id')
        .where('id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect(queueId).toBe(approved);
      const rows = await services.deps.db
        .selectFrom('workflow_history')
        .select(['user_id', 'amount_currency', 'approval_limit', 'limit_currency', 'approval_level'])
        .where('document_id', '=', document.id)
        .where('action', '=', 'approve')
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { user_id: await userId('approver'), amount_currency: 'USD', approval_limit: 250_000, limit_currency: 'USD', approval_level: 1 },
        { user_id: await userId('controller'), amount_currency: null, approval_limit: null, limit_currency: null, approval_level: 2 },
      ]);
    });
  });
});
