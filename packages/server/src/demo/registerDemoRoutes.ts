import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { generateApiKey, hashApiKey } from '../auth';
import { readErpApprovalStatus, type ErpDeps } from '../erp';
import { DEMO_ENTITY_SETS, demoRecordOf, listDemoRecords, type DemoRecord } from './demoRecords';
import { isLoopbackRequest } from './isLoopbackRequest';
import { registerDemoGraphRoutes } from './registerDemoGraphRoutes';
import { registerDemoGraphMailRoutes } from './registerDemoGraphMailRoutes';
import { DEMO_COMPANY, DEMO_TABLES, DEMO_USERS } from './demoWorld';
import { forbidden, invalid, notFound } from '../errors/DomainError';
import { registerDemoTeamsRoutes } from './teams/registerDemoTeamsRoutes';
import { demoEntraObjectId } from './demoEntraObjectId';
import { registerDemoOutlookRoutes } from './outlook/registerDemoOutlookRoutes';
import { demoPageLanguage } from './demoPageLanguage';
import { localizedDemoPage } from './localizedDemoPage';

/** The demo page's own files (plain HTML, CSS and script), kept beside this module's sources. */
const PAGE_DIR = resolve(__dirname, '..', '..', 'src', 'demo', 'erp');

/** The control add-in's scripts, served from the repository's manifests folder (the very files BC loads). */
const CONTROL_ADDIN_SCRIPTS = resolve(__dirname, '..', '..', '..', '..', 'manifests', 'bc', 'ControlAddIn', 'scripts');

/** The label of the API key the demo mints tokens with (it stands in for BC's server). */
export const DEMO_API_KEY_LABEL = 'Demo ERP';

const ASSETS: Record<string, { dir: string; file: string; type: string }> = {
  'erp.css': { dir: PAGE_DIR, file: 'erp.css', type: 'text/css; charset=utf-8' },
  'erp.js': { dir: PAGE_DIR, file: 'erp.js', type: 'text/javascript; charset=utf-8' },
  'relay.js': { dir: CONTROL_ADDIN_SCRIPTS, file: 'relay.js', type: 'text/javascript; charset=utf-8' },
  'startup.js': { dir: CONTROL_ADDIN_SCRIPTS, file: 'startup.js', type: 'text/javascript; charset=utf-8' },
};

/** What a client on another machine reads instead of the demo (it hands out anyone's token). */
export const DEMO_LOCAL_ONLY_MESSAGE =
  "The demo answers only on this machine (loopback): it hands out demo users' tokens without a password, so it is never served to other addresses.";

/** The demo page's script runs from files only: no inline script, our own origin for everything. */
const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; connect-src 'self'";

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The host simulator for Business Central (served only in demo mode): `/demo/erp` is a BC-like
 * page whose FactBox runs the real control-add-in relay script from manifests/bc with a stand-in
 * for `Microsoft.Dynamics.NAV`; `/demo/erp/records` lists what the demo ERP holds (over HTTP); `/demo/erp/token`
 * mints a demo user's token through the real `GET /api/token/user?type=apikey` route with a
 * demo API key, exactly as BC's server would. Every demo route answers loopback clients only.
 */
export async function registerDemoRoutes(root: FastifyInstance, deps: ErpDeps): Promise<void> {
  await root.register(async (app) => registerLocalDemoRoutes(app, deps));
}

async function registerLocalDemoRoutes(app: FastifyInstance, deps: ErpDeps): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (isLoopbackRequest(request)) return;
    return reply
      .status(403)
      .header('Cache-Control', 'no-store')
      .send({ statusCode: 403, exceptionType: 'Forbidden', message: DEMO_LOCAL_ONLY_MESSAGE });
  });
  let demoKey: Promise<string> | null = null;
  const apiKey = (): Promise<string> => {
    demoKey ??= createDemoApiKey(deps).catch((error: unknown) => {
      demoKey = null;
      throw error;
    });
    return demoKey;
  };

  await registerDemoGraphRoutes(app, { authority: () => deps.config.entra.authority });
  await registerDemoGraphMailRoutes(app, deps.config);

  app.get('/demo/erp', async (request, reply) => {
    const language = demoPageLanguage(request);
    const template = await readFile(join(PAGE_DIR, 'erp.html'), 'utf8');
    const options = DEMO_USERS.map(
      (user) =>
        `<option value="${escapeHtml(user.username)}">${escapeHtml(`${user.firstName} ${user.lastName} (${user.username})`)}</option>`,
    ).join('');
    const html = template.replace('{{userOptions}}', options).replace(/\{\{company\}\}/g, escapeHtml(DEMO_COMPANY));
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', PAGE_CSP)
      .header('Content-Language', language)
      .type('text/html; charset=utf-8')
      .send(localizedDemoPage(html, language));
  });

  // What the demo ERP holds now, read over HTTP: a purchase invoice created or posted there shows on the next read.
  app.get('/demo/erp/records', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ company: DEMO_COMPANY, records: await listDemoRecords(deps) }),
  );

  app.get('/demo/erp/token', async (request, reply) => sendToken(app, apiKey, request.query, reply));

  await registerDemoTeamsRoutes(app, demoEntraObjectId);
  await registerDemoOutlookRoutes(app, deps.config.webDir);

  // The card's facts as the demo ERP holds them, read over OData through the 'bc' source, and
  // BC's Post action on a draft purchase invoice: the page plays BC's own UI around the ERP.
  app.get('/demo/erp/erp-facts', async (request, reply) =>
    reply.header('Cache-Control', 'no-store').send(await erpFacts(deps, erpRecordOf(request.query))),
  );
  app.post('/demo/erp/erp-post', async (request, reply) => {
    // A custom header makes a cross-site form or fetch need a CORS preflight, which this server never grants: no CSRF.
    if (request.headers['x-demo-action'] !== 'post') throw forbidden('The demo page posts with its X-Demo-Action header.');
    const record = erpRecordOf(request.query);
    if (record.set !== 'purchaseInvoices') throw notFound('Only purchase invoices are posted.');
    const source = deps.entitySources.source('bc');
    await source.invokeAction(record.set, record.id, 'Microsoft.NAV.post', { company: record.company });
    // The posted invoice it became: the page reports the posting to our API with it (as BC's AL does).
    const posted = await source.query('postedPurchaseInvoices', {
      company: record.company,
      filter: { property: 'purchaseInvoiceId', operator: 'eq', value: record.id },
    });
    const postedRecord: DemoRecord | null =
      posted.records.length > 0 ? demoRecordOf('postedPurchaseInvoice', posted.records[0], record.company) : null;
    return reply.header('Cache-Control', 'no-store').send({ ...(await erpFacts(deps, record)), postedRecord });
  });

  // BC's New action on the Purchase Invoices list: the demo ERP makes a draft invoice (its OData
  // create), and the page tells the control add-in (SendRecordEvent → PUT /record/event).
  app.post('/demo/erp/erp-create', async (request, reply) => {
    if (request.headers['x-demo-action'] !== 'create') throw forbidden('The demo page creates with its X-Demo-Action header.');
    const values = demoInvoiceValues(request.body);
    const created = await deps.entitySources.source('bc').create(DEMO_ENTITY_SETS.purchaseInvoice, values, { company: DEMO_COMPANY });
    return reply
      .status(201)
      .header('Cache-Control', 'no-store')
      .send({ record: demoRecordOf('purchaseInvoice', created, DEMO_COMPANY) });
  });

  app.get<{ Params: { asset: string } }>('/demo/erp/:asset', async (request, reply) => {
    const asset = Object.prototype.hasOwnProperty.call(ASSETS, request.params.asset) ? ASSETS[request.params.asset] : undefined;
    if (asset === undefined) return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    const body = await readFile(join(asset.dir, asset.file));
    return reply.header('Cache-Control', 'no-cache').type(asset.type).send(body);
  });
}

/** The facts a new draft purchase invoice takes on the demo page: its vendor (required) and the vendor's invoice number. */
function demoInvoiceValues(body: unknown): Record<string, string> {
  const values = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const vendorNumber = typeof values.vendorNumber === 'string' ? values.vendorNumber.trim() : '';
  const invoiceNumber = typeof values.vendorInvoiceNumber === 'string' ? values.vendorInvoiceNumber.trim() : '';
  if (!/^[A-Za-z0-9-]{1,20}$/.test(vendorNumber)) throw invalid('Choose the vendor of the new purchase invoice.');
  if (invoiceNumber.length > 35) throw invalid("The vendor's invoice number has at most 35 characters.");
  return invoiceNumber === '' ? { vendorNumber } : { vendorNumber, vendorInvoiceNumber: invoiceNumber };
}

/** Which demo ERP record a card shows: its entity set (from the integrated table's type name), id and company. */
interface ErpRecordRef {
  set: (typeof DEMO_ENTITY_SETS)[keyof typeof DEMO_ENTITY_SETS];
  id: string;
  company: string;
}

function erpRecordOf(query: unknown): ErpRecordRef {
  const values = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const text = (name: string): string => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const table = DEMO_TABLES.find((t) => t.typeName === text('typeName'));
  if (table === undefined || !/^[0-9a-f-]{36}$/i.test(text('recordId'))) throw notFound('The demo ERP has no such record.');
  return { set: DEMO_ENTITY_SETS[table.key], id: text('recordId'), company: text('dataAreaId') || DEMO_COMPANY };
}

/** An amount as BC's card shows it (two decimals, grouped). */
function amountOf(value: unknown): string {
  if (typeof value === 'number') return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return value === null || value === undefined ? '' : String(value);
}

/** The facts the card shows from the demo ERP, and whether the record can be posted. */
async function erpFacts(deps: ErpDeps, record: ErpRecordRef): Promise<{ facts: [string, string][]; canPost: boolean }> {
  const source = deps.entitySources.source('bc');
  const found = await source.get(record.set, record.id, { company: record.company });
  if (found === null) throw notFound('The demo ERP has no such record.');
  const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
  if (record.set === 'vendors') {
    return {
      facts: [
        ['No.', text(found.number)],
        ['Name', text(found.displayName)],
        ['City', text(found.city)],
        ['Currency', text(found.currencyCode)],
        ['Payment Terms', text(found.paymentTerms)],
      ],
      canPost: false,
    };
  }
  if (record.set === 'postedPurchaseInvoices') {
    return {
      facts: [
        ['No.', text(found.number)],
        ['Vendor', `${text(found.vendorNumber)} ${text(found.vendorName)}`],
        ['Vendor Invoice No.', text(found.vendorInvoiceNumber)],
        ['Posting Date', text(found.postingDate)],
        ['Due Date', text(found.dueDate)],
        ['Amount Incl. Tax', `${amountOf(found.totalAmountIncludingTax)} ${text(found.currencyCode)}`],
        ['Pre-Assigned No.', text(found.preAssignedNumber)],
        ['Status', text(found.status)],
      ],
      canPost: false,
    };
  }
  const posted = await source.query('postedPurchaseInvoices', {
    company: record.company,
    filter: { property: 'purchaseInvoiceId', operator: 'eq', value: record.id },
    select: ['number'],
  });
  const amount = amountOf(found.totalAmountIncludingTax);
  // The table extension's field (manifests/bc), read through the extension API as the product reads it.
  const approval =
    record.set === 'purchaseInvoices' ? await readErpApprovalStatus(deps.entitySources, 'bc', record.company, record.id) : null;
  const facts: [string, string][] = [
    ['No.', text(found.number)],
    ['Vendor', `${text(found.vendorNumber)} ${text(found.vendorName)}`],
    ['Vendor Invoice No.', text(found.vendorInvoiceNumber)],
    ['Invoice Date', text(found.invoiceDate)],
    ['Due Date', text(found.dueDate)],
    ['Amount Incl. Tax', `${amount} ${text(found.currencyCode)}`],
    ['Order No.', text(found.orderNumber)],
    ['Status', text(found.status)],
  ];
  if (record.set === 'purchaseInvoices') facts.push(['Datahaven Approval Status', approval?.status ?? '']);
  if (posted.records.length > 0) facts.push(['Posted Invoice No.', text(posted.records[0].number)]);
  return { facts, canPost: found.status === 'Draft' };
}

async function sendToken(app: FastifyInstance, apiKey: () => Promise<string>, query: unknown, reply: FastifyReply): Promise<FastifyReply> {
  const username = typeof query === 'object' && query !== null && 'username' in query ? query.username : undefined;
  if (typeof username !== 'string' || username === '') {
    return reply.status(400).send({ statusCode: 400, exceptionType: 'ValidationError', message: 'The parameter username is required.' });
  }
  // A real HTTP call to our own /api, as BC's server makes it: same route, same API-key check.
  const response = await fetch(`${ownBaseUrl(app)}/api/token/user?type=apikey&auth=${encodeURIComponent(username)}`, {
    headers: { 'X-Api-Key': await apiKey(), Accept: 'text/plain' },
  });
  return reply
    .status(response.status)
    .header('Cache-Control', 'no-store')
    .type(response.headers.get('content-type') ?? 'text/plain; charset=utf-8')
    .send(await response.text());
}

/** Where this server listens, reachable from itself (wildcard hosts become loopback). */
function ownBaseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The demo token route needs the server to listen on TCP.');
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/** Creates this run's demo API key (owned by 'admin', acting for every demo user, as BC's key does) and revokes the keys of earlier runs. */
async function createDemoApiKey(deps: ErpDeps): Promise<string> {
  const owner = await deps.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (owner === undefined) throw new Error("The demo user 'admin' is missing: was the demo seeded?");
  const key = generateApiKey();
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('label', '=', DEMO_API_KEY_LABEL)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .insertInto('api_keys')
      .values({
        user_id: owner.id,
        label: DEMO_API_KEY_LABEL,
        key_hash: hashApiKey(key),
        created_at: now,
        last_used_at: null,
        revoked_at: null,
        acts_for_users: 1,
      })
      .execute();
  });
  return key;
}
