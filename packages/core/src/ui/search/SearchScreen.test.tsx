import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeDocumentId, type DmsDocument, type SearchTag } from '../../model';
import { MESSAGES } from '../../rules';
import { memoryStorage } from '../../host';
import { SavedSearchStore, savedSearchesKey } from '../../state/SavedSearchStore';
import { taggedItemsKey } from '../../state/TaggedItemsStore';
import { FakeResponse } from '../test/FakeResponse';
import { testDocument, type RecordedRequest } from '../test/renderApp';
import { UI_TEXT } from '../../locale/uiText';
import { testAccess } from '../pageWork/test/pageWorkFixtures';
import { renderSearch } from './test/renderSearch';

// renderSearch signs in 'clerk': the searches and tags of this file are kept under that user's keys.
const SAVED_KEY = savedSearchesKey('clerk');
const NAME_TAG: SearchTag = { text: 'CS-88120.pdf', prefix: 'Name', type: 'documentName', key: 'CS-88120.pdf' };
const CONTOSO: SearchTag = { text: 'Contoso', prefix: 'Description', type: 'documentDescription', key: 'Contoso' };

/** `count` invoices from id `from`; `scans` makes them PNG scans, which the viewer draws without pdf.js (jsdom has no pdf.js worker). */
function documents(count: number, from = 1, scans = false): DmsDocument[] {
  return Array.from({ length: count }, (_, i) =>
    testDocument({
      id: from + i,
      name: `Invoice ${from + i}.${scans ? 'png' : 'pdf'}`,
      description: 'Contoso Supplies invoice',
      ...(scans ? { mediaType: 'image/png' } : {}),
    }),
  );
}

/** A search route over `all` that honours skip and take, as the server does. */
function pagedSearch(all: DmsDocument[]): (request: RecordedRequest) => unknown {
  return (request) => {
    const skip = Number(request.search.get('skip') ?? 0);
    const take = Number(request.search.get('take') ?? 30);
    return { documents: all.slice(skip, skip + take), total: all.length, skip, take };
  };
}

/** What the inline viewer pane reads of a result (a scan): the view, the document, its access and its file. */
function inlineViewerRoutes(document: DmsDocument): Record<string, (request: RecordedRequest) => unknown> {
  const base = `/api/documents/${document.id}`;
  return {
    [`GET ${base}/view`]: () => ({ document, dataUrl: `${base}/data`, viewable: true }),
    [`GET ${base}`]: () => document,
    [`GET ${base}/access`]: () => testAccess(),
    [`GET ${base}/data`]: () => new FakeResponse('png', 200, 'image/png'),
  };
}

const searches = (requests: RecordedRequest[]): RecordedRequest[] => requests.filter((request) => request.path === '/api/documents/search');
const tagsOf = (request: RecordedRequest): unknown[] => request.search.getAll('tag[]').map((value) => JSON.parse(value) as unknown);

function baseRoutes(all: DmsDocument[] = documents(3)): Record<string, (request: RecordedRequest) => unknown> {
  return {
    'GET /api/options': () => [],
    'GET /api/can': (request) => ({ action: request.search.get('action'), value: false }),
    'GET /api/can/actions': (request) => request.search.getAll('action[]').map((action) => ({ action, value: true })),
    'GET /api/search-tags': () => [NAME_TAG],
    'GET /api/documents/search': pagedSearch(all),
  };
}

/** Result rows, counted without role queries (which are slow over a long table in jsdom). */
function rows(table: HTMLElement): HTMLElement[] {
  return Array.from(table.querySelectorAll<HTMLElement>('tbody tr[data-document-id]'));
}

function searchBox(): HTMLInputElement {
  return screen.getByRole('combobox', { name: 'Search documents' });
}

/** The search actions toolbar: role queries inside it skip the long results table (slow in jsdom). */
function toolbar(): HTMLElement {
  return screen.getByRole('toolbar', { name: 'Search actions' });
}

/** The saved searches section, for the same reason: its buttons, not every button of the results. */
function savedSearches(): HTMLElement {
  return screen.getByRole('region', { name: 'Saved searches' });
}

function type(text: string): void {
  fireEvent.change(searchBox(), { target: { value: text } });
}

async function pick(label: string): Promise<void> {
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('SearchScreen', () => {
  // jsdom has no object URLs: the inline viewer shows a scan through one.
  beforeAll(() => Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined }));
  afterAll(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('starts empty, suggests tags for typed text, turns a pick into a chip and searches the chip with the words left in the box', async () => {
    const app = renderSearch('/search?embedded=true&allowSave=true', baseRoutes());
    expect(screen.getByText('Type to search')).toBeTruthy();
    expect(searches(app.requests)).toHaveLength(0);

    type('Contoso');
    // The server's suggestion and the "contains" tags made from the text.
    await screen.findByRole('option', { name: 'Name: CS-88120.pdf' });
    expect(screen.getByRole('option', { name: 'Description: Contoso' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Note: Contoso' })).toBeTruthy();
    const suggestion = app.requests.find((request) => request.path === '/api/search-tags');
    expect(suggestion?.search.get('q')).toBe('Contoso');

    await pick('Description: Contoso');
    const chips = screen.getByRole('listbox', { name: 'Search tags' });
    expect(within(chips).getByRole('option', { name: 'Description: Contoso' })).toBeTruthy();
    expect(searchBox().value).toBe('');
    // While typing, the text searched as words; the pick searches the chip alone.
    await waitFor(() => expect(tagsOf(searches(app.requests).at(-1) as RecordedRequest)).toEqual([CONTOSO]));
    expect(searches(app.requests).at(-1)?.search.get('q')).toBeNull();
    await screen.findByText('3 documents found');

    type('march');
    await waitFor(() => expect(searches(app.requests).at(-1)?.search.get('q')).toBe('march'));
    expect(tagsOf(searches(app.requests).at(-1) as RecordedRequest)).toEqual([CONTOSO]);
    const table = screen.getByRole('table', { name: 'Search results' });
    expect(within(table).getByRole('button', { name: 'Invoice 1.pdf' })).toBeTruthy();
    // The URL follows the search, so a reload shows it again.
    expect(screen.getByRole('status', { name: 'Current location' }).textContent).toContain('q=march');

    // Backspace removes the last chip only once the words are gone.
    type('');
    fireEvent.keyDown(searchBox(), { key: 'Backspace' });
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Description: Contoso' })).toBeNull());
    expect(await screen.findByText('Type to search')).toBeTruthy();
  });

  it('aborts a suggestion request when the user types on before it answered', async () => {
    let answer: (tags: SearchTag[]) => void = () => undefined;
    const routes = { ...baseRoutes(), 'GET /api/search-tags': () => new Promise<SearchTag[]>((resolve) => (answer = resolve)) };
    const app = renderSearch('/search', routes);
    type('Con');
    await waitFor(() => expect(app.requests.filter((request) => request.path === '/api/search-tags')).toHaveLength(1));
    const first = app.signals[app.requests.findIndex((request) => request.path === '/api/search-tags')];
    type('Contoso');
    await waitFor(() => expect(app.requests.filter((request) => request.path === '/api/search-tags')).toHaveLength(2));
    expect(first?.aborted).toBe(true);
    // The typed-text tags are offered at once; the server's arrive with the answer.
    expect(screen.getByRole('option', { name: 'Description: Contoso' })).toBeTruthy();
    act(() => answer([NAME_TAG]));
    await screen.findByRole('option', { name: 'Name: CS-88120.pdf' });
  });

  it('drops a search still on its way when the words change, and shows the newer one', async () => {
    const all = documents(3);
    const routes = {
      ...baseRoutes(all),
      // The chip alone never answers: only the search with words does.
      'GET /api/documents/search': (request: RecordedRequest) =>
        request.search.get('q') ? pagedSearch(all)(request) : new Promise<never>(() => undefined),
    };
    const app = renderSearch(`/search?tag=${encodeURIComponent(JSON.stringify(CONTOSO))}`, routes);
    await waitFor(() => expect(searches(app.requests)).toHaveLength(1));
    const first = app.signals[app.requests.findIndex((request) => request.path === '/api/documents/search')];
    type('Invoice');
    await screen.findByText('3 documents found');
    expect(first?.aborted).toBe(true);
    expect(searches(app.requests).at(-1)?.search.get('q')).toBe('Invoice');
  });

  it('lists 30 results, loads more on request, and sorts by a column', async () => {
    const app = renderSearch(`/search?tag=${encodeURIComponent(JSON.stringify(CONTOSO))}`, baseRoutes(documents(45)));
    await screen.findByText('45 documents found');
    const table = screen.getByRole('table', { name: 'Search results' });
    expect(rows(table)).toHaveLength(30);
    expect(within(rows(table)[0]).getByRole('checkbox', { name: 'Select row' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows(table)).toHaveLength(45));
    expect(searches(app.requests).at(-1)?.search.get('skip')).toBe('30');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(searches(app.requests).at(-1)?.search.get('sort')).toBe('FileSize'));
    expect(searches(app.requests).at(-1)?.search.get('desc')).toBe('true');
    expect(searches(app.requests).at(-1)?.search.get('skip')).toBe('0');
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: 'Size' }).getAttribute('aria-sort')).toBe('descending'));
    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(searches(app.requests).at(-1)?.search.get('sort')).toBe('name'));
    expect(searches(app.requests).at(-1)?.search.get('desc')).toBe('false');
  });

  it('opens a result in the viewer and selects a row', async () => {
    const app = renderSearch(`/search?q=invoice`, baseRoutes());
    const table = await screen.findByRole('table', { name: 'Search results' });
    await within(table).findByRole('button', { name: 'Invoice 2.pdf' });
    fireEvent.click(within(table).getAllByRole('checkbox', { name: 'Select row' })[0]);
    expect(app.services.selection.getSnapshot().ids).toEqual([1]);
    fireEvent.click(within(table).getByRole('button', { name: 'Invoice 2.pdf' }));
    await screen.findByText('Viewer');
    // The searched words go along, for the viewer to highlight.
    expect(screen.getByRole('status', { name: 'Current location' }).textContent).toBe(`/viewer/${encodeDocumentId(2)}?find=invoice`);
  });

  it('opens a result of the /portal/search popup in the viewer window, at screen height minus 100 and half the width', async () => {
    renderSearch('/portal/search?q=invoice', baseRoutes());
    // The plain-browser host's openUrl is the default one, which opens a window.
    const openWindow = jest.spyOn(window, 'open').mockImplementation(() => null);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    const table = await screen.findByRole('table', { name: 'Search results' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Invoice 1.pdf' }));
    await waitFor(() => expect(openWindow).toHaveBeenCalledTimes(1));
    const [url, name, features] = openWindow.mock.calls[0];
    expect(name).toBe('datahaven-viewer');
    expect(url).toBe(`/viewer/${encodeDocumentId(1)}?find=invoice`);
    expect(features).toBe(`height=${Math.max(200, window.screen.height - 100)},width=${Math.round(window.screen.width / 2)}`);
    // The popup stays on its route.
    expect(screen.getByRole('status', { name: 'Current location' }).textContent).toMatch(/^\/portal\/search\?/);
    openWindow.mockRestore();
  });

  it('says what was searched when nothing matches', async () => {
    renderSearch('/search?q=V40000', baseRoutes([]));
    await screen.findByText('0 documents found');
    expect(screen.getByText('No documents match "V40000"')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.noDocumentsFound)).toBeNull();
  });

  it('shows a refused search in the alert area with the spec wording', async () => {
    const routes = {
      ...baseRoutes(),
      'GET /api/documents/search': () => FakeResponse.json({ statusCode: 400, message: 'Too many tags' }, 400),
    };
    renderSearch('/search?q=invoice', routes);
    const shown = await screen.findByText('Error 400: Too many tags. Please try again later.');
    // In the alert area: one of its message bars (shell/AlertArea), not the results list.
    expect(shown.closest('.fui-MessageBar')).not.toBeNull();
  });

  it('saves a search with its first 50 result ids, runs it again, renames, pins and deletes it', async () => {
    const app = renderSearch(`/search?tag=${encodeURIComponent(JSON.stringify(CONTOSO))}&q=invoice`, baseRoutes(documents(60)));
    await screen.findByText('60 documents found');
    // Looked up once: the section stays mounted while its list changes.
    const saved = savedSearches();
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Save search' }));
    const form = await screen.findByRole('form', { name: 'Name of the saved search' });
    const name = within(form).getByRole('textbox', { name: /Name of the saved search/ });
    expect((name as HTMLInputElement).value).toBe('Description: Contoso invoice');
    fireEvent.change(name, { target: { value: 'Contoso invoices' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save search' }));
    const run = await within(saved).findByRole('button', { name: 'Run Contoso invoices' });
    const stored = JSON.parse(app.local.getItem(SAVED_KEY) ?? '[]') as {
      tags: unknown;
      q: string;
      documents: number[];
      overFifty: boolean;
      savedAt: string;
    }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ tags: [CONTOSO], q: 'invoice', overFifty: true });
    expect(stored[0].documents).toEqual(documents(50).map((document) => document.id));
    expect(run.closest('li')?.textContent).toContain(MESSAGES.firstFiftyResults);
    // Fifty ids were asked for in one request of their own.
    expect(searches(app.requests).some((request) => request.search.get('take') === '50')).toBe(true);

    // Clear the box, then run the saved search again.
    type('');
    fireEvent.keyDown(searchBox(), { key: 'Backspace' });
    await screen.findByText('Type to search');
    const before = searches(app.requests).length;
    fireEvent.click(run);
    await screen.findByText('60 documents found');
    const again = searches(app.requests).slice(before);
    expect(again.at(-1)?.search.get('q')).toBe('invoice');
    expect(tagsOf(again.at(-1) as RecordedRequest)).toEqual([CONTOSO]);
    expect(screen.getAllByText(MESSAGES.firstFiftyResults).length).toBeGreaterThan(1);

    fireEvent.click(within(saved).getByRole('button', { name: 'Pin Contoso invoices' }));
    expect(JSON.parse(app.local.getItem(SAVED_KEY) ?? '[]')[0].pinned).toBe(true);
    expect(within(saved).getByRole('button', { name: 'Unpin Contoso invoices' })).toBeTruthy();

    fireEvent.click(within(saved).getByRole('button', { name: 'Rename Contoso invoices' }));
    const rename = await within(saved).findByRole('form', { name: 'New name for Contoso invoices' });
    fireEvent.change(within(rename).getByRole('textbox', { name: /New name/ }), { target: { value: 'Contoso 2025' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    await within(saved).findByRole('button', { name: 'Run Contoso 2025' });

    fireEvent.click(within(saved).getByRole('button', { name: 'Delete Contoso 2025' }));
    await waitFor(() => expect(within(saved).queryByRole('button', { name: 'Run Contoso 2025' })).toBeNull());
    expect(JSON.parse(app.local.getItem(SAVED_KEY) ?? '')).toEqual([]);
  });

  it('hides saving when allowSave=false', async () => {
    renderSearch('/search?allowSave=false&q=invoice', baseRoutes());
    await screen.findByText('3 documents found');
    expect(screen.queryByRole('button', { name: 'Save search' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Saved searches' })).toBeNull();
  });

  it('offers tagging mode only with the Tagging privilege; while on, clicking a result tags it into Tagged Items', async () => {
    const routes = {
      ...baseRoutes(),
      'GET /api/can': (request: RecordedRequest) => ({ action: request.search.get('action'), value: true }),
    };
    const app = renderSearch('/search?q=invoice', routes);
    const toggle = await screen.findByRole('switch', { name: 'Tagging mode' });
    expect(app.requests.find((request) => request.path === '/api/can')?.search.get('action')).toBe('Cabinet: Tagging');
    fireEvent.click(toggle);
    const table = await screen.findByRole('table', { name: 'Search results' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Invoice 3.pdf' }));
    expect(JSON.parse(app.local.getItem(taggedItemsKey('clerk')) ?? '[]')).toEqual([3]);
    expect(within(table).getByText('Tagged')).toBeTruthy();
    // Tagging does not open the viewer.
    expect(screen.queryByText('Viewer')).toBeNull();
  });

  it('shows the one selected result in the inline viewer pane while Autoview is on', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const all = documents(3, 1, true);
      const app = renderSearch('/search?q=invoice', {
        ...baseRoutes(all),
        ...inlineViewerRoutes(all[1]),
      });
      const table = await screen.findByRole('table', { name: 'Search results' });
      await waitFor(() => expect(rows(table)).toHaveLength(3));
      expect(screen.queryByRole('region', { name: 'Document viewer' })).toBeNull();
      fireEvent.click(rows(table)[1]);
      await screen.findByRole('region', { name: 'Document viewer' });
      await waitFor(() => expect(app.requests.some((request) => request.path === '/api/documents/2/view')).toBe(true));
      fireEvent.click(screen.getByRole('switch', { name: 'Autoview' }));
      expect(screen.queryByRole('region', { name: 'Document viewer' })).toBeNull();
      expect(app.local.getItem('autoview')).toBe('false');
    } finally {
      warn.mockRestore();
    }
  });

  it('shows no tagging switch without the privilege', async () => {
    const app = renderSearch('/search?q=invoice', baseRoutes());
    await screen.findByText('3 documents found');
    await waitFor(() => expect(app.requests.some((request) => request.path === '/api/can')).toBe(true));
    expect(screen.queryByRole('switch', { name: 'Tagging mode' })).toBeNull();
  });

  it('opens ?saved=<id> (a pinned search) as that saved search: runs it, marks it active, shows First 50 Results and refreshes its count', async () => {
    const local = memoryStorage();
    const store = new SavedSearchStore(local, 'clerk');
    const pinned = store.save({ name: 'Contoso invoices', tags: [CONTOSO], q: 'invoice', sort: null, documents: [1, 2], total: 2 });
    store.setPinned(pinned.id, true);
    const app = renderSearch(`/search?embedded=true&saved=${pinned.id}`, baseRoutes(documents(60)), local);
    await screen.findByText('60 documents found');
    const request = searches(app.requests).at(-1) as RecordedRequest;
    expect(tagsOf(request)).toEqual([CONTOSO]);
    expect(request.search.get('q')).toBe('invoice');
    // Active: the results header says 'First 50 Results' (the count went past fifty) and the URL keeps the id for a reload.
    const header = screen.getByRole('heading', { name: 'Search results' }).parentElement as HTMLElement;
    await within(header).findByText(MESSAGES.firstFiftyResults);
    const location = screen.getByRole('status', { name: 'Current location' });
    await waitFor(() => expect(new URLSearchParams(location.textContent?.split('?')[1]).get('saved')).toBe(pinned.id));
    expect(new URLSearchParams(location.textContent?.split('?')[1]).get('embedded')).toBe('true');
    await waitFor(() => expect(new SavedSearchStore(local, 'clerk').get(pinned.id)?.overFifty).toBe(true));
  });

  it('shows each user only their own saved searches and tags in a shared browser storage', async () => {
    const local = memoryStorage();
    new SavedSearchStore(local, 'alice').save({ name: 'Alice search', tags: [CONTOSO], q: '', sort: null, documents: [1], total: 1 });
    new SavedSearchStore(local, 'bob').save({ name: 'Bob search', tags: [], q: 'freight', sort: null, documents: [2], total: 1 });
    const routes = {
      ...baseRoutes(),
      'GET /api/can': (request: RecordedRequest) => ({ action: request.search.get('action'), value: true }),
    };

    const bob = renderSearch('/search?q=invoice', routes, local, 'bob');
    await within(savedSearches()).findByRole('button', { name: 'Run Bob search' });
    expect(within(savedSearches()).queryByRole('button', { name: 'Run Alice search' })).toBeNull();
    fireEvent.click(await screen.findByRole('switch', { name: 'Tagging mode' }));
    const table = await screen.findByRole('table', { name: 'Search results' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Invoice 2.pdf' }));
    expect(JSON.parse(local.getItem(taggedItemsKey('bob')) ?? '[]')).toEqual([2]);
    bob.unmount();

    renderSearch('/search?q=invoice', routes, local, 'alice');
    await within(savedSearches()).findByRole('button', { name: 'Run Alice search' });
    expect(within(savedSearches()).queryByRole('button', { name: 'Run Bob search' })).toBeNull();
    const aliceTable = await screen.findByRole('table', { name: 'Search results' });
    await within(aliceTable).findByRole('button', { name: 'Invoice 2.pdf' });
    // Bob's tag is not Alice's: nothing in her results is marked tagged.
    expect(within(aliceTable).queryByText('Tagged')).toBeNull();
    expect(local.getItem(taggedItemsKey('alice'))).toBeNull();
  });

  it('hides the inline viewer while tagging mode is on and says why', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const all = documents(3, 1, true);
      renderSearch('/search?q=invoice', {
        ...baseRoutes(all),
        'GET /api/can': (request: RecordedRequest) => ({ action: request.search.get('action'), value: true }),
        ...inlineViewerRoutes(all[1]),
      });
      const table = await screen.findByRole('table', { name: 'Search results' });
      await waitFor(() => expect(rows(table)).toHaveLength(3));
      fireEvent.click(rows(table)[1]);
      await screen.findByRole('region', { name: 'Document viewer' });
      fireEvent.click(await screen.findByRole('switch', { name: 'Tagging mode' }));
      expect(screen.queryByRole('region', { name: 'Document viewer' })).toBeNull();
      expect(screen.getByText(UI_TEXT.search.taggingHidesViewer)).toBeTruthy();
      fireEvent.click(screen.getByRole('switch', { name: 'Tagging mode' }));
      await screen.findByRole('region', { name: 'Document viewer' });
      expect(screen.queryByText(UI_TEXT.search.taggingHidesViewer)).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('SearchScreen answers', () => {
  it('Enter searches the typed words (not the first suggestion), shows record, queue and the highlighted snippet, and Esc clears selection then the search', async () => {
    const fabrikam = testDocument({ id: 41, name: 'Scan 41.pdf', description: '' });
    const withRecord: DmsDocument = {
      ...fabrikam,
      type: 'Vendor',
      queueName: 'AP Approval',
      link: { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r-1', sitId: 1 },
    };
    const app = renderSearch('/search?embedded=true&allowSave=true', {
      ...baseRoutes(),
      'GET /api/documents/search': (request) => ({
        documents: request.search.get('q') === 'Fabrikam' ? [withRecord] : [],
        snippets: { '41': { text: '…invoice from fabrikam total 1250…', highlights: [{ start: 14, end: 22 }] } },
        total: 1,
        skip: 0,
        take: 30,
      }),
    });
    type('Fabrikam');
    await screen.findByRole('option', { name: 'Name: CS-88120.pdf' });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    const table = await screen.findByRole('table', { name: 'Search results' });
    await waitFor(() => expect(rows(table)).toHaveLength(1));
    // No chip was made: the words were searched as they were typed.
    expect(screen.queryByRole('option', { name: 'Name: CS-88120.pdf' })).toBeNull();
    expect(tagsOf(searches(app.requests).at(-1) as RecordedRequest)).toEqual([]);
    expect(within(table).getByText('Vendor V10000 · Queue: AP Approval')).toBeTruthy();
    const mark = table.querySelector('[data-snippet] mark');
    expect(mark?.textContent).toBe('fabrikam');

    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select row' }));
    expect(rows(table)[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(table, { key: 'Escape' });
    expect(rows(table)[0].getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(table, { key: 'Escape' });
    await waitFor(() => expect(searchBox().value).toBe(''));
    expect(screen.getByText('Type to search')).toBeTruthy();
  });
});
