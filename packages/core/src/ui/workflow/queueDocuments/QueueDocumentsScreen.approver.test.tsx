import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FEATURES1 } from '../../../model';
import { MESSAGES } from '../../../rules';
import { renderApp, type RecordedRequest } from '../../test/renderApp';
import {
  DECISION_ACCESS,
  IN_DIALOG,
  approvalQueue,
  dataRows,
  queueServices,
  queuedDocument,
  rowNames,
  selectedNames,
} from './test/queueFixtures';

// hidden: after a dialog closed, tabster leaves the app marked aria-hidden in jsdom (no layout).
const toolbar = (): HTMLElement => screen.getByRole('toolbar', { name: 'Workflow actions', hidden: true });
/** The toolbar's button names, in order. */
const toolbarButtons = (): string[] => [...toolbar().querySelectorAll('button')].map((button) => button.textContent ?? '');

/** GET /can/actions answering each asked privilege from `held`. */
function privilegesOf(held: readonly string[]) {
  return (request: RecordedRequest) => request.search.getAll('action[]').map((action) => ({ action, value: held.includes(action) }));
}

describe("QueueDocumentsScreen: the approver's screen", () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    // The inline viewer warns that pdf.js cannot start in jsdom; that is not what these tests are about.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('Reject always asks: the Reason field has the focus, Escape sends nothing, a required reason is asked for, then it rejects and selects the next', async () => {
    const queue = approvalQueue({ features1: FEATURES1.RejectFromNoteRequired });
    let docs = [queuedDocument(1, 'inv-1.pdf', queue), queuedDocument(2, 'inv-2.pdf', queue), queuedDocument(3, 'inv-3.pdf', queue)];
    const rejections: RecordedRequest[] = [];
    const app = renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'PUT /api/documents/reject': (request) => {
        rejections.push(request);
        docs = docs.filter((doc) => doc.id !== 2);
        return { documents: [{ id: 2, queueId: 15, rowVersion: 21 }] };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(3));
    fireEvent.click(dataRows(grid)[1]);

    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('dialog', IN_DIALOG);
    const reason = within(dialog).getByRole('textbox', { name: /Reason/, ...IN_DIALOG });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.keyDown(reason, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', IN_DIALOG)).toBeNull());
    expect(app.requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Reject', hidden: true }));
    dialog = await screen.findByRole('dialog', IN_DIALOG);
    expect(within(dialog).getByText('Reject 1 document')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject', ...IN_DIALOG }));
    await within(dialog).findByText(MESSAGES.noteRequired);
    expect(rejections).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/, ...IN_DIALOG }), { target: { value: 'Duplicate of CS-87902' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject', ...IN_DIALOG }));
    await waitFor(() => expect(rejections).toHaveLength(1));
    expect(rejections[0].body).toEqual({ docId: [2], rowConflictIds: [20], expectedQueueId: 12, rejectionNote: 'Duplicate of CS-87902' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', 'inv-3.pdf']));
    expect(selectedNames(grid)).toEqual(['inv-3.pdf']);
  });

  it('offers no decision whose privilege the user lacks, and disables one the access flags refuse with the reason', async () => {
    const queue = approvalQueue();
    const docs = [queuedDocument(1, 'inv-1.pdf', queue)];
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs, { ...DECISION_ACCESS, approve: false }),
      'GET /api/can/actions': privilegesOf(['Workflow: Approve', 'Workflow: Reject']),
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    fireEvent.click(dataRows(grid)[0]);
    await waitFor(() => expect(toolbarButtons()).not.toContain('Route'));
    const approve = within(toolbar()).getByRole('button', { name: 'Approve' });
    await waitFor(() => expect(approve.getAttribute('aria-disabled')).toBe('true'));
    expect(within(toolbar()).getByRole('button', { name: 'Reject' }).getAttribute('aria-disabled')).not.toBe('true');
    // The reason is the button's description (its tooltip).
    const describedBy = approve.getAttribute('aria-describedby');
    await waitFor(() => expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(MESSAGES.actionNotPermitted));
  });

  it('offers neither approve nor reject in a final queue', async () => {
    const queue = approvalQueue({ name: 'Approved', approveToQueueId: null, rejectToQueueId: null });
    renderApp(
      '/portal/workflow/queues/12/documents',
      queueServices(queue, () => [queuedDocument(1, 'inv-1.pdf', queue)]),
    );
    const grid = await screen.findByRole('grid', { name: 'Approved documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    expect(toolbarButtons().filter((name) => /Approve|Reject/.test(name))).toEqual([]);
    expect(toolbarButtons()).toContain('Route');
  });

  it('with three selected offers "Approve 3 documents" and sends one note for all of them', async () => {
    const queue = approvalQueue();
    let docs = [queuedDocument(1, 'inv-1.pdf', queue), queuedDocument(2, 'inv-2.pdf', queue), queuedDocument(3, 'inv-3.pdf', queue)];
    const approvals: RecordedRequest[] = [];
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'PUT /api/documents/approval': (request) => {
        approvals.push(request);
        docs = [];
        return { documents: [1, 2, 3].map((id) => ({ id, queueId: 13, rowVersion: id * 10 + 1 })) };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(3));
    const rows = dataRows(grid);
    rows[0].focus();
    fireEvent.keyDown(rows[0], { key: 'a', ctrlKey: true });
    fireEvent.click(await within(toolbar()).findByRole('button', { name: 'Approve 3 documents' }));
    const dialog = await screen.findByRole('dialog', IN_DIALOG);
    expect(within(dialog).getByText('Approve 3 documents')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/, ...IN_DIALOG }), { target: { value: 'Month-end batch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve', ...IN_DIALOG }));
    await waitFor(() => expect(approvals).toHaveLength(1));
    expect(approvals[0].body).toEqual({
      docId: [1, 2, 3],
      rowConflictIds: [10, 20, 30],
      expectedQueueId: 12,
      approvalNote: 'Month-end batch',
    });
  });

  it("shows another user's lock as a bar naming the holder and the expiry", async () => {
    const queue = approvalQueue();
    const expiry = new Date(Date.now() + 10 * 60_000).toISOString();
    const docs = [
      queuedDocument(1, 'inv-1.pdf', queue, { userLock: 'other', lock: { lockExpiration: expiry, ownLock: false, holder: 'pat' } }),
    ];
    renderApp(
      '/portal/workflow/queues/12/documents',
      queueServices(queue, () => docs),
    );
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    expect(screen.queryByText(/Locked by pat until/)).toBeNull();
    fireEvent.click(dataRows(grid)[0]);
    expect((await screen.findByText(/Locked by pat until/)).textContent).toMatch(/Locked by pat until .+/);
  });

  it('at 320 px stacks the rows with a "Sorted by" menu; a row opens the document step with the decision bar, and Back the list', async () => {
    const width = window.innerWidth;
    const queue = approvalQueue();
    const docs = [queuedDocument(1, 'inv-1.pdf', queue), queuedDocument(2, 'inv-2.pdf', queue)];
    try {
      act(() => {
        window.innerWidth = 320;
      });
      const app = renderApp(
        '/portal/workflow/queues/12/documents',
        queueServices(queue, () => docs),
      );
      const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
      await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', 'inv-2.pdf']));
      expect((grid.querySelector('thead') as HTMLElement).style.display).toBe('none');
      fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
      fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Name' }));
      await waitFor(() =>
        expect(app.requests.some((request) => request.path === '/api/queues/12/workflow' && request.search.get('sort') === 'name')).toBe(
          true,
        ),
      );
      await screen.findByRole('button', { name: 'Sorted by Name' });
      // The phone layout (issue 38): a row opens the document step, the decisions in the bar at its bottom.
      fireEvent.click(dataRows(screen.getByRole('grid', { name: 'Approval L1 documents' }))[0]);
      const bar = await screen.findByRole('toolbar', { name: 'Workflow actions' });
      expect(
        within(bar)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Approve', 'Reject', 'Route', 'More']);
      expect(screen.getByRole('region', { name: 'Invoice facts' })).toBeTruthy();
      expect(screen.queryByRole('grid')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
      expect(await screen.findByRole('grid', { name: 'Approval L1 documents' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Back to the list' })).toBeNull();
    } finally {
      window.innerWidth = width;
    }
  });
});
