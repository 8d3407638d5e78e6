import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeDocumentId, type DmsDocument, type DocumentAccess } from '../../model';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument } from '../test/renderApp';
import { testAccess } from './test/pageWorkFixtures';

describe('ThumbnailSplitScreen (/thumbnail-split/{docId})', () => {
  let access: DocumentAccess;
  const scan: DmsDocument = testDocument({ id: 7, name: 'Scan.pdf', totalPages: 5, splittable: true });

  function open() {
    return renderApp(`/thumbnail-split/${encodeDocumentId(7)}`, {
      'GET /api/options': () => [],
      'GET /api/documents/7': () => scan,
      'GET /api/documents/7/access': () => access,
      // Thumbnails are images the server renders; jsdom has no image pipeline, so they stay placeholders.
      'GET /api/documents/7/pages/1/thumbnail': () => new FakeResponse('', 404),
      'POST /api/documents/recombination': () => [
        testDocument({ id: 8, name: 'Scan (recombined).pdf', totalPages: 2 }),
        testDocument({ id: 9, name: 'Part B.pdf', totalPages: 3 }),
      ],
    });
  }

  const pagesOf = (group: HTMLElement): string[] =>
    within(group)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((tile) => tile.getAttribute('aria-label') ?? '');

  beforeEach(() => {
    access = testAccess({ split: true, delete: true });
  });

  it('builds new documents with the keyboard (N starts one, Alt+arrows move the focused page) and submits them as recombination runs', async () => {
    const app = open();
    const first = await screen.findByRole('region', { name: 'Document 1' });
    expect(pagesOf(first)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']);
    expect((screen.getByRole('button', { name: 'Create 1 document' }) as HTMLButtonElement).disabled).toBe(true);

    const page3 = screen.getByRole('button', { name: 'Page 3' });
    act(() => page3.focus());
    fireEvent.keyDown(page3, { key: 'n' });
    expect(pagesOf(screen.getByRole('region', { name: 'Document 1' }))).toEqual(['Page 1', 'Page 2']);
    expect(pagesOf(screen.getByRole('region', { name: 'Document 2' }))).toEqual(['Page 3', 'Page 4', 'Page 5']);
    // Focus follows the moved page.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Page 3');

    // Page 1 goes to the end of the second document: Alt+Right past page 2, then across the border and on.
    const page1 = screen.getByRole('button', { name: 'Page 1' });
    act(() => page1.focus());
    for (let step = 0; step < 5; step++) fireEvent.keyDown(document.activeElement ?? page1, { key: 'ArrowRight', altKey: true });
    expect(pagesOf(screen.getByRole('region', { name: 'Document 1' }))).toEqual(['Page 2']);
    expect(pagesOf(screen.getByRole('region', { name: 'Document 2' }))).toEqual(['Page 3', 'Page 4', 'Page 5', 'Page 1']);
    fireEvent.keyDown(document.activeElement ?? page1, { key: 'ArrowLeft', altKey: true });
    expect(pagesOf(screen.getByRole('region', { name: 'Document 2' }))).toEqual(['Page 3', 'Page 4', 'Page 1', 'Page 5']);

    fireEvent.change(screen.getByRole('textbox', { name: 'Name of document 2' }), { target: { value: 'Part B' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep the original document' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create 2 documents' }));
    const made = await screen.findByRole('list', { name: 'New documents' });
    expect(
      within(made)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Scan (recombined).pdf (2 pages)', 'Part B.pdf (3 pages)']);
    expect(app.requests.find((request) => request.method === 'POST')?.body).toEqual({
      documents: [
        { parts: [{ documentId: 7, firstPage: 2, lastPage: 2 }] },
        {
          parts: [
            { documentId: 7, firstPage: 3, lastPage: 4 },
            { documentId: 7, firstPage: 1, lastPage: 1 },
            { documentId: 7, firstPage: 5, lastPage: 5 },
          ],
          name: 'Part B',
        },
      ],
      delete: true,
    });
  });

  it('moves the focused page to a new document with the button, and keeps the original for a user who may not delete', async () => {
    access = testAccess({ split: true });
    const app = open();
    await screen.findByRole('region', { name: 'Document 1' });
    act(() => screen.getByRole('button', { name: 'Page 2' }).focus());
    fireEvent.click(screen.getByRole('button', { name: 'Move page 2 to a new document' }));
    expect(pagesOf(screen.getByRole('region', { name: 'Document 2' }))).toEqual(['Page 2']);
    const keep = screen.getByRole('checkbox', { name: 'Keep the original document' }) as HTMLInputElement;
    expect(keep.checked && keep.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create 2 documents' }));
    await screen.findByRole('list', { name: 'New documents' });
    expect(app.requests.find((request) => request.method === 'POST')?.body).toMatchObject({ delete: false });
  });

  it('says why and offers nothing to submit when the user may not split', async () => {
    access = testAccess({ split: false });
    open();
    await screen.findByRole('region', { name: 'Document 1' });
    act(() => screen.getByRole('button', { name: 'Page 4' }).focus());
    fireEvent.keyDown(screen.getByRole('button', { name: 'Page 4' }), { key: 'n' });
    expect(screen.getByText('You do not have permission to do this with every selected document.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Create 2 documents' }) as HTMLButtonElement).disabled).toBe(true));
  });
});
