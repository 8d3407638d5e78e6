import { DEMO_ERP_COMPANIES } from './demoErpWorld';
import { demoInvoiceLines, demoInvoiceTotals } from './demoInvoiceLines';
import { startDemoErp, type DemoErpService } from './startDemoErp';

const CLIENT = { clientId: 'test-client', clientSecret: 'test-secret' };
const CRONUS = DEMO_ERP_COMPANIES[0];
const CANADA = DEMO_ERP_COMPANIES[1];

interface Collection {
  value: Record<string, unknown>[];
  '@odata.nextLink'?: string;
  '@odata.count'?: number;
}

let erp: DemoErpService;
let token: string;

async function fetchToken(body: Record<string, string>): Promise<Response> {
  return fetch(erp.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return fetch(path.startsWith('http') ? path : `${erp.apiUrl}${path}`, { ...init, headers });
}

async function collection(path: string, init: RequestInit = {}): Promise<Collection> {
  const response = await api(path, init);
  expect(response.status).toBe(200);
  return (await response.json()) as Collection;
}

const company = (id = CRONUS.id): string => `/companies(${id})`;

beforeAll(async () => {
  erp = await startDemoErp({ port: 0, ...CLIENT, maxPageSize: 5 });
  const response = await fetchToken({
    grant_type: 'client_credentials',
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    scope: 'x',
  });
  expect(response.status).toBe(200);
  token = ((await response.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await erp.close();
});

describe('the token endpoint and the bearer', () => {
  it('refuses every API call without a bearer, or with one it never issued: 401 with an OData error', async () => {
    const bare = await fetch(`${erp.apiUrl}/companies`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await bare.json()).toEqual({
      error: { code: 'Authentication_InvalidCredentials', message: expect.stringMatching(/credentials/) },
    });
    const forged = await fetch(`${erp.apiUrl}/$metadata`, { headers: { Authorization: 'Bearer forged' } });
    expect(forged.status).toBe(401);
  });

  it('refuses a wrong secret (401 invalid_client) and another grant (400), and accepts HTTP Basic client authentication', async () => {
    const wrong = await fetchToken({ grant_type: 'client_credentials', client_id: CLIENT.clientId, client_secret: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const password = await fetchToken({ grant_type: 'password', client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret });
    expect(password.status).toBe(400);
    const basic = await fetch(erp.tokenUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(basic.status).toBe(200);
    expect(await basic.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, access_token: expect.any(String) });
  });

  it('refuses a revoked token', async () => {
    const own = await startDemoErp({ port: 0, ...CLIENT });
    try {
      const issued = (await (
        await fetch(own.tokenUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: CLIENT.clientId,
            client_secret: CLIENT.clientSecret,
          }).toString(),
        })
      ).json()) as { access_token: string };
      const call = (): Promise<Response> =>
        fetch(`${own.apiUrl}/companies`, { headers: { Authorization: `Bearer ${issued.access_token}` } });
      expect((await call()).status).toBe(200);
      own.revokeTokens();
      expect((await call()).status).toBe(401);
    } finally {
      await own.close();
    }
  });
});

describe('$metadata and companies', () => {
  it('publishes CSDL with entity types, keys, properties, navigation properties, the post action and the entity sets', async () => {
    const response = await api('/$metadata');
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<Schema Namespace="Microsoft.NAV"');
    expect(xml).toMatch(/<EntityType Name="purchaseInvoice">\s*<Key>\s*<PropertyRef Name="id" \/>/);
    expect(xml).toContain('<Property Name="totalAmountIncludingTax" Type="Edm.Decimal" Nullable="true" Scale="Variable" />');
    expect(xml).toContain('<NavigationProperty Name="purchaseInvoiceLines" Type="Collection(Microsoft.NAV.purchaseInvoiceLine)" />');
    expect(xml).toContain('<NavigationProperty Name="vendor" Type="Microsoft.NAV.vendor" />');
    expect(xml).toContain('<Action Name="post" IsBound="true">');
    for (const set of [
      'companies',
      'vendors',
      'purchaseInvoices',
      'purchaseInvoiceLines',
      'purchaseOrders',
      'purchaseReceipts',
      'postedPurchaseInvoices',
    ]) {
      expect(xml).toContain(`<EntitySet Name="${set}"`);
    }
  });

  it('lists two companies, and the same vendor number in each is a different vendor', async () => {
    const companies = await collection('/companies');
    expect(companies.value.map((c) => c.name)).toEqual(['CRONUS', 'CRONUS-CA']);
    const cronus = await collection(`${company()}/vendors?$filter=number eq 'V10000'`);
    const canada = await collection(`${company(CANADA.id)}/vendors?$filter=number eq 'V10000'`);
    expect(cronus.value.map((v) => v.displayName)).toEqual(['Fabrikam, Inc.']);
    expect(canada.value.map((v) => v.displayName)).toEqual(['Maple Leaf Freight Ltd.']);
  });

  it('answers 404 in OData words for an unknown company, set or record', async () => {
    for (const path of [
      '/companies(00000000-0000-4000-8000-000000000000)/vendors',
      `${company()}/customers`,
      `${company()}/vendors(00000000-0000-4000-8000-000000000000)`,
    ]) {
      const response = await api(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'BadRequest_NotFound', message: expect.any(String) } });
    }
  });
});

describe('purchase invoices and query options', () => {
  it('serves the BC v2.0 fields, with totals that match the invoice PDF lines', async () => {
    const page = await collection(`${company()}/purchaseInvoices?$filter=number eq 'PI-1003'`);
    expect(page.value).toHaveLength(1);
    const invoice = page.value[0];
    const source = CRONUS.purchaseInvoices.find((i) => i.number === 'PI-1003');
    if (source === undefined) throw new Error('PI-1003 is missing from the demo world');
    const totals = demoInvoiceTotals(demoInvoiceLines(source.seed, source.pages));
    expect(invoice).toMatchObject({
      '@odata.etag': expect.stringMatching(/^W\/"/),
      id: source.systemId,
      number: 'PI-1003',
      vendorNumber: 'V30000',
      vendorName: 'Northwind Traders',
      invoiceDate: '2025-05-02',
      dueDate: '2025-06-01',
      totalAmountIncludingTax: totals.totalCents / 100,
      currencyCode: 'USD',
      status: 'Draft',
    });
  });

  it('filters with eq, ne, gt/lt/ge/le, and/or, contains and startswith', async () => {
    const numbers = async (filter: string): Promise<unknown[]> =>
      (await collection(`${company()}/purchaseInvoices?$filter=${encodeURIComponent(filter)}&$select=number`)).value.map((v) => v.number);
    expect(await numbers("vendorNumber eq 'V10000'")).toEqual(['PI-1001', 'PI-1005']);
    expect(await numbers("vendorNumber ne 'V10000' and vendorNumber ne 'V20000'")).toEqual(['PI-1003', 'PI-1004']);
    expect(await numbers('dueDate gt 2025-06-01')).toEqual(['PI-1005', 'PI-1006']);
    expect(await numbers('dueDate ge 2025-06-01 and dueDate le 2025-06-19')).toEqual(['PI-1003', 'PI-1005']);
    expect(await numbers('dueDate lt 2025-05-20')).toEqual(['PI-1001']);
    expect(await numbers("number eq 'PI-1002' or (vendorNumber eq 'V40000' and status eq 'Draft')")).toEqual(['PI-1002', 'PI-1004']);
    expect(await numbers("contains(vendorName,'wind')")).toEqual(['PI-1003']);
    expect(await numbers("startswith(vendorInvoiceNumber,'fab')")).toEqual(['PI-1001', 'PI-1005']);
    expect(await numbers("not contains(vendorName,'a')")).toEqual(['PI-1002', 'PI-1006']);
  });

  it('refuses a filter on an unknown property or with bad syntax, and an unknown $select property, with 400 in words', async () => {
    for (const query of ["$filter=colour eq 'red'", '$filter=number eq', "$filter=number xx 'a'", '$select=colour']) {
      const response = await api(`${company()}/purchaseInvoices?${query}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message.length).toBeGreaterThan(10);
    }
  });

  it('selects only the asked properties (plus the ETag)', async () => {
    const page = await collection(`${company()}/vendors?$select=number,displayName&$top=1`);
    expect(page.value).toEqual([{ '@odata.etag': expect.any(String), number: 'V10000', displayName: 'Fabrikam, Inc.' }]);
  });

  it('windows with $top/$skip and pages the window with @odata.nextLink until the last page', async () => {
    const window = await collection(`${company()}/purchaseInvoices?$skip=1&$top=2&$select=number`);
    expect(window.value.map((v) => v.number)).toEqual(['PI-1002', 'PI-1003']);
    expect(window['@odata.nextLink']).toBeUndefined();

    const invoice = CRONUS.purchaseInvoices.find((i) => i.number === 'PI-1003');
    if (invoice === undefined) throw new Error('PI-1003 is missing');
    const expected = demoInvoiceLines(invoice.seed, invoice.pages).length;
    const seen: unknown[] = [];
    let url: string | undefined = `${company()}/purchaseInvoices(${invoice.systemId})/purchaseInvoiceLines?$select=sequence&$count=true`;
    let pages = 0;
    while (url !== undefined) {
      const page: Collection = await collection(url);
      if (pages === 0) expect(page['@odata.count']).toBe(expected);
      expect(page.value.length).toBeLessThanOrEqual(5);
      seen.push(...page.value.map((line) => line.sequence));
      url = page['@odata.nextLink'];
      if (url !== undefined) expect(url.startsWith(erp.apiUrl)).toBe(true);
      pages++;
    }
    expect(seen).toHaveLength(expected);
    expect(new Set(seen).size).toBe(expected);
    expect(pages).toBe(Math.ceil(expected / 5));
  });

  it('honours Prefer: odata.maxpagesize below the service page size', async () => {
    const response = await api(`${company()}/vendors`, { headers: { Prefer: 'odata.maxpagesize=2' } });
    expect(response.headers.get('preference-applied')).toBe('odata.maxpagesize=2');
    const page = (await response.json()) as Collection;
    expect(page.value).toHaveLength(2);
    expect(page['@odata.nextLink']).toContain('$skiptoken=2');
  });

  it('follows navigation properties: the invoice vendor, order and receipts', async () => {
    const invoice = CRONUS.purchaseInvoices.find((i) => i.number === 'PI-1003');
    if (invoice === undefined) throw new Error('PI-1003 is missing');
    const base = `${company()}/purchaseInvoices(${invoice.systemId})`;
    const vendor = (await (await api(`${base}/vendor`)).json()) as Record<string, unknown>;
    expect(vendor).toMatchObject({ number: 'V30000', displayName: 'Northwind Traders' });
    const order = (await (await api(`${base}/purchaseOrder`)).json()) as Record<string, unknown>;
    expect(order).toMatchObject({ number: invoice.orderNumber, vendorNumber: 'V30000' });
    const receipts = await collection(`${base}/purchaseReceipts`);
    expect(receipts.value.map((r) => r.orderNumber)).toEqual([invoice.orderNumber, invoice.orderNumber]);
  });
});

describe('changes: ETags, create and post', () => {
  it('PATCHes with a matching If-Match, refuses a stale one with 412 and none with 428', async () => {
    const invoice = CRONUS.purchaseInvoices.find((i) => i.number === 'PI-1004');
    if (invoice === undefined) throw new Error('PI-1004 is missing');
    const url = `${company()}/purchaseInvoices(${invoice.systemId})`;
    const read = await api(url);
    const etag = read.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const patch = (ifMatch: string | null, body: unknown): Promise<Response> =>
      api(url, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', ...(ifMatch === null ? {} : { 'If-Match': ifMatch }) },
        body: JSON.stringify(body),
      });

    const changed = await patch(etag, { vendorInvoiceNumber: 'LW-5531-A' });
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ vendorInvoiceNumber: 'LW-5531-A' });
    expect(body['@odata.etag']).not.toBe(etag);
    expect(changed.headers.get('etag')).toBe(body['@odata.etag']);

    const stale = await patch(etag, { vendorInvoiceNumber: 'LW-5531-B' });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toEqual({
      error: { code: 'Request_EntityChanged', message: 'Another user has already changed the record.' },
    });
    expect((await patch(null, { vendorInvoiceNumber: 'LW-5531-B' })).status).toBe(428);
    expect((await patch('*', { number: 'PI-9999' })).status).toBe(400);
    expect((await patch('*', { dueDate: 'soon' })).status).toBe(400);
  });

  it('creates a draft purchase invoice for a vendor and numbers it after the last one', async () => {
    const response = await api(`${company(CANADA.id)}/purchaseInvoices`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ vendorNumber: 'V20000', vendorInvoiceNumber: 'NPC-8000', invoiceDate: '2025-06-10', dueDate: '2025-06-24' }),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Record<string, unknown>;
    expect(created).toMatchObject({
      number: 'PI-1003',
      vendorNumber: 'V20000',
      vendorName: 'Northern Paper Co.',
      currencyCode: 'CAD',
      status: 'Draft',
      dueDate: '2025-06-24',
    });
    expect(response.headers.get('location')).toBe(`${erp.apiUrl}/companies(${CANADA.id})/purchaseInvoices(${String(created.id)})`);
    const read = await api(`${company(CANADA.id)}/purchaseInvoices(${String(created.id)})`);
    expect(read.status).toBe(200);
    const refused = await api(`${company(CANADA.id)}/purchaseInvoices`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ vendorNumber: 'V99999' }),
    });
    expect(refused.status).toBe(400);
  });

  it('posts a draft with Microsoft.NAV.post: the posted invoice appears, the draft turns Open, a second post is refused', async () => {
    const invoice = CRONUS.purchaseInvoices.find((i) => i.number === 'PI-1006');
    if (invoice === undefined) throw new Error('PI-1006 is missing');
    const action = `${company()}/purchaseInvoices(${invoice.systemId})/Microsoft.NAV.post`;
    const before = await collection(`${company()}/postedPurchaseInvoices?$filter=preAssignedNumber eq 'PI-1006'`);
    expect(before.value).toEqual([]);
    // The setup switch "Require Approval to Post" is on: not approved in Datahaven, not posted.
    const unapproved = await api(action, { method: 'POST' });
    expect(unapproved.status).toBe(400);
    expect(await unapproved.json()).toEqual({
      error: {
        code: 'BadRequest',
        message: 'Purchase invoice PI-1006 cannot be posted: it is not approved in Datahaven Documents (approval status: none).',
      },
    });
    expect((await collection(`${company()}/postedPurchaseInvoices?$filter=preAssignedNumber eq 'PI-1006'`)).value).toEqual([]);
    const approval = `${erp.baseUrl}/api/datahaven/documents/v1.0${company()}/purchaseInvoiceApprovals(${invoice.systemId})`;
    const approved = await api(approval, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', 'If-Match': '*' },
      body: JSON.stringify({ approvalStatus: 'Approved' }),
    });
    expect(approved.status).toBe(200);
    const posted = await api(action, { method: 'POST' });
    expect(posted.status).toBe(204);
    const after = await collection(`${company()}/postedPurchaseInvoices?$filter=preAssignedNumber eq 'PI-1006'`);
    expect(after.value).toEqual([
      expect.objectContaining({ number: 'PPI-1006', purchaseInvoiceId: invoice.systemId, vendorNumber: 'V20000', status: 'Open' }),
    ]);
    const draft = (await (await api(`${company()}/purchaseInvoices(${invoice.systemId})`)).json()) as Record<string, unknown>;
    expect(draft.status).toBe('Open');
    const again = await api(action, { method: 'POST' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'The purchase invoice PI-1006 has already been posted.',
    );
  });
});

describe("the product's extension API beside v2.0: purchase invoices' approval status (manifests/bc)", () => {
  const root = (): string => `${erp.baseUrl}/api/datahaven/documents/v1.0`;

  it('publishes its own $metadata and the same companies, behind the same bearer', async () => {
    expect((await fetch(`${root()}/companies`)).status).toBe(401);
    const xml = await (await api(`${root()}/$metadata`)).text();
    expect(xml).toMatch(/<EntityType Name="purchaseInvoiceApproval">\s*<Key>\s*<PropertyRef Name="id" \/>/);
    expect(xml).toContain('<Property Name="approvalStatus" Type="Edm.String" Nullable="true" MaxLength="30" />');
    expect(xml).toContain('<EntitySet Name="purchaseInvoiceApprovals" EntityType="Microsoft.NAV.purchaseInvoiceApproval" />');
    expect(xml).not.toContain('<EntitySet Name="vendors"');
    const companies = await collection(`${root()}/companies?$select=id,name`);
    expect(companies.value.map((c) => c.name)).toEqual(['CRONUS', 'CRONUS-CA']);
  });

  it("serves each draft invoice's status (blank at first), PATCHes it with If-Match only to a value of the enum, and the invoice's ETag moves with it", async () => {
    const invoice = CRONUS.purchaseInvoices.find((i) => i.number === 'PI-1005');
    if (invoice === undefined) throw new Error('PI-1005 is missing');
    const url = `${root()}${company()}/purchaseInvoiceApprovals(${invoice.systemId})`;
    const listed = await collection(`${root()}${company()}/purchaseInvoiceApprovals?$filter=number eq 'PI-1005'`);
    expect(listed.value).toEqual([
      {
        '@odata.etag': expect.any(String),
        id: invoice.systemId,
        number: 'PI-1005',
        approvalStatus: '',
        lastModifiedDateTime: expect.any(String),
      },
    ]);
    const read = await api(url);
    const etag = read.headers.get('etag') ?? '';
    const invoiceEtag = (await api(`${company()}/purchaseInvoices(${invoice.systemId})`)).headers.get('etag');
    expect(etag).toBe(invoiceEtag);
    const patch = (ifMatch: string | null, body: unknown): Promise<Response> =>
      api(url, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', ...(ifMatch === null ? {} : { 'If-Match': ifMatch }) },
        body: JSON.stringify(body),
      });
    expect((await patch(null, { approvalStatus: 'Approved' })).status).toBe(428);
    const wrong = await patch(etag, { approvalStatus: 'Approved by Bob' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      "The value 'Approved by Bob' of 'approvalStatus' is not one of '', 'Pending Approval', 'Approved', 'Rejected'.",
    );
    expect((await patch(etag, { number: 'PI-9' })).status).toBe(400);
    const changed = await patch(etag, { approvalStatus: 'Pending Approval' });
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ number: 'PI-1005', approvalStatus: 'Pending Approval' });
    expect(body['@odata.etag']).not.toBe(etag);
    expect((await patch(etag, { approvalStatus: 'Approved' })).status).toBe(412);
    expect((await api(`${company()}/purchaseInvoices(${invoice.systemId})`)).headers.get('etag')).toBe(body['@odata.etag']);
    // v2.0's purchase invoice does not carry the extension's field, as BC's standard API does not.
    expect((await api(`${company()}/purchaseInvoices(${invoice.systemId})?$select=approvalStatus`)).status).toBe(400);
    expect((await api(`${root()}${company()}/purchaseInvoiceApprovals(00000000-0000-4000-8000-000000000000)`)).status).toBe(404);
  });
});

describe('the web client a record URL opens', () => {
  it("shows the card a record URL names (company, page, filter 'No.' IS …) and says 404 in words for a record it does not have", async () => {
    const query = (page: string, number: string): string =>
      new URLSearchParams({ company: 'CRONUS', page, filter: `'No.' IS '${number}'` }).toString().replace(/\+/g, '%20');
    const vendor = await fetch(`${erp.baseUrl}/?${query('26', 'V10000')}`);
    expect(vendor.status).toBe(200);
    const html = await vendor.text();
    expect(html).toContain('<h1>Vendor Card V10000</h1>');
    expect(html).toContain('Fabrikam, Inc.');
    const invoice = await fetch(`${erp.baseUrl}/?${query('51', 'PI-1001')}`);
    expect(invoice.status).toBe(200);
    expect(await invoice.text()).toContain('<h1>Purchase Invoice PI-1001</h1>');
    const missing = await fetch(`${erp.baseUrl}/?${query('26', 'V99999')}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('record V99999');
  });

  it("shows the card in German for a de-DE browser, with Business Central's German card names", async () => {
    const query = new URLSearchParams({ company: 'CRONUS', page: '51', filter: "'No.' IS 'PI-1001'" }).toString().replace(/\+/g, '%20');
    const invoice = await fetch(`${erp.baseUrl}/?${query}`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(invoice.headers.get('content-language')).toBe('de');
    const html = await invoice.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Einkaufsrechnung PI-1001</h1>');
    expect(html).toContain('Business Central (Demo-Webclient)');
  });
});
