import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeResponse } from '../../test/FakeResponse';
import { renderApp, type RecordedRequest } from '../../test/renderApp';
import { IN_DIALOG, approvalQueue, dataRows, queueServices, queuedDocument, rowNames } from './test/queueFixtures';

// hidden: after a dialog closed, tabster leaves the app marked aria-hidden in jsdom (no layout).
const toolbar = (): HTMLElement => screen.getByRole('toolbar', { name: 'Workflow actions', hidden: true });
/** What GET /api/queues/{id}/send-for-approval answers for the AP Inbox: on to Approval L1 through Coding. */
const TO_L1 = {
  'GET /api/queues/12/send-for-approval': () => ({ sendForApproval: { queueId: 13, queueName: 'Approval L1', passedQueueIds: [14] } }),
};

describe("QueueDocumentsScreen: the clerk's path (issue 38)", () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    // The inline viewer warns that pdf.js cannot start in jsdom; that is not what these tests are about.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('Send for approval asks for an optional note, sends the selection along the auto-route and takes it out of the list', async () => {
    const inbox = approvalQueue({ id: 12, name: 'AP Inbox', approveToQueueId: null, rejectToQueueId: null });
    let docs = [queuedDocument(1, 'inv-1.pdf', inbox), queuedDocument(2, 'inv-2.pdf', inbox)];
    const sent: RecordedRequest[] = [];
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(inbox, () => docs),
      ...TO_L1,
      'PUT /api/documents/send-for-approval': (request) => {
        sent.push(request);
        docs = docs.filter((doc) => doc.id !== 1);
        return { documents: [{ id: 1, queueId: 13, rowVersion: 12 }], queueId: 13, queueName: 'Approval L1', passedQueueIds: [14] };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'AP Inbox documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(2));
    fireEvent.click(dataRows(grid)[0]);

    // The button names where the auto-route takes the documents.
    const button = await within(toolbar()).findByRole('button', { name: 'Send for approval to Approval L1' });
    expect(button.textContent).toBe('Send for approval → Approval L1');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', IN_DIALOG);
    expect(within(dialog).getByText('Send the document for approval')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note \(optional\)/, ...IN_DIALOG }), {
      target: { value: 'Coded to PO 1001' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for approval', ...IN_DIALOG }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ docId: [1], rowConflictIds: [10], expectedQueueId: 12, note: 'Coded to PO 1001' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-2.pdf']));
    expect(await screen.findByText('Sent 1 document for approval: now in Approval L1')).toBeTruthy();
  });

  it("keeps the dialog open with the server's refusal in words (a window whose target went stale)", async () => {
    const inbox = approvalQueue({ id: 12, name: 'AP Inbox', approveToQueueId: null, rejectToQueueId: null });
    const docs = [queuedDocument(1, 'inv-1.pdf', inbox)];
    const refusal = 'No queue on the auto-route can be reached from the queue AP Inbox: Send for approval cannot move these documents.';
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(inbox, () => docs),
      ...TO_L1,
      'PUT /api/documents/send-for-approval': () =>
        FakeResponse.json({ statusCode: 400, exceptionType: 'ValidationError', message: refusal }, 400),
    });
    const grid = await screen.findByRole('grid', { name: 'AP Inbox documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    fireEvent.click(dataRows(grid)[0]);
    fireEvent.click(await within(toolbar()).findByRole('button', { name: 'Send for approval to Approval L1' }));
    const dialog = await screen.findByRole('dialog', IN_DIALOG);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for approval', ...IN_DIALOG }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(rowNames(grid)).toEqual(['inv-1.pdf']);
  });

  it('is not offered where the server names no queue the auto-route leads to', async () => {
    const island = approvalQueue({ id: 12, name: 'Island', approveToQueueId: null, rejectToQueueId: null });
    const asked: RecordedRequest[] = [];
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(island, () => [queuedDocument(1, 'inv-1.pdf', island)]),
      'GET /api/queues/12/send-for-approval': (request) => {
        asked.push(request);
        return { sendForApproval: null };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Island documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    fireEvent.click(dataRows(grid)[0]);
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    // The answer is in: still no button, in the toolbar or the viewer's header.
    await screen.findByRole('region', { name: 'Document viewer' });
    expect(screen.queryByRole('button', { name: /^Send for approval/, hidden: true })).toBeNull();
  });

  it('is not offered in a queue that takes the decision itself', async () => {
    const queue = approvalQueue();
    renderApp(
      '/portal/workflow/queues/12/documents',
      queueServices(queue, () => [queuedDocument(1, 'inv-1.pdf', queue)]),
    );
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    fireEvent.click(dataRows(grid)[0]);
    expect(within(toolbar()).queryByRole('button', { name: /^Send for approval/ })).toBeNull();
  });

  it('in Rejected, the reason shows under the row and in a bar over the document', async () => {
    const rejected = approvalQueue({ id: 15, name: 'Rejected', approveToQueueId: null, rejectToQueueId: null });
    const rejection = {
      reason: 'Wrong amount',
      rejectedBy: 'Pat Approver',
      rejectedAt: '2026-12-07T09:00:00.000Z',
      fromQueueName: 'Approval L1',
    };
    const docs = [queuedDocument(1, 'inv-1.pdf', rejected, { rejection }), queuedDocument(2, 'inv-2.pdf', rejected, { rejection: null })];
    renderApp(
      '/portal/workflow/queues/15/documents',
      queueServices(rejected, () => docs),
    );
    const grid = await screen.findByRole('grid', { name: 'Rejected documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(2));
    const marker = dataRows(grid)[0].querySelector('[data-marker="rejection"]');
    expect(marker?.textContent).toBe('Rejected: Wrong amount');
    expect(dataRows(grid)[1].querySelector('[data-marker="rejection"]')).toBeNull();

    fireEvent.click(dataRows(grid)[0]);
    const pane = await screen.findByRole('region', { name: 'Document viewer' });
    const bar = await within(pane).findByLabelText('Why this document was rejected');
    expect(bar.textContent).toContain('Rejected: Wrong amount');
    expect(bar.textContent).toContain('Rejected by Pat Approver in Approval L1 on 2026-12-07');
  });
});
