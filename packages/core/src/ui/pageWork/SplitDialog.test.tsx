import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DmsDocument, DocumentAccess, FolderEntry } from '../../model';
import { MESSAGES } from '../../rules';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument, testFolder, type RecordedRequest } from '../test/renderApp';
import { testAccess } from './test/pageWorkFixtures';

const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23';

/**
 * In jsdom, tabster (Fluent's focus manager) soon marks an open modal dialog itself aria-hidden
 * (without layout it never sees the dialog as the active modal), so queries inside the dialog
 * include hidden elements; the browser test finds the same names in Chromium.
 */
const IN_DIALOG = { hidden: true } as const;

describe('SplitDialog from the folders toolbar', () => {
  let scan: DmsDocument;
  let access: DocumentAccess;
  let splitAnswer: (request: RecordedRequest) => unknown;

  beforeEach(() => {
    scan = testDocument({ id: 7, name: 'Scan.pdf', totalPages: 6, splittable: true });
    access = testAccess({ split: true });
    splitAnswer = () => [
      testDocument({ id: 8, name: 'Scan (pages 1-2).pdf', totalPages: 2 }),
      testDocument({ id: 9, name: 'Scan (pages 3-6).pdf', totalPages: 4 }),
    ];
  });

  const structure = (): FolderEntry[] => [testFolder('f1', 'Invoices', [{ type: 'document', id: 7, name: scan.name, document: scan }])];

  function open(extra: Record<string, (request: RecordedRequest) => unknown> = {}) {
    const app = renderApp(
      `/folders${CONTEXT}`,
      {
        'GET /api/options': () => [],
        'GET /api/folder-structure': () => structure(),
        'GET /api/documents/7': () => scan,
        'GET /api/documents/7/access': () => access,
        'POST /api/documents/7/split': (request) => splitAnswer(request),
        ...extra,
      },
      { search: CONTEXT },
    );
    return app;
  }

  async function openDialog(): Promise<HTMLElement> {
    fireEvent.click(await screen.findByRole('treeitem', { name: /^Scan\.pdf/ }));
    // The button is rebuilt without its reason tooltip once allowed: look it up again each time.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Split' }).getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    return screen.findByRole('dialog', { name: 'Split Scan.pdf', ...IN_DIALOG });
  }

  it('checks typed ranges as the user types (spec message, out-of-range report), previews, splits and reloads the folder', async () => {
    const app = open();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Custom', ...IN_DIALOG }));
    const ranges = within(dialog).getByRole('textbox', { name: /Page ranges/, ...IN_DIALOG });
    fireEvent.change(ranges, { target: { value: '1-2;9' } });
    expect(within(dialog).getByText("Page 9 is outside the document's 6 pages.")).toBeTruthy();
    fireEvent.change(ranges, { target: { value: '3-1' } });
    expect(within(dialog).getByText(MESSAGES.splitSelectionInvalid)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: /^Split into/, ...IN_DIALOG }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(ranges, { target: { value: '1-2; 3-6' } });
    const preview = within(dialog).getByRole('list', { name: 'Documents to make', ...IN_DIALOG });
    expect(
      within(preview)
        .getAllByRole('listitem', IN_DIALOG)
        .map((item) => item.textContent),
    ).toEqual(['pages 1-2 (2 pages)', 'pages 3-6 (4 pages)']);
    // A clerk without 'Cabinet: Delete' keeps the original.
    const keep = within(dialog).getByRole('checkbox', { name: 'Keep the original document', ...IN_DIALOG }) as HTMLInputElement;
    expect(keep.checked && keep.disabled).toBe(true);

    const loadsBefore = app.requests.filter((request) => request.path === '/api/folder-structure').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split into 2 documents', ...IN_DIALOG }));
    const made = await within(dialog).findByRole('list', { name: 'New documents', ...IN_DIALOG });
    expect(
      within(made)
        .getAllByRole('listitem', IN_DIALOG)
        .map((item) => item.textContent),
    ).toEqual(['Scan (pages 1-2).pdf (2 pages)', 'Scan (pages 3-6).pdf (4 pages)']);
    expect(app.requests.find((request) => request.method === 'POST')?.body).toEqual({ ranges: '1-2;3-6', deleteOriginal: false });
    await waitFor(() => expect(app.requests.filter((request) => request.path === '/api/folder-structure').length).toBe(loadsBefore + 1));
  });

  it('cuts at break points (Break) and every n pages (Simple), deleting the original when allowed and chosen', async () => {
    access = testAccess({ split: true, delete: true });
    const app = open();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A new document every few pages', ...IN_DIALOG }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Pages per document', ...IN_DIALOG }), { target: { value: '4' } });
    fireEvent.blur(within(dialog).getByRole('spinbutton', { name: 'Pages per document', ...IN_DIALOG }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Split into 2 documents', ...IN_DIALOG })).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Break', ...IN_DIALOG }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Break after page 2', ...IN_DIALOG }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Break after page 5', ...IN_DIALOG }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Keep the original document', ...IN_DIALOG }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split into 3 documents', ...IN_DIALOG }));
    await within(dialog).findByRole('list', { name: 'New documents', ...IN_DIALOG });
    expect(app.requests.find((request) => request.method === 'POST')?.body).toEqual({ ranges: '1-2;3-5;6', deleteOriginal: true });
  });

  it('offers the advanced groups and the visual split tool only with splitAdvanced (the queue grants SplitAdvanced too)', async () => {
    access = testAccess({ split: true, splitAdvanced: false });
    const app = open();
    const dialog = await openDialog();
    const disabled = (tab: HTMLElement): boolean => tab.getAttribute('aria-disabled') === 'true' || tab.hasAttribute('disabled');
    expect(disabled(within(dialog).getByRole('tab', { name: 'Advanced', ...IN_DIALOG }))).toBe(true);
    expect(disabled(within(dialog).getByRole('tab', { name: 'Custom', ...IN_DIALOG }))).toBe(false);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Visual', ...IN_DIALOG }));
    expect(within(dialog).queryByRole('button', { name: /visual split tool/i, ...IN_DIALOG })).toBeNull();
    // The Visual tab fetches every page's thumbnail (jsdom has no IntersectionObserver, so all at
    // once). This fake server renders none (404): each page settles as a placeholder, no image.
    const pages = within(dialog).getByRole('group', { name: 'Pages', ...IN_DIALOG });
    const thumbnailStates = (): (string | null)[] =>
      Array.from(pages.querySelectorAll('[data-thumbnail-state]'), (holder) => holder.getAttribute('data-thumbnail-state'));
    await waitFor(() => expect(thumbnailStates()).toEqual(Array<string>(6).fill('failed')));
    expect(pages.querySelectorAll('img')).toHaveLength(0);
    expect(
      app.requests
        .filter((request) => request.path.endsWith('/thumbnail'))
        .map((request) => `${request.path}?${request.search.toString()}`),
    ).toEqual([1, 2, 3, 4, 5, 6].map((page) => `/api/documents/7/pages/${page}/thumbnail?width=120`));
  });

  it('names the documents of advanced groups and builds them through recombination', async () => {
    const app = open({ 'POST /api/documents/recombination': () => [testDocument({ id: 10, name: 'Credit note.pdf', totalPages: 2 })] });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Advanced', ...IN_DIALOG }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Groups/, ...IN_DIALOG }), { target: { value: '5-6,1;2-4' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name of document 1 (pages 5-6, 1)', ...IN_DIALOG }), {
      target: { value: 'Credit note' },
    });
    expect(within(dialog).getByRole('list', { name: 'Documents to make', ...IN_DIALOG }).textContent).toContain(
      'Credit note: pages 5-6, 1 (3 pages)',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split into 2 documents', ...IN_DIALOG }));
    await within(dialog).findByRole('list', { name: 'New documents', ...IN_DIALOG });
    expect(app.requests.find((request) => request.method === 'POST')?.body).toEqual({
      documents: [
        {
          parts: [
            { documentId: 7, firstPage: 5, lastPage: 6 },
            { documentId: 7, firstPage: 1, lastPage: 1 },
          ],
          name: 'Credit note',
        },
        { parts: [{ documentId: 7, firstPage: 2, lastPage: 4 }] },
      ],
      delete: false,
    });
  });

  it("shows 'An error occurred when splitting the document.' when the split fails, and lets the user try again", async () => {
    splitAnswer = () => FakeResponse.json({ statusCode: 500, message: 'boom' }, 500);
    open();
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Split into 6 documents', ...IN_DIALOG });
    fireEvent.click(submit);
    expect(await within(dialog).findByText(MESSAGES.splitError)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Split into 6 documents', ...IN_DIALOG }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('keeps Split off, with the reason on the button, while another user holds the lock', async () => {
    scan = { ...scan, userLock: 'other' };
    open();
    fireEvent.click(await screen.findByRole('treeitem', { name: /^Scan\.pdf/ }));
    const split = screen.getByRole('button', { name: 'Split' });
    await waitFor(() => expect(split.getAttribute('aria-describedby')).toBeTruthy());
    await waitFor(() =>
      expect(document.getElementById(split.getAttribute('aria-describedby') ?? '')?.textContent).toBe(MESSAGES.documentLockedByOther),
    );
    expect(split.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(split);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
