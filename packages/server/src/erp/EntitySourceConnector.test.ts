import { createServer, type Server } from 'node:net';
import { DomainError } from '../errors/DomainError';
import { DemoErpFaults } from '../demo/demoErp/DemoErpFaults';
import { startDemoErp, type DemoErpService } from '../demo/demoErp/startDemoErp';
import type { EntitySourceConfig } from '../config/EntitySourceConfig';
import { EntitySourceConnector, type EntitySourceConnectorOptions } from './EntitySourceConnector';
import { retryAfterMs } from '../retry';
import { erpBusy, erpCredentialsRefused, erpTimedOut, erpUnreachable } from './erpMessages';
import { readAfter } from '../test/readAfter';

const CLIENT = { clientId: 'connector-test', clientSecret: 'connector-secret' };

function sourceOf(erp: { apiUrl: string; tokenUrl: string }, overrides: Partial<EntitySourceConfig> = {}): EntitySourceConfig {
  return {
    prefix: 'bc',
    label: 'Business Central',
    apiUrl: erp.apiUrl,
    tokenUrl: erp.tokenUrl,
    tenant: 'demo',
    ...CLIENT,
    scope: 'api://demo/.default',
    company: 'CRONUS',
    ...overrides,
  };
}

/** The DomainError a promise rejects with (fails the test if it resolves or throws something else). */
async function domainErrorOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, the call succeeded');
}

let erp: DemoErpService;
let faults: DemoErpFaults;

beforeEach(async () => {
  faults = new DemoErpFaults();
  erp = await startDemoErp({ port: 0, ...CLIENT, faults, maxPageSize: 7, tokenLifetimeSeconds: 600 });
});

afterEach(async () => {
  await erp.close();
});

function connector(options: EntitySourceConnectorOptions = {}, overrides: Partial<EntitySourceConfig> = {}): EntitySourceConnector {
  return new EntitySourceConnector(sourceOf(erp, overrides), options);
}

describe('the token', () => {
  it('is fetched once and reused until shortly before it expires, then fetched again', async () => {
    let now = Date.now();
    const bc = connector({ now: () => now });
    await bc.companies();
    await bc.query('vendors');
    await bc.query('purchaseInvoices', { top: 1 });
    expect(erp.stats.tokensIssued).toBe(1);
    // 600 s tokens are renewed a minute before they expire.
    now += 538_000;
    await bc.query('vendors');
    expect(erp.stats.tokensIssued).toBe(1);
    now += 2_000;
    await bc.query('vendors');
    expect(erp.stats.tokensIssued).toBe(2);
  });

  it('is renewed once when the ERP refuses it before its time (revoked), and the call succeeds', async () => {
    const bc = connector();
    await bc.companies();
    erp.revokeTokens();
    const page = await bc.query('vendors', { select: ['number'] });
    expect(page.records.map((r) => r.number)).toEqual(['V10000', 'V20000', 'V30000', 'V40000']);
    expect(erp.stats.tokensIssued).toBe(2);
  });

  it('is refused for a wrong secret: Unavailable in words, no retry storm', async () => {
    const error = await domainErrorOf(connector({}, { clientSecret: 'wrong' }).query('vendors'));
    expect(error.kind).toBe('Unavailable');
    expect(error.message).toBe(erpCredentialsRefused('Business Central'));
    expect(erp.stats.apiRequests).toBe(0);
  });

  it('is shared by concurrent first calls (one token request)', async () => {
    const bc = connector();
    await Promise.all([bc.metadata(), bc.companies(), bc.metadata(), bc.companies()]);
    expect(erp.stats.tokensIssued).toBe(1);
    expect(erp.stats.metadataRequests).toBe(1);
    // The company list once too: two API calls in all, $metadata and companies.
    expect(erp.stats.apiRequests).toBe(2);
  });
});

describe('$metadata', () => {
  it('is parsed to entity types with keys, properties, navigation properties and sets, and cached', async () => {
    const bc = connector();
    const invoice = await bc.entityType('purchaseInvoices');
    expect(invoice.qualifiedName).toBe('Microsoft.NAV.purchaseInvoice');
    expect(invoice.entitySet).toBe('purchaseInvoices');
    expect(invoice.keys).toEqual(['id']);
    expect(invoice.properties).toEqual(
      expect.arrayContaining([
        { name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null },
        { name: 'number', type: 'Edm.String', nullable: true, maxLength: 20 },
        { name: 'totalAmountIncludingTax', type: 'Edm.Decimal', nullable: true, maxLength: null },
        { name: 'dueDate', type: 'Edm.Date', nullable: true, maxLength: null },
      ]),
    );
    expect(invoice.navigations).toEqual(
      expect.arrayContaining([
        { name: 'vendor', targetType: 'Microsoft.NAV.vendor', collection: false },
        { name: 'purchaseInvoiceLines', targetType: 'Microsoft.NAV.purchaseInvoiceLine', collection: true },
        { name: 'purchaseReceipts', targetType: 'Microsoft.NAV.purchaseReceipt', collection: true },
      ]),
    );
    expect((await bc.metadata()).actions).toContainEqual({ qualifiedName: 'Microsoft.NAV.post', boundTo: 'Microsoft.NAV.purchaseInvoice' });
    expect((await bc.entityType('vendor')).entitySet).toBe('vendors');
    expect((await bc.entityType('Microsoft.NAV.postedPurchaseInvoice')).entitySet).toBe('postedPurchaseInvoices');
    expect(erp.stats.metadataRequests).toBe(1);
    const unknown = await domainErrorOf(bc.entityType('customers'));
    expect(unknown.kind).toBe('NotFound');
    expect(unknown.message).toBe("Business Central has no entity type 'customers'.");
  });

  it('is fetched again after its time to live, or when invalidated', async () => {
    let now = Date.now();
    const bc = connector({ now: () => now, metadataTtlMs: 60_000 });
    await bc.metadata();
    await bc.metadata();
    expect(erp.stats.metadataRequests).toBe(1);
    now += 60_001;
    await bc.metadata();
    expect(erp.stats.metadataRequests).toBe(2);
    bc.invalidateMetadata();
    await bc.metadata();
    expect(erp.stats.metadataRequests).toBe(3);
  });
});

describe('queries', () => {
  it('filters and selects, with text quoted so a quote in a value stays a value', async () => {
    const bc = connector();
    const page = await bc.query('purchaseInvoices', {
      filter: {
        and: [
          { property: 'vendorNumber', operator: 'eq', value: 'V10000' },
          { property: 'dueDate', operator: 'gt', value: '2025-06-01' },
        ],
      },
      select: ['number', 'totalAmountIncludingTax'],
    });
    expect(page.records).toEqual([{ '@odata.etag': expect.any(String), number: 'PI-1005', totalAmountIncludingTax: expect.any(Number) }]);
    const contains = await bc.query('vendors', {
      filter: {
        or: [
          { property: 'displayName', operator: 'contains', value: 'wind' },
          { property: 'number', operator: 'eq', value: "V1' or number ne '" },
        ],
      },
      select: ['number'],
    });
    expect(contains.records.map((r) => r.number)).toEqual(['V30000']);
  });

  it('refuses a property the entity type lacks, before asking the ERP', async () => {
    const bc = connector();
    await bc.metadata();
    const before = erp.stats.apiRequests;
    const filter = await domainErrorOf(bc.query('vendors', { filter: { property: 'colour', operator: 'eq', value: 'red' } }));
    expect(filter.kind).toBe('Validation');
    expect(filter.message).toBe("Business Central: 'vendor' has no property 'colour'.");
    expect((await domainErrorOf(bc.query('vendors', { select: ['colour'] }))).kind).toBe('Validation');
    expect(
      (await domainErrorOf(bc.query('purchaseInvoices', { filter: { property: 'dueDate', operator: 'eq', value: 'tomorrow' } }))).kind,
    ).toBe('Validation');
    expect(erp.stats.apiRequests).toBe(before);
  });

  it('pages: one server page per query, nextPage follows @odata.nextLink, queryAll gathers every page', async () => {
    const bc = connector();
    const [invoice] = (
      await bc.query('purchaseInvoices', { filter: { property: 'number', operator: 'eq', value: 'PI-1003' }, select: ['id'] })
    ).records;
    const filter = { property: 'documentId', operator: 'eq' as const, value: String(invoice.id) };
    const first = await bc.query('purchaseInvoiceLines', { filter, select: ['sequence'] });
    expect(first.records).toHaveLength(7);
    expect(first.nextLink).not.toBeNull();
    const second = await bc.nextPage(first.nextLink ?? '');
    expect(second.records).toHaveLength(7);
    expect(second.records[0].sequence).not.toBe(first.records[0].sequence);
    const requestsBefore = erp.stats.apiRequests;
    const all = await bc.queryAll('purchaseInvoiceLines', { filter, select: ['sequence'] });
    // PI-1003 has 4 pages of lines on its PDF: 18 + 34 + 34 + 12.
    expect(all).toHaveLength(98);
    expect(new Set(all.map((r) => r.sequence)).size).toBe(98);
    expect(erp.stats.apiRequests - requestsBefore).toBe(Math.ceil(98 / 7));
    const window = await bc.queryAll('purchaseInvoiceLines', {
      filter,
      select: ['sequence'],
      orderBy: ['sequence desc'],
      skip: 10,
      top: 5,
    });
    expect(window.map((r) => r.sequence)).toEqual(
      all
        .slice(-15, -10)
        .reverse()
        .map((r) => r.sequence),
    );
  });

  it('stops gathering at maxRecords', async () => {
    const all = await connector({ maxRecords: 10 }).queryAll('purchaseInvoiceLines', { select: ['id'] });
    expect(all).toHaveLength(10);
  });

  it('reads another company by name, and refuses one the ERP does not have', async () => {
    const bc = connector();
    const canada = await bc.query('vendors', { company: 'CRONUS-CA', select: ['displayName'] });
    expect(canada.records.map((r) => r.displayName)).toEqual(['Maple Leaf Freight Ltd.', 'Northern Paper Co.']);
    const unknown = await domainErrorOf(bc.query('vendors', { company: 'CRONUS-UK' }));
    expect(unknown.kind).toBe('NotFound');
    expect(unknown.message).toBe("Business Central has no company 'CRONUS-UK'.");
  });

  it('gets one record by id, or null when the ERP has none', async () => {
    const bc = connector();
    const [vendor] = (await bc.query('vendors', { top: 1, select: ['id'] })).records;
    expect(await bc.get('vendors', String(vendor.id), { select: ['number', 'displayName'] })).toMatchObject({
      number: 'V10000',
      displayName: 'Fabrikam, Inc.',
    });
    expect(await bc.get('vendors', '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('bound actions', () => {
  it('posts a purchase invoice with Microsoft.NAV.post, refuses a second post and an action the type lacks, in words', async () => {
    const bc = connector();
    const [draft] = (
      await bc.query('purchaseInvoices', { filter: { property: 'number', operator: 'eq', value: 'PI-1002' }, select: ['id'] })
    ).records;
    // Posting needs the invoice approved in Datahaven (the demo ERP's setup switch is on): an ERP user approved it.
    erp.store.setApprovalStatus(String(erp.store.listCompanies()[0].id), String(draft.id), 'Approved');
    faults.failNext(429, { retryAfter: '0' });
    await bc.invokeAction('purchaseInvoices', String(draft.id), 'post');
    const posted = await bc.query('postedPurchaseInvoices', {
      filter: { property: 'purchaseInvoiceId', operator: 'eq', value: String(draft.id) },
      select: ['number', 'status'],
    });
    expect(posted.records).toEqual([{ '@odata.etag': expect.any(String), number: 'PPI-1002', status: 'Open' }]);
    const again = await domainErrorOf(bc.invokeAction('purchaseInvoices', String(draft.id), 'Microsoft.NAV.post'));
    expect(again.kind).toBe('Validation');
    expect(again.message).toBe('Business Central refused the request: The purchase invoice PI-1002 has already been posted.');
    expect((await domainErrorOf(bc.invokeAction('vendors', String(draft.id), 'post'))).kind).toBe('NotFound');
  });

  it('does not send an action again after a 503 (it may have been done): busy in words', async () => {
    const bc = connector({ sleep: async () => undefined });
    const [draft] = (
      await bc.query('purchaseInvoices', { filter: { property: 'number', operator: 'eq', value: 'PI-1004' }, select: ['id'] })
    ).records;
    faults.failNext(503, { retryAfter: '0' });
    expect((await domainErrorOf(bc.invokeAction('purchaseInvoices', String(draft.id), 'post'))).message).toBe(erpBusy('Business Central'));
    expect(faults.pending).toBe(0);
    expect((await bc.query('postedPurchaseInvoices')).records).toEqual([]);
  });
});

describe('PATCH with If-Match', () => {
  it("changes a record with its ETag and answers it as stored; a stale ETag is a Conflict in the ERP's words, an unknown property Validation", async () => {
    const bc = connector();
    const [invoice] = (
      await bc.query('purchaseInvoices', { filter: { property: 'number', operator: 'eq', value: 'PI-1005' }, select: ['id'] })
    ).records;
    const read = await bc.get('purchaseInvoices', String(invoice.id), { select: ['vendorInvoiceNumber'] });
    const etag = String(read?.['@odata.etag']);
    const changed = await bc.patch('purchaseInvoices', String(invoice.id), etag, { vendorInvoiceNumber: 'FAB-25-0519-B' });
    expect(changed).toMatchObject({ vendorInvoiceNumber: 'FAB-25-0519-B' });
    expect(changed['@odata.etag']).not.toBe(etag);
    const stale = await domainErrorOf(bc.patch('purchaseInvoices', String(invoice.id), etag, { vendorInvoiceNumber: 'FAB-25-0519-C' }));
    expect(stale.kind).toBe('Conflict');
    expect(stale.message).toBe('Business Central refused the request: Another user has already changed the record.');
    const unknown = await domainErrorOf(bc.patch('purchaseInvoices', String(invoice.id), '*', { approvalStatus: 'Approved' }));
    expect(unknown.kind).toBe('Validation');
    expect(unknown.message).toBe("Business Central: 'purchaseInvoice' has no property 'approvalStatus'.");
  });
});

describe('429 and 503', () => {
  it('retries a 429 after its Retry-After and succeeds', async () => {
    const waits: number[] = [];
    const bc = connector({ sleep: async (ms) => void waits.push(ms) });
    await bc.metadata();
    faults.failNext(429, { retryAfter: '2' });
    faults.failNext(503, { retryAfter: '1' });
    const page = await bc.query('vendors', { select: ['number'] });
    expect(page.records).toHaveLength(4);
    expect(waits).toEqual([2000, 1000]);
    expect(faults.pending).toBe(0);
  });

  it('really waits the Retry-After with the default sleep: the retry reaches the ERP only after it', async () => {
    const bc = connector();
    await bc.metadata();
    faults.failNext(429, { retryAfter: '1' });
    const before = erp.stats.apiRequests;
    // What the ERP had seen 900 ms on: the 429 at most, not yet the retry (order, not duration: readAfter).
    const seenBeforeRetryAfterEnded = readAfter(900, () => erp.stats.apiRequests);
    const page = await bc.query('vendors', { select: ['number'] });
    expect(page.records).toHaveLength(4);
    expect(await seenBeforeRetryAfterEnded).toBeLessThanOrEqual(before + 1);
    // The refused call, its retry and whatever the query asks after it (the company, then the vendors).
    expect(erp.stats.apiRequests).toBeGreaterThanOrEqual(before + 2);
    expect(faults.pending).toBe(0);
  });

  it('backs off without a Retry-After, and reports busy in words after the bounded retries', async () => {
    const waits: number[] = [];
    const bc = connector({ sleep: async (ms) => void waits.push(ms), maxRetries: 3 });
    await bc.metadata();
    faults.failNext(503, { count: 4, retryAfter: null });
    const error = await domainErrorOf(bc.query('vendors'));
    expect(error.kind).toBe('Unavailable');
    expect(error.message).toBe(erpBusy('Business Central'));
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('reports busy at once when the ERP asks for a longer wait than the bound', async () => {
    const waits: number[] = [];
    const bc = connector({ sleep: async (ms) => void waits.push(ms), maxRetryAfterMs: 5_000 });
    await bc.metadata();
    faults.failNext(429, { retryAfter: '120' });
    expect((await domainErrorOf(bc.query('vendors'))).message).toBe(erpBusy('Business Central'));
    expect(waits).toEqual([]);
  });

  it("reports busy at once when the wait would outlast the call's time budget", async () => {
    const waits: number[] = [];
    const bc = connector({ sleep: async (ms) => void waits.push(ms), timeoutMs: 2_000 });
    await bc.metadata();
    faults.failNext(503, { retryAfter: '3' });
    expect((await domainErrorOf(bc.query('vendors'))).message).toBe(erpBusy('Business Central'));
    expect(waits).toEqual([]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('a source that is down or silent', () => {
  it('answers Unavailable in words at once when the ERP is stopped (unreachable, not timed out), and recovers when it is back', async () => {
    const bc = connector({ timeoutMs: 5_000 });
    await bc.metadata();
    const port = erp.port;
    await erp.close();
    const error = await domainErrorOf(bc.query('vendors'));
    expect(error.kind).toBe('Unavailable');
    // At once: the refused connection is the answer; a call that waited out its time-out would say erpTimedOut.
    expect(error.message).toBe(erpUnreachable('Business Central'));
    // Back on the same port (same apiUrl): the cached token is gone with that ERP, a new one is fetched.
    erp = await startDemoErp({ port, ...CLIENT, faults });
    const page = await bc.query('vendors', { select: ['number'] });
    expect(page.records).toHaveLength(4);
  });

  it('answers Unavailable in words when its time-out ends a request the ERP holds', async () => {
    const bc = connector({ timeoutMs: 400 });
    await bc.metadata();
    faults.hangNext();
    const error = await domainErrorOf(bc.query('vendors'));
    expect(error.kind).toBe('Unavailable');
    // The time-out ended the call (the ERP never answers it), and the message says so.
    expect(error.message).toBe(erpTimedOut('Business Central', 1));
  });

  it('answers Unavailable when the token endpoint accepts the connection but never answers', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    try {
      const bc = connector({ timeoutMs: 300 }, { tokenUrl: `http://127.0.0.1:${address.port}/oauth2/token` });
      const error = await domainErrorOf(bc.query('vendors'));
      expect(error.kind).toBe('Unavailable');
      expect(error.message).toBe(erpTimedOut('Business Central', 1));
    } finally {
      silent.close();
    }
  });
});
