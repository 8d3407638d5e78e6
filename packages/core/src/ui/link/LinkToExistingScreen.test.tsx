import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DOCUMENT_ACCESS_FLAGS, FEATURES2, encodeDocumentId, type DmsDocument, type DocumentAccess, type FolderEntry } from '../../model';
import { MESSAGES, linkingError } from '../../rules';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument, testFolder, type FakeRoute, type RecordedRequest } from '../test/renderApp';

const VENDOR = 'bc%3AMicrosoft.NAV.Vendor';
const INVOICE = 'bc%3AMicrosoft.NAV.PurchaseHeader';
const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23&typeName=bc:Microsoft.NAV.Vendor';
const guid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** 45 purchase invoices PI-1001…PI-1045, so a second page exists. */
const INVOICES = Array.from({ length: 45 }, (_, i) => ({
  id: guid(i + 1),
  number: `PI-${1001 + i}`,
  vendorNumber: i % 2 === 0 ? 'V30000' : 'V10000',
  dataAreaId: 'CRONUS',
}));
const VENDORS = [
  { id: guid(100), number: 'V10000', displayName: 'Fabrikam', dataAreaId: 'CRONUS' },
  { id: guid(101), number: 'V30000', displayName: 'Northwind Traders', dataAreaId: 'CRONUS' },
];
const properties = (extra: string[]) => [
  { name: 'id', type: 'Edm.Guid', nullable: false, maxLength: null, isKey: true },
  { name: 'number', type: 'Edm.String', nullable: true, maxLength: 20, isKey: false },
  ...extra.map((name) => ({ name, type: 'Edm.String', nullable: true, maxLength: 100, isKey: false })),
];

/** The fake entity listing: q_{field} as contains, skip/take as the server pages. */
function listing(rows: readonly Record<string, string>[]): FakeRoute {
  return (request) => {
    const filters = [...request.search.entries()]
      .filter(([name]) => name.startsWith('q_'))
      .map(([name, value]) => [name.slice(2), value.toLowerCase()] as const);
    const matching = rows.filter((row) => filters.every(([field, value]) => (row[field] ?? '').toLowerCase().includes(value)));
    const skip = Number(request.search.get('skip'));
    return matching.slice(skip, skip + Number(request.search.get('take')));
  };
}

function routes(document: DmsDocument | null, overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /api/options': () => [],
    'GET /api/sits': () => [
      {
        id: 1,
        externalTableId: 23,
        sourceTypeId: 0,
        entityTypeName: 'bc:Microsoft.NAV.Vendor',
        label: 'Vendor',
        productType: null,
        allowNewCard: false,
      },
      {
        id: 2,
        externalTableId: 38,
        sourceTypeId: 2,
        entityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
        label: 'Purchase Invoice',
        productType: null,
        allowNewCard: true,
      },
    ],
    ...(document ? { 'GET /api/documents/7': () => document } : {}),
    [`GET /api/entity-types/${VENDOR}/properties`]: () => properties(['displayName']),
    [`GET /api/entity-types/${VENDOR}/entities`]: listing(VENDORS),
    [`GET /api/entity-types/${INVOICE}/properties`]: () => properties(['vendorNumber']),
    [`GET /api/entity-types/${INVOICE}/entities`]: listing(INVOICES),
    'POST /api/documents/7/link': () => ({}),
    'GET /api/folder-structure': () => [],
    ...overrides,
  };
}

const PATH = `/link-to-existing/${encodeDocumentId(7)}${CONTEXT}`;
const unlinked = (): DmsDocument => testDocument({ id: 7, name: 'invoice.pdf', link: null, type: null });
const rowsOf = (grid: HTMLElement): HTMLElement[] =>
  within(grid)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody') !== null);
const entityCalls = (requests: RecordedRequest[], type: string): RecordedRequest[] =>
  requests.filter((request) => request.path === `/api/entity-types/${type}/entities`);

async function choosePurchaseInvoices(): Promise<HTMLElement> {
  const grid = await screen.findByRole('grid', { name: 'Records' });
  await within(grid).findByText('Northwind Traders');
  fireEvent.change(screen.getByRole('combobox', { name: 'Record type' }), { target: { value: 'bc:Microsoft.NAV.PurchaseHeader' } });
  await within(grid).findByText('PI-1001');
  return grid;
}

describe('LinkToExistingScreen', () => {
  it("starts on the context's record type, filters by q_{field}, and links the record picked by keyboard, then goes back and the folders load afresh", async () => {
    const app = renderApp(PATH, routes(unlinked()), { search: CONTEXT });
    const grid = await choosePurchaseInvoices();
    // The vendors came first (the record in context is a vendor), 30 at a time with the context's company.
    expect(entityCalls(app.requests, VENDOR)[0].search.toString()).toBe('skip=0&take=30&dataAreaId=CRONUS&docId=7');
    // The GUID key is not a column; number and vendorNumber are, each with its filter.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['number', 'vendorNumber']);

    fireEvent.change(within(grid).getByRole('textbox', { name: 'Filter number' }), { target: { value: 'PI-1003' } });
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(1));
    expect(entityCalls(app.requests, INVOICE).at(-1)?.search.get('q_number')).toBe('PI-1003');

    // Down from the filter highlights the first record; Enter links to it.
    fireEvent.keyDown(within(grid).getByRole('textbox', { name: 'Filter number' }), { key: 'ArrowDown' });
    await waitFor(() => expect(rowsOf(grid)[0].getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(grid, { key: 'Enter' });

    await screen.findByText('Linked to PI-1003');
    const post = app.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/documents/7/link');
    expect(Object.fromEntries(post?.search ?? [])).toEqual({
      relatedTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      relatedDataAreaId: 'CRONUS',
      relatedRecordId: guid(3),
      relatedTableId: '38',
      relatedSitId: '2',
      rowConflictId: '1',
    });
    // A fresh load goes back to the folders, which ask for the record's structure again.
    await waitFor(() => expect(window.location.pathname).toBe('/folders'));
    await waitFor(() => expect(app.requests.some((request) => request.path === '/api/folder-structure')).toBe(true));
  });

  it('opens the record just linked when the queue sets LaunchRecordAfterDocumentLink', async () => {
    const queued = testDocument({
      id: 7,
      name: 'invoice.pdf',
      link: null,
      type: null,
      queue: { id: 3, name: 'AP Inbox', queueTypeName: 'Invoices', features1: 0, features2: FEATURES2.LaunchRecordAfterDocumentLink },
    });
    const link = {
      dataAreaId: 'CRONUS',
      sourceTableId: 38,
      sourceType: 2,
      sourceNumber: 'PI-1003',
      sourceEntityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      recordId: guid(3),
      sitId: 2,
    };
    const opened: (string | Promise<string>)[] = [];
    const app = renderApp(
      PATH,
      routes(queued, {
        'POST /api/documents/7/link': () => ({ link, rowVersion: 2 }),
        'GET /api/entities/url': () => ({ url: 'https://bc.example/?page=51', pageId: 51, number: 'PI-1003' }),
      }),
      { search: CONTEXT, host: (base) => ({ ...base, openUrl: (url) => void opened.push(url) }) },
    );
    const grid = await choosePurchaseInvoices();
    fireEvent.change(within(grid).getByRole('textbox', { name: 'Filter number' }), { target: { value: 'PI-1003' } });
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(1));
    fireEvent.keyDown(within(grid).getByRole('textbox', { name: 'Filter number' }), { key: 'ArrowDown' });
    await waitFor(() => expect(rowsOf(grid)[0].getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(grid, { key: 'Enter' });
    await waitFor(() => expect(opened).toHaveLength(1));
    await expect(opened[0]).resolves.toBe('https://bc.example/?page=51');
    expect(app.requests.find((request) => request.path === '/api/entities/url')?.search.get('recordId')).toBe(guid(3));
  });

  it("follows the queue's OnLink event: asks 'Approve now?' and approves with the link's row version, or says it was approved or why not", async () => {
    const inQueue = (features2: number): DmsDocument =>
      testDocument({
        id: 7,
        name: 'invoice.pdf',
        link: null,
        type: null,
        queue: { id: 3, name: 'AP Inbox', queueTypeName: 'Invoices', features1: 0, features2 },
      });
    const link = {
      dataAreaId: 'CRONUS',
      sourceTableId: 38,
      sourceType: 2,
      sourceNumber: 'PI-1003',
      sourceEntityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      recordId: guid(3),
      sitId: 2,
    };
    const linkTo1003 = async (): Promise<void> => {
      const grid = await choosePurchaseInvoices();
      fireEvent.change(within(grid).getByRole('textbox', { name: 'Filter number' }), { target: { value: 'PI-1003' } });
      await waitFor(() => expect(rowsOf(grid)).toHaveLength(1));
      fireEvent.keyDown(within(grid).getByRole('textbox', { name: 'Filter number' }), { key: 'ArrowDown' });
      await waitFor(() => expect(rowsOf(grid)[0].getAttribute('aria-selected')).toBe('true'));
      fireEvent.keyDown(grid, { key: 'Enter' });
    };
    const events = { queueId: 3, autoApproved: false, autoApproveRefusal: null, promptToApprove: false, launchRecord: false };

    // PromptToApproveOnLink: the screen stays until the prompt is answered.
    const prompted = renderApp(
      PATH,
      routes(inQueue(FEATURES2.PromptToApproveOnLink), {
        'POST /api/documents/7/link': () => ({ link, rowVersion: 2, ...events, promptToApprove: true }),
        'PUT /api/documents/approval': () => ({ documents: [{ id: 7, queueId: 4, rowVersion: 3 }] }),
      }),
      { search: CONTEXT },
    );
    await linkTo1003();
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve now?' });
    expect(dialog.textContent).toContain('The queue AP Inbox asks whether to approve invoice.pdf now that it is linked.');
    expect(window.location.pathname).toBe(`/link-to-existing/${encodeDocumentId(7)}`);
    // The dialog's content is past tabster's aria-hidden in jsdom.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve now', hidden: true }));
    await screen.findByText('Document approved');
    expect(prompted.requests.find((request) => request.path === '/api/documents/approval')?.body).toEqual({
      docId: [7],
      rowConflictIds: [2],
      expectedQueueId: 3,
    });
    await waitFor(() => expect(window.location.pathname).toBe('/folders'));
    prompted.unmount();

    // AutoApproveOnLink approved it: said once, no prompt.
    const approved = renderApp(
      PATH,
      routes(inQueue(FEATURES2.AutoApproveOnLink), {
        'POST /api/documents/7/link': () => ({ link, rowVersion: 3, ...events, queueId: 4, autoApproved: true }),
      }),
      { search: CONTEXT },
    );
    await linkTo1003();
    await screen.findByText('Linked to PI-1003 and approved');
    await waitFor(() => expect(window.location.pathname).toBe('/folders'));
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
    approved.unmount();

    // Not approved (over the limit, say): the link stands and the words are shown.
    const refusal = 'The amount 1,500.00 USD of invoice.pdf is over your approval limit of 1,000.00 USD in queue AP Inbox.';
    renderApp(
      PATH,
      routes(inQueue(FEATURES2.AutoApproveOnLink), {
        'POST /api/documents/7/link': () => ({ link, rowVersion: 2, ...events, autoApproveRefusal: refusal }),
      }),
      { search: CONTEXT },
    );
    await linkTo1003();
    await screen.findByText(`Linked, not approved automatically: ${refusal}`);
    expect(screen.getAllByText('Linked to PI-1003').length).toBeGreaterThan(0);
  });

  it('pages 30 at a time with the buttons and Page Down / Page Up, and moves through the rows with the arrow keys', async () => {
    const app = renderApp(PATH, routes(unlinked()), { search: CONTEXT });
    const grid = await choosePurchaseInvoices();
    expect(rowsOf(grid)).toHaveLength(30);
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await within(grid).findByText('PI-1031');
    expect(rowsOf(grid)).toHaveLength(15);
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(entityCalls(app.requests, INVOICE).at(-1)?.search.get('skip')).toBe('30');
    // A short page is the last one.
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    // Page Up goes back a page with its first record highlighted.
    fireEvent.keyDown(grid, { key: 'PageUp' });
    await within(grid).findByText('PI-1001');
    await waitFor(() => expect(rowsOf(grid)[0].getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    await waitFor(() => expect(rowsOf(grid)[1].getAttribute('aria-selected')).toBe('true'));
    expect(grid.getAttribute('aria-activedescendant')).toBe(rowsOf(grid)[1].id);
    fireEvent.keyDown(grid, { key: 'End' });
    await waitFor(() => expect(rowsOf(grid)[29].getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(grid, { key: 'PageDown' });
    await within(grid).findByText('PI-1045');
    expect(app.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("reads the records per document: a second document never shows the first one's cached list (RestrictToDataAreaId holds each to its company)", async () => {
    // The server answers each document's list for its own company: doc 7 is CRONUS's, doc 8 CRONUS-CA's.
    const caVendors = [{ id: guid(200), number: 'V20000', displayName: 'Contoso Canada', dataAreaId: 'CRONUS-CA' }];
    const perDocument: FakeRoute = (request) => listing(request.search.get('docId') === '8' ? caVendors : VENDORS)(request);
    const second = testDocument({ id: 8, name: 'facture.pdf', link: null, type: null });
    const app = renderApp(
      PATH,
      routes(unlinked(), { [`GET /api/entity-types/${VENDOR}/entities`]: perDocument, 'GET /api/documents/8': () => second }),
      { search: CONTEXT },
    );
    const grid = await screen.findByRole('grid', { name: 'Records' });
    await within(grid).findByText('Northwind Traders');

    act(() => {
      window.history.pushState(null, '', `/link-to-existing/${encodeDocumentId(8)}${CONTEXT}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    // Before document 8's own answer arrives nothing of document 7's list shows (a shared key would show it at once).
    expect(screen.queryByText('Northwind Traders')).toBeNull();
    await screen.findByText('Contoso Canada');
    expect(screen.queryByText('Northwind Traders')).toBeNull();
    expect(entityCalls(app.requests, VENDOR).map((request) => request.search.get('docId'))).toEqual(['7', '8']);
    const keys = app.services.queryClient
      .getQueryCache()
      .findAll({ queryKey: ['entityTypes', 'bc:Microsoft.NAV.Vendor', 'entities'] })
      .map((query) => query.queryKey[3]);
    expect(keys).toEqual([expect.objectContaining({ docId: 7 }), expect.objectContaining({ docId: 8 })]);
  });

  it('says when no record matches the filters', async () => {
    renderApp(PATH, routes(unlinked()), { search: CONTEXT });
    const grid = await choosePurchaseInvoices();
    fireEvent.change(within(grid).getByRole('textbox', { name: 'Filter vendorNumber' }), { target: { value: 'V99999' } });
    expect(await screen.findByText('No records match the filters.')).toBeTruthy();
    expect(rowsOf(grid)).toHaveLength(0);
  });

  it("shows the server's words when the ERP cannot be reached, and Retry lists the records once it is back", async () => {
    let erpUp = false;
    const down = 'Business Central cannot be reached: the connection was refused. Try again in a moment.';
    renderApp(
      PATH,
      routes(unlinked(), {
        [`GET /api/entity-types/${VENDOR}/entities`]: (request) =>
          erpUp
            ? listing(VENDORS)(request)
            : FakeResponse.json({ statusCode: 503, exceptionType: 'ServiceUnavailable', message: down }, 503),
      }),
      { search: CONTEXT },
    );
    expect(await screen.findByText(down)).toBeTruthy();
    erpUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Northwind Traders')).toBeTruthy();
    expect(screen.queryByText(down)).toBeNull();
  });

  it.each([
    [
      'the record is not found (404)',
      FakeResponse.json({ statusCode: 404, exceptionType: 'NotFound', message: 'The record was not found.' }, 404),
      MESSAGES.linkInvalidRecordId,
    ],
    [
      'the document went in the meantime (404 for the document)',
      FakeResponse.json({ statusCode: 404, exceptionType: 'NotFound', message: MESSAGES.documentNotFound }, 404),
      MESSAGES.linkDocumentNotFound,
    ],
    [
      'someone linked it first (409)',
      FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: 'Conflict' }, 409),
      MESSAGES.linkAlreadyLinked,
    ],
    [
      'the server refuses otherwise',
      FakeResponse.json({ statusCode: 400, exceptionType: 'ValidationError', message: 'relatedDataAreaId is required.' }, 400),
      linkingError('relatedDataAreaId is required.'),
    ],
  ])('shows the spec’s message when %s, and stays', async (_case, answer, message) => {
    renderApp(PATH, routes(unlinked(), { 'POST /api/documents/7/link': () => answer }), { search: CONTEXT });
    const grid = await screen.findByRole('grid', { name: 'Records' });
    fireEvent.click(await within(grid).findByText('Northwind Traders'));
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(window.location.pathname).toBe(`/link-to-existing/${encodeDocumentId(7)}`);
  });

  it('says a linked document is already linked and offers no Link', async () => {
    const linked = testDocument({
      id: 7,
      name: 'invoice.pdf',
      type: 'Vendor',
      link: { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: guid(100), sitId: 1 },
    });
    const app = renderApp(PATH, routes(linked), { search: CONTEXT });
    expect(await screen.findByText(MESSAGES.linkAlreadyLinked, { exact: false })).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Records' });
    fireEvent.click(await within(grid).findByText('Northwind Traders'));
    expect((screen.getByRole('button', { name: 'Link' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(app.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('links a linked document on when its access says link (the caller may break its link): the current link is named, not refused', async () => {
    const linked = testDocument({
      id: 7,
      name: 'invoice.pdf',
      type: 'Vendor',
      link: { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V30000', recordId: guid(101), sitId: 1 },
    });
    const flags = Object.fromEntries(DOCUMENT_ACCESS_FLAGS.map((flag) => [flag, flag === 'link'])) as unknown as DocumentAccess;
    const app = renderApp(PATH, routes(linked, { 'GET /api/documents/7/access': () => flags }), { search: CONTEXT });
    expect(await screen.findByText('Linked to Vendor V30000. Linking it to another record replaces this link.')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.linkAlreadyLinked, { exact: false })).toBeNull();
    const grid = await choosePurchaseInvoices();
    fireEvent.click(within(grid).getByText('PI-1003'));
    const button = screen.getByRole('button', { name: 'Link' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(app.requests.some((request) => request.method === 'POST' && request.path === '/api/documents/7/link')).toBe(true),
    );
  });

  it('says the document could not be found when it is gone', async () => {
    renderApp(PATH, routes(null), { search: CONTEXT });
    expect(await screen.findByText(MESSAGES.linkDocumentNotFound)).toBeTruthy();
  });
});

describe('Link to Existing and Break Link in the folders', () => {
  const access = (flags: Partial<DocumentAccess>): DocumentAccess => ({
    ...(Object.fromEntries(DOCUMENT_ACCESS_FLAGS.map((flag) => [flag, false])) as unknown as DocumentAccess),
    ...flags,
  });
  const linked = testDocument({
    id: 8,
    name: 'contract.pdf',
    rowVersion: 5,
    queue: { id: 3, name: 'AP Inbox', queueTypeName: 'Invoices', features1: 0, features2: 0 },
    link: { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: guid(100), sitId: 1 },
  });
  const structure = (): FolderEntry[] => [
    testFolder('f1', 'Invoices', [
      { type: 'document', id: 7, name: 'invoice.pdf', document: testDocument({ id: 7, name: 'invoice.pdf', link: null }) },
      { type: 'document', id: 8, name: 'contract.pdf', document: linked },
    ]),
  ];
  const folderRoutes = (): Record<string, FakeRoute> => ({
    'GET /api/options': () => [],
    'GET /api/folder-structure': () => structure(),
    'GET /api/documents/7/access': () => access({ link: true }),
    'GET /api/documents/8/access': () => access({ unlink: true }),
    'DELETE /api/documents/8/link': () => undefined,
  });

  it('opens Link to Existing for an unlinked document whose access says link', async () => {
    renderApp(`/folders${CONTEXT}`, folderRoutes(), { search: CONTEXT });
    fireEvent.click(await screen.findByRole('treeitem', { name: /^invoice\.pdf/ }));
    const button = screen.getByRole('button', { name: 'Link to Existing' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    expect(screen.getByRole('button', { name: 'Break Link' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    await waitFor(() => expect(window.location.pathname).toBe(`/link-to-existing/${encodeDocumentId(7)}`));
  });

  it('says to select only one unlinked document when two are selected, and goes nowhere', async () => {
    const app = renderApp(
      `/folders${CONTEXT}`,
      { ...folderRoutes(), 'GET /api/documents/8/access': () => access({ link: true, unlink: true }) },
      { search: CONTEXT },
    );
    // As a mouse clicks: the press (which focuses the item), then the click; Ctrl adds the second document.
    const invoice = await screen.findByRole('treeitem', { name: /^invoice\.pdf/ });
    fireEvent.mouseDown(invoice);
    fireEvent.click(invoice);
    const contract = screen.getByRole('treeitem', { name: /^contract\.pdf/ });
    fireEvent.mouseDown(contract, { ctrlKey: true });
    fireEvent.click(contract, { ctrlKey: true });
    expect(screen.getAllByRole('treeitem').filter((item) => item.getAttribute('aria-selected') === 'true')).toHaveLength(2);
    const button = screen.getByRole('button', { name: 'Link to Existing' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(button);
    await waitFor(() => expect(document.body.textContent).toContain(MESSAGES.linkOneUnlinkedDocument));
    expect(window.location.pathname).toBe('/folders');
    expect(app.requests.some((request) => request.method !== 'GET')).toBe(false);
  });

  it('opens Link to Existing for a linked document whose access says link (its link will be replaced)', async () => {
    renderApp(
      `/folders${CONTEXT}`,
      { ...folderRoutes(), 'GET /api/documents/8/access': () => access({ link: true, unlink: true }) },
      { search: CONTEXT },
    );
    fireEvent.click(await screen.findByRole('treeitem', { name: /^contract\.pdf/ }));
    const button = screen.getByRole('button', { name: 'Link to Existing' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(button);
    await waitFor(() => expect(window.location.pathname).toBe(`/link-to-existing/${encodeDocumentId(8)}`));
  });

  it('keeps Link to Existing off for a linked document whose access does not say link', async () => {
    const app = renderApp(`/folders${CONTEXT}`, folderRoutes(), { search: CONTEXT });
    fireEvent.click(await screen.findByRole('treeitem', { name: /^contract\.pdf/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Break Link' }).getAttribute('aria-disabled')).not.toBe('true'));
    const button = screen.getByRole('button', { name: 'Link to Existing' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(window.location.pathname).toBe('/folders');
    expect(app.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('breaks a link after asking, with the row version and queue the window saw, and reloads the folders', async () => {
    const app = renderApp(`/folders${CONTEXT}`, folderRoutes(), { search: CONTEXT });
    fireEvent.click(await screen.findByRole('treeitem', { name: /^contract\.pdf/ }));
    const button = screen.getByRole('button', { name: 'Break Link' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    expect(screen.getByRole('button', { name: 'Link to Existing' }).getAttribute('aria-disabled')).toBe('true');
    const structureCalls = app.requests.filter((request) => request.path === '/api/folder-structure').length;
    fireEvent.click(button);
    // Tabster may mark the open dialog aria-hidden in jsdom (its modalizer), so the queries include hidden elements.
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByText(/contract\.pdf will no longer be linked to V10000/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Break Link', hidden: true }));
    await screen.findByText('Link of contract.pdf broken');
    const call = app.requests.find((request) => request.method === 'DELETE');
    expect(call?.path).toBe('/api/documents/8/link');
    expect(call?.search.toString()).toBe('rowConflictId=5&expectedQueueId=3');
    await waitFor(() =>
      expect(app.requests.filter((request) => request.path === '/api/folder-structure').length).toBeGreaterThan(structureCalls),
    );
  });
});
