import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeXhr } from '../../api/test/fakes';
import { RELATED_UNAVAILABLE_HEADER } from '../../contract';
import { encodeDocumentId, type FolderEntry } from '../../model';
import { MESSAGES } from '../../rules';
import { taggedItemsKey } from '../../state/TaggedItemsStore';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument, testFolder, type RecordedRequest } from '../test/renderApp';

const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23';

function recordXhr(xhrs: FakeXhr[]): FakeXhr {
  const xhr = new FakeXhr();
  xhrs.push(xhr);
  return xhr;
}

describe('FoldersScreen', () => {
  let structure: FolderEntry[];
  const routes = () => ({
    'GET /api/options': () => [],
    'GET /api/folder-structure': () => structure,
  });

  beforeEach(() => {
    structure = [
      testFolder('f1', 'Invoices', [
        { type: 'document', id: 7, name: 'invoice.pdf', document: testDocument({ id: 7, name: 'invoice.pdf', FileSize: 12_600 }) },
      ]),
      testFolder('f2', 'Contracts', [{ type: 'empty', id: 'empty-f2', name: MESSAGES.noDocumentsFound }]),
    ];
  });

  it('shows Tagged Items first, then the folders with their documents named by name, size and date', async () => {
    const app = renderApp(`/folders${CONTEXT}`, routes(), { search: CONTEXT });
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    const items = within(tree).getAllByRole('treeitem');
    expect(items[0].getAttribute('aria-label')).toBe(MESSAGES.taggedItems);
    const document = within(tree).getByRole('treeitem', { name: /^invoice\.pdf, 12\.3 KB, / });
    expect(document.textContent).toContain('12.3 KB');
    expect(within(tree).getByRole('treeitem', { name: 'Contracts' })).toBeTruthy();
    expect(within(tree).getAllByRole('treeitem', { name: MESSAGES.noDocumentsFound }).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: MESSAGES.pinnedSearches })).toBeTruthy();
    const call = app.requests.find((request) => request.path === '/api/folder-structure');
    expect(call?.search.get('recordId')).toBe('r1');
    expect(call?.search.get('displayType')).toBe('Default View');
  });

  it('lists the tagged documents the user may still see under Tagged Items, in tagging order, and opens them', async () => {
    const tagged = testDocument({ id: 42, name: 'tagged elsewhere.pdf', FileSize: 2_048 });
    const app = renderApp(
      `/folders${CONTEXT}`,
      { ...routes(), 'GET /api/documents': () => [testDocument({ id: 7, name: 'invoice.pdf', FileSize: 12_600 }), tagged] },
      {
        search: CONTEXT,
        // 99 is no longer visible: the server leaves it out and so does the folder.
        // renderApp signs in 'clerk', whose tagged documents sit under their own key.
        local: { [taggedItemsKey('clerk')]: JSON.stringify([42, 99, 7]) },
      },
    );
    const taggedFolder = await screen.findByRole('treeitem', { name: MESSAGES.taggedItems });
    fireEvent.click(taggedFolder);
    const inTagged = await waitFor(() => {
      const items = within(taggedFolder).getAllByRole('treeitem');
      expect(items.map((item) => item.getAttribute('aria-label')?.split(',')[0])).toEqual(['tagged elsewhere.pdf', 'invoice.pdf']);
      return items;
    });
    const call = app.requests.find((request) => request.path === '/api/documents');
    expect(call?.search.getAll('docId[]')).toEqual(['42', '99', '7']);
    fireEvent.click(inTagged[0]);
    expect((screen.getByRole('button', { name: 'Open' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(inTagged[0], { key: 'Enter' });
    await waitFor(() => expect(window.location.pathname).toBe(`/viewer/${encodeDocumentId(42)}`));
  });

  it("says in words above the tree that the ERP could not name the related records, keeps the record's own folders, and Retry shows the related folders once the ERP is back", async () => {
    const down = 'Business Central cannot be reached right now. Please try again later.';
    const vendorFolder = testFolder(
      'related-2-CRONUS-v1',
      'Vendor V30000',
      [{ type: 'document', id: 9, name: 'W-9.pdf', document: testDocument({ id: 9, name: 'W-9.pdf' }) }],
      false,
    );
    let erpUp = false;
    const app = renderApp(
      `/folders${CONTEXT}`,
      {
        ...routes(),
        'GET /api/folder-structure': () => {
          if (erpUp) return [...structure, vendorFolder];
          const answer = FakeResponse.json(structure);
          answer.headers.set(RELATED_UNAVAILABLE_HEADER, encodeURIComponent(down));
          return answer;
        },
      },
      { search: CONTEXT },
    );
    const notice = await screen.findByRole('status', { name: 'Documents of related records are not shown.' });
    expect(notice.textContent).toContain(down);
    // What the product holds still shows.
    const tree = screen.getByRole('tree', { name: 'Folders' });
    expect(within(tree).getByRole('treeitem', { name: 'Invoices' })).toBeTruthy();
    expect(within(tree).queryByRole('treeitem', { name: 'Vendor V30000' })).toBeNull();
    // No error alert: the answer was a 200, only its ERP part is missing.
    expect(screen.queryByRole('alert')).toBeNull();

    erpUp = true;
    fireEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
    await within(tree).findByRole('treeitem', { name: 'Vendor V30000' });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Documents of related records are not shown.' })).toBeNull());
    expect(app.requests.filter((request) => request.path === '/api/folder-structure')).toHaveLength(2);
  });

  it('opens the selected document in the viewer with Enter', async () => {
    renderApp(`/folders${CONTEXT}`, routes(), { search: CONTEXT });
    const document = await screen.findByRole('treeitem', { name: /^invoice\.pdf/ });
    fireEvent.click(document);
    expect(document.getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('button', { name: 'Open' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(document, { key: 'Enter' });
    await waitFor(() => expect(window.location.pathname).toBe(`/viewer/${encodeDocumentId(7)}`));
  });

  it('uploads picked files into the selected folder, shows progress, and lists the new document', async () => {
    const xhrs: FakeXhr[] = [];
    const app = renderApp(`/folders${CONTEXT}`, routes(), { search: CONTEXT, createXhr: () => recordXhr(xhrs) });
    fireEvent.click(await screen.findByRole('treeitem', { name: 'Contracts' }));
    const input = screen.getByLabelText('Choose files to upload');
    const file = new File(['%PDF-1.7 three pages'], 'new.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(xhrs).toHaveLength(1));
    expect(xhrs[0].url).toContain('subtypeId=1');

    act(() => xhrs[0].progress(10, 20));
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(within(panel).getByText(/Uploading 50%/)).toBeTruthy();

    const created = testDocument({ id: 8, name: 'new.pdf', FileSize: 20 });
    structure = [structure[0], testFolder('f2', 'Contracts', [{ type: 'document', id: 8, name: 'new.pdf', document: created }])];
    act(() => xhrs[0].respond(201, [created]));
    await screen.findByRole('treeitem', { name: /^new\.pdf, 20 B/ });
    expect(within(panel).getByRole('link', { name: 'View new.pdf' }).getAttribute('href')).toBe(`/viewer/${encodeDocumentId(8)}`);
    expect(app.requests.filter((request) => request.path === '/api/folder-structure')).toHaveLength(2);
  });

  it('shows an upload refused by the server as failed with the server message', async () => {
    const xhrs: FakeXhr[] = [];
    renderApp(`/folders${CONTEXT}`, routes(), { search: CONTEXT, createXhr: () => recordXhr(xhrs) });
    await screen.findByRole('tree', { name: 'Folders' });
    fireEvent.change(screen.getByLabelText('Choose files to upload'), { target: { files: [new File(['MZ'], 'renamed.pdf')] } });
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() => xhrs[0].respond(415, { statusCode: 415, exceptionType: 'UnsupportedFileType', message: MESSAGES.unsupportedFileType }));
    const panel = screen.getByRole('region', { name: 'Uploads' });
    await within(panel).findByText(MESSAGES.unsupportedFileType);
  });

  it('refuses a file type the server never accepts before sending it', async () => {
    const xhrs: FakeXhr[] = [];
    renderApp(`/folders${CONTEXT}`, routes(), { search: CONTEXT, createXhr: () => recordXhr(xhrs) });
    await screen.findByRole('tree', { name: 'Folders' });
    fireEvent.change(screen.getByLabelText('Choose files to upload'), { target: { files: [new File(['<svg/>'], 'x.svg')] } });
    const panel = await screen.findByRole('region', { name: 'Uploads' });
    await within(panel).findByText(MESSAGES.unsupportedFileType);
    expect(xhrs).toHaveLength(0);
  });

  it('uploads files dropped on a folder into that folder, with the drop overlay while dragging', async () => {
    const xhrs: FakeXhr[] = [];
    structure = [
      testFolder('f1', 'Invoices', []),
      { ...testFolder('f2', 'Contracts', []), constraints: { dataAreaId: 'CRONUS', tableId: 23, recordId: 'r1', subtypeId: 2 } },
    ];
    renderApp(`/folders${CONTEXT}`, routes(), { search: CONTEXT, createXhr: () => recordXhr(xhrs) });
    const contracts = await screen.findByRole('treeitem', { name: 'Contracts' });
    const file = new File(['%PDF-1.7'], 'dropped.pdf', { type: 'application/pdf' });
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    fireEvent.dragEnter(contracts, { dataTransfer });
    expect(screen.getByText('Drop files to upload')).toBeTruthy();
    fireEvent.drop(contracts, { dataTransfer });
    expect(screen.queryByText('Drop files to upload')).toBeNull();
    await waitFor(() => expect(xhrs).toHaveLength(1));
    expect(xhrs[0].url).toContain('subtypeId=2');
  });

  it('keeps the selected document when the user comes back from its notes', async () => {
    renderApp(
      `/folders${CONTEXT}`,
      { ...routes(), 'GET /api/documents/7': () => testDocument({ id: 7, name: 'invoice.pdf' }), 'GET /api/documents/7/notes': () => [] },
      { search: CONTEXT },
    );
    fireEvent.click(await screen.findByRole('treeitem', { name: /^invoice\.pdf/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Notes' }));
    await screen.findByRole('textbox', { name: 'New note' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const document = await screen.findByRole('treeitem', { name: /^invoice\.pdf/ });
    await waitFor(() => expect(document.getAttribute('aria-selected')).toBe('true'));
  });

  it('turns the single-document actions off while tagging mode is on, and a click on a document tags it into Tagged Items', async () => {
    const invoice = testDocument({ id: 7, name: 'invoice.pdf', FileSize: 12_600 });
    const app = renderApp(
      `/folders${CONTEXT}`,
      {
        ...routes(),
        'GET /api/can': (request: RecordedRequest) => ({
          action: request.search.get('action'),
          value: request.search.get('action') === 'Cabinet: Tagging',
        }),
        'GET /api/documents': (request: RecordedRequest) => (request.search.getAll('docId[]').includes('7') ? [invoice] : []),
      },
      { search: CONTEXT },
    );
    const document = await screen.findByRole('treeitem', { name: /^invoice\.pdf/ });
    fireEvent.click(document);
    const toolbar = screen.getByRole('toolbar', { name: 'Document actions' });
    expect((within(toolbar).getByRole('button', { name: 'Open' }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(await within(toolbar).findByRole('switch', { name: 'Tagging mode' }));
    const blocked = ['Open', 'Notes', 'Download', 'Delete', 'Split', 'Merge'];
    for (const name of blocked) {
      const button = within(toolbar).getByRole('button', { name });
      expect([name, button.getAttribute('aria-disabled'), button.getAttribute('title')]).toEqual([name, 'true', MESSAGES.taggingModeOn]);
    }
    expect(within(toolbar).getByRole('button', { name: 'Upload' })).toBeTruthy();

    // The tree still selects, and the click tags the document: it joins Tagged Items, kept for this user.
    fireEvent.click(document);
    expect(document.getAttribute('aria-selected')).toBe('true');
    expect(JSON.parse(app.local.getItem(taggedItemsKey('clerk')) ?? '[]')).toEqual([7]);
    const taggedFolder = screen.getByRole('treeitem', { name: MESSAGES.taggedItems });
    fireEvent.click(taggedFolder);
    await waitFor(() =>
      expect(
        within(taggedFolder)
          .getAllByRole('treeitem')
          .map((item) => item.getAttribute('aria-label')?.split(',')[0]),
      ).toEqual(['invoice.pdf']),
    );
    // Opening is off too: Enter on the document does not leave the folders screen.
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(window.location.pathname).toBe('/folders');

    // A second click takes it out again.
    fireEvent.click(document);
    expect(JSON.parse(app.local.getItem(taggedItemsKey('clerk')) ?? '[]')).toEqual([]);

    // Off again: the single-document actions come back (Push Link among them, which reads the
    // host's context as it mounts, a microtask later), none of them held back by tagging mode.
    fireEvent.click(within(toolbar).getByRole('switch', { name: 'Tagging mode' }));
    await waitFor(() =>
      expect(
        blocked.filter((name) => within(toolbar).getByRole('button', { name }).getAttribute('title') === MESSAGES.taggingModeOn),
      ).toEqual([]),
    );
    expect((within(toolbar).getByRole('button', { name: 'Open' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows each user only their own Tagged Items in a shared browser storage', async () => {
    const invoice = testDocument({ id: 7, name: 'invoice.pdf' });
    const others = testDocument({ id: 42, name: 'someone else.pdf' });
    const app = renderApp(
      `/folders${CONTEXT}`,
      {
        ...routes(),
        'GET /api/documents': (request: RecordedRequest) =>
          [invoice, others].filter((doc) => request.search.getAll('docId[]').includes(String(doc.id))),
      },
      {
        search: CONTEXT,
        // Another user tagged 42 in this browser; clerk (renderApp's user) tagged 7.
        local: { [taggedItemsKey('alice')]: JSON.stringify([42]), [taggedItemsKey('clerk')]: JSON.stringify([7]) },
      },
    );
    const taggedFolder = await screen.findByRole('treeitem', { name: MESSAGES.taggedItems });
    fireEvent.click(taggedFolder);
    await waitFor(() =>
      expect(
        within(taggedFolder)
          .getAllByRole('treeitem')
          .map((item) => item.getAttribute('aria-label')?.split(',')[0]),
      ).toEqual(['invoice.pdf']),
    );
    const asked = app.requests.filter((request) => request.path === '/api/documents').map((request) => request.search.getAll('docId[]'));
    expect(asked).toEqual([['7']]);
  });
});
