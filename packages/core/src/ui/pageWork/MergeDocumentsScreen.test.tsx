import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DmsDocument, DocumentAccess } from '../../model';
import { MESSAGES } from '../../rules';
import { DOCUMENTS_TO_MERGE_KEY } from '../../state/MergeDocumentsStore';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument, type RecordedRequest } from '../test/renderApp';
import { parseMergeDocIds } from './MergeDocumentsScreen';
import { VENDOR_LINK, testAccess } from './test/pageWorkFixtures';

describe('MergeDocumentsScreen (/merge-documents?docIds=)', () => {
  let documents: DmsDocument[];
  let accessOf: (id: number) => DocumentAccess;
  let mergeAnswer: (request: RecordedRequest) => unknown;
  let maxPdfSize: string;

  beforeEach(() => {
    documents = [
      testDocument({ id: 8, name: 'A.pdf', totalPages: 2, FileSize: 2_000, link: VENDOR_LINK }),
      testDocument({ id: 9, name: 'B.pdf', totalPages: 4, FileSize: 3_000, link: VENDOR_LINK }),
    ];
    accessOf = () => testAccess({ merge: true, delete: true });
    mergeAnswer = () => testDocument({ id: 10, name: 'Both.pdf', totalPages: 6 });
    maxPdfSize = '524288000';
  });

  function open(path: string, local: Record<string, string> = {}) {
    return renderApp(
      path,
      {
        'GET /api/options': () => [{ optionName: 'Maximum PDF size in bytes', optionData: maxPdfSize }],
        'GET /api/documents': (request) => documents.filter((doc) => request.search.getAll('docId[]').includes(String(doc.id))),
        'GET /api/documents/8/access': () => accessOf(8),
        'GET /api/documents/9/access': () => accessOf(9),
        'POST /api/documents/merge': (request) => mergeAnswer(request),
      },
      { local },
    );
  }

  const order = async (): Promise<string[]> => {
    const list = await screen.findByRole('list', { name: 'Documents to merge' });
    return within(list)
      .getAllByRole('listitem')
      .map((row) => row.getAttribute('aria-label') ?? '');
  };

  it('lists the documents in the given order, reorders them by keyboard and buttons, keeps the order in local storage and merges', async () => {
    const app = open('/merge-documents?docIds=9,8');
    expect(await order()).toEqual(['1. B.pdf, 4 pages, 2.9 KB', '2. A.pdf, 2 pages, 2.0 KB']);
    expect(JSON.parse(app.local.getItem(DOCUMENTS_TO_MERGE_KEY) ?? '[]')).toEqual([9, 8]);

    const rows = within(screen.getByRole('list', { name: 'Documents to merge' })).getAllByRole('listitem');
    act(() => rows[0].focus());
    fireEvent.keyDown(rows[0], { key: 'ArrowDown', altKey: true });
    await waitFor(async () => expect(await order()).toEqual(['1. A.pdf, 2 pages, 2.0 KB', '2. B.pdf, 4 pages, 2.9 KB']));
    expect(JSON.parse(app.local.getItem(DOCUMENTS_TO_MERGE_KEY) ?? '[]')).toEqual([8, 9]);
    fireEvent.click(screen.getByRole('button', { name: 'Move up B.pdf' }));
    await waitFor(async () => expect((await order())[0]).toMatch(/^1\. B\.pdf/));
    fireEvent.click(screen.getByRole('button', { name: 'Move down B.pdf' }));
    await waitFor(async () => expect((await order())[0]).toMatch(/^1\. A\.pdf/));

    fireEvent.change(screen.getByRole('textbox', { name: 'Name of the merged document' }), { target: { value: 'Both' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep the original documents' }));
    fireEvent.click(screen.getByRole('button', { name: 'Merge 2 documents' }));
    expect((await screen.findByRole('status')).textContent).toContain('Merged into Both.pdf (6 pages); the originals were deleted.');
    expect(app.requests.find((request) => request.method === 'POST')?.body).toEqual({
      docIds: [8, 9],
      name: 'Both',
      deleteOriginals: true,
    });
    expect(app.local.getItem(DOCUMENTS_TO_MERGE_KEY)).toBeNull();
  });

  it('opens the list left in local storage when no docIds are given', async () => {
    open('/merge-documents', { [DOCUMENTS_TO_MERGE_KEY]: JSON.stringify([8, 9]) });
    expect((await order()).map((label) => label.split(',')[0])).toEqual(['1. A.pdf', '2. B.pdf']);
  });

  it('blocks the merge with the rule messages: different links, a document without the merge flag, more than the maximum size', async () => {
    documents[1] = { ...documents[1], link: { ...VENDOR_LINK, sourceNumber: 'V20000' } };
    const first = open('/merge-documents?docIds=8,9');
    expect(await screen.findByText(MESSAGES.mergeDifferentLinks)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Merge 2 documents' }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    documents[1] = { ...documents[1], link: VENDOR_LINK };
    accessOf = (id) => testAccess({ merge: id !== 9 });
    const second = open('/merge-documents?docIds=8,9');
    expect(await screen.findByText(MESSAGES.actionNotPermitted)).toBeTruthy();
    second.unmount();

    accessOf = () => testAccess({ merge: true });
    maxPdfSize = '4000';
    open('/merge-documents?docIds=8,9');
    expect(await screen.findByText(MESSAGES.mergeTooBig)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Merge 2 documents' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server refusal and stays ready to try again', async () => {
    mergeAnswer = () => FakeResponse.json({ statusCode: 400, exceptionType: 'ValidationError', message: MESSAGES.mergeTooBig }, 400);
    open('/merge-documents?docIds=8,9');
    await order();
    fireEvent.click(screen.getByRole('button', { name: 'Merge 2 documents' }));
    expect(await screen.findByText(MESSAGES.mergeTooBig)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Merge 2 documents' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reads docIds comma-separated or repeated, plain or encoded, without duplicates', () => {
    expect(parseMergeDocIds(['9,8', '8', ' 12 ', 'x', '-3', '0'])).toEqual([9, 8, 12]);
  });
});
