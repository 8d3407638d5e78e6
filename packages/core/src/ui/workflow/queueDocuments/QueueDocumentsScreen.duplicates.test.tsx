import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeDocumentId, type PossibleDuplicate } from '../../../model';
import { renderApp, type RecordedRequest } from '../../test/renderApp';
import { IN_DIALOG, approvalQueue, dataRows, queueServices, queuedDocument, rowNames } from './test/queueFixtures';

// hidden: after a dialog closed, tabster leaves the app marked aria-hidden in jsdom (no layout).
const toolbar = (): HTMLElement => screen.getByRole('toolbar', { name: 'Workflow actions', hidden: true });

const copyOf = (id: number, name: string): PossibleDuplicate => ({
  id,
  name,
  queueName: 'Approval L1',
  approved: false,
  reasons: ['file'],
});

describe('QueueDocumentsScreen: possible duplicates (issue 35)', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    // The inline viewer warns that pdf.js cannot start in jsdom; that is not what these tests are about.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('says "Possible duplicate of <name>" under the marked row with a link to the other; Approve asks for a reason to approve anyway and sends it', async () => {
    const queue = approvalQueue();
    let docs = [
      queuedDocument(1, 'inv-1.pdf', queue, { possibleDuplicates: [copyOf(2, 'inv-1 copy.pdf')] }),
      queuedDocument(2, 'inv-1 copy.pdf', queue, { possibleDuplicates: [copyOf(1, 'inv-1.pdf')] }),
      queuedDocument(3, 'inv-3.pdf', queue, { possibleDuplicates: [] }),
    ];
    const approvals: RecordedRequest[] = [];
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'GET /api/documents/2/duplicates': () => [copyOf(1, 'inv-1.pdf')],
      'PUT /api/documents/approval': (request) => {
        approvals.push(request);
        docs = docs.filter((doc) => doc.id !== 2);
        return { documents: [{ id: 2, queueId: 13, rowVersion: 21 }] };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(dataRows(grid)).toHaveLength(3));
    expect(rowNames(grid)).toEqual([
      'inv-1.pdfPossible duplicate of inv-1 copy.pdf',
      'inv-1 copy.pdfPossible duplicate of inv-1.pdf',
      'inv-3.pdf',
    ]);
    const link = within(dataRows(grid)[1]).getByRole('link', { name: 'Open inv-1.pdf, the document this one may duplicate' });
    expect(link.getAttribute('href')).toBe(`/viewer/${encodeDocumentId(1)}`);

    fireEvent.click(dataRows(grid)[1]);
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', IN_DIALOG);
    within(dialog).getByText("inv-1 copy.pdf: possible duplicate of 'inv-1.pdf' in Approval L1 (the same file).");
    const reason = within(dialog).getByRole('textbox', { name: /Reason to approve anyway/, ...IN_DIALOG });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    // Without a reason nothing is sent: the dialog says what is missing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve', ...IN_DIALOG }));
    await within(dialog).findByText('Give the reason to approve a possible duplicate anyway.');
    expect(approvals).toHaveLength(0);
    fireEvent.change(reason, { target: { value: 'Second delivery, vendor confirmed' } });
    // Ctrl+Enter confirms from the reason, as from the note.
    fireEvent.keyDown(reason, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(approvals).toHaveLength(1));
    expect(approvals[0].body).toEqual({
      docId: [2],
      rowConflictIds: [20],
      expectedQueueId: 12,
      duplicateOverrideReason: 'Second delivery, vendor confirmed',
    });
    await waitFor(() => expect(dataRows(grid)).toHaveLength(2));
  });

  it('approves a document nobody marked without asking, as before', async () => {
    const queue = approvalQueue();
    let docs = [queuedDocument(3, 'inv-3.pdf', queue, { possibleDuplicates: [] })];
    const approvals: RecordedRequest[] = [];
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'PUT /api/documents/approval': (request) => {
        approvals.push(request);
        docs = [];
        return { documents: [{ id: 3, queueId: 13, rowVersion: 31 }] };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(dataRows(grid)).toHaveLength(1));
    fireEvent.click(dataRows(grid)[0]);
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approvals).toHaveLength(1));
    expect(approvals[0].body).toEqual({ docId: [3], rowConflictIds: [30], expectedQueueId: 12 });
    expect(screen.queryByRole('dialog', IN_DIALOG)).toBeNull();
  });
});
