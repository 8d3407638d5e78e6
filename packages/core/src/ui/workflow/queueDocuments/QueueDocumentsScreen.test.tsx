import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  FEATURES1,
  WORKFLOW_PERMS,
  encodeDocumentId,
  type DmsDocument,
  type DocumentAccess,
  type QueueDocumentsPage,
  type WorkflowQueue,
} from '../../../model';
import { MESSAGES } from '../../../rules';
import { UI_TEXT } from '../../../locale/uiText';
import { FakeResponse } from '../../test/FakeResponse';
import { renderApp, testDocument, type FakeRoute, type RecordedRequest } from '../../test/renderApp';

const APPROVER_PERMS = WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.reject | WORKFLOW_PERMS.route;

function approvalQueue(fields: Partial<WorkflowQueue> = {}): WorkflowQueue {
  return {
    id: 12,
    name: 'Approval L1',
    enabled: true,
    queueTypeId: 1,
    queueTypeName: 'AP Invoices',
    documentCount: 3,
    features1: 0,
    features2: 0,
    defaultApproveRequiresNote: false,
    defaultRejectRequiresNote: false,
    approveToQueueId: 13,
    rejectToQueueId: 15,
    workflowPerms: APPROVER_PERMS,
    ...fields,
  };
}

function queuedDocument(id: number, name: string, queue: WorkflowQueue): DmsDocument {
  return testDocument({
    id,
    name,
    rowVersion: id * 10,
    workflowPerms: APPROVER_PERMS,
    hasAvailableRoutes: true,
    queueName: queue.name,
    queue: {
      id: queue.id,
      name: queue.name,
      queueTypeId: queue.queueTypeId,
      queueTypeName: queue.queueTypeName,
      features1: queue.features1,
      features2: queue.features2,
    },
    link: { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 1 },
  });
}

const NO_ACCESS: DocumentAccess = {
  merge: false,
  renewLock: false,
  createLock: true,
  unlock: false,
  route: true,
  approve: true,
  reject: true,
  split: false,
  viewFileData: true,
  exportFileData: true,
  changeSubtype: false,
  delete: false,
  readNotes: true,
  readDetails: true,
  reapplyName: false,
  email: false,
  link: false,
  unlink: false,
};

/** Fake web services for one queue whose documents the test changes. */
function queueServices(queue: WorkflowQueue, documents: () => DmsDocument[]): Record<string, FakeRoute> {
  const routes: Record<string, FakeRoute> = {
    'GET /api/options': () => [],
    'GET /api/workflow-root': () => ({
      queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: documents().length, queues: [queue] }],
    }),
    [`GET /api/queues/${queue.id}/workflow`]: (request: RecordedRequest): QueueDocumentsPage => {
      const skip = Number(request.search.get('skip') ?? 0);
      const take = Number(request.search.get('take') ?? 30);
      const all = documents();
      return { queue, documents: all.slice(skip, skip + take), total: all.length, skip, take };
    },
  };
  for (let id = 1; id <= 40; id++) routes[`GET /api/documents/${id}/access`] = () => NO_ACCESS;
  return routes;
}

// Rows and cells are read through their roles with querySelectorAll: getAllByRole over a Fluent tree costs seconds in jsdom.
const dataRows = (grid: HTMLElement): HTMLElement[] => [...grid.querySelectorAll<HTMLElement>('tbody tr')];
const firstCell = (row: HTMLElement): string => row.querySelector('[role="gridcell"]')?.textContent ?? '';
const rowNames = (grid: HTMLElement): string[] => dataRows(grid).map(firstCell);
const selectedNames = (grid: HTMLElement): string[] =>
  dataRows(grid)
    .filter((row) => row.getAttribute('aria-selected') === 'true')
    .map(firstCell);

/**
 * In jsdom, tabster (Fluent's focus manager) soon marks an open modal dialog itself aria-hidden:
 * with no layout it never sees the dialog as the active modal. Queries inside a dialog therefore
 * include hidden elements; the browser test checks the same names in a real Chromium.
 */
const IN_DIALOG = { hidden: true } as const;

describe('QueueDocumentsScreen', () => {
  let warn: jest.SpyInstance;
  let cleanups: (() => void)[] = [];
  /** Undoes a change to the window after this test, pass or fail. */
  const afterThis = (cleanup: () => void): void => void cleanups.push(cleanup);
  afterEach(() => {
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
  });
  beforeEach(() => {
    // The inline viewer warns that pdf.js cannot start in jsdom; that is not what these tests are about.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('lists the queue in a grid named after it, moves focus with the arrows, selects with Space and extends with Shift+ArrowDown', async () => {
    const queue = approvalQueue();
    const docs = [queuedDocument(1, 'inv-1.pdf', queue), queuedDocument(2, 'inv-2.pdf', queue), queuedDocument(3, 'inv-3.pdf', queue)];
    renderApp(
      '/portal/workflow/queues/12/documents',
      queueServices(queue, () => docs),
    );
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', 'inv-2.pdf', 'inv-3.pdf']));
    expect(screen.getByRole('heading', { level: 1, name: 'Approval L1' })).toBeTruthy();

    const rows = dataRows(grid);
    rows[0].focus();
    fireEvent.keyDown(rows[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    expect(selectedNames(grid)).toEqual([]);
    fireEvent.keyDown(rows[1], { key: ' ' });
    expect(selectedNames(grid)).toEqual(['inv-2.pdf']);
    fireEvent.keyDown(rows[1], { key: 'ArrowDown', shiftKey: true });
    expect(document.activeElement).toBe(rows[2]);
    expect(selectedNames(grid)).toEqual(['inv-2.pdf', 'inv-3.pdf']);
    // Extending back over a selected row never selects it twice.
    fireEvent.keyDown(rows[2], { key: 'ArrowUp', shiftKey: true });
    expect(selectedNames(grid)).toEqual(['inv-2.pdf', 'inv-3.pdf']);
    fireEvent.keyDown(rows[1], { key: ' ' });
    expect(selectedNames(grid)).toEqual(['inv-3.pdf']);

    const toolbar = screen.getByRole('toolbar', { name: 'Workflow actions' });
    for (const name of ['Approve', 'Reject', 'Route', 'Lock', 'Renew lock', 'Unlock', 'Refresh']) {
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(toolbar).getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled')).not.toBe('true');
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Lock' }).getAttribute('aria-disabled')).not.toBe('true'));
    expect(within(toolbar).getByRole('button', { name: 'Unlock' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows the empty state of a queue with no documents', async () => {
    renderApp(
      '/workflow2/queues/12/documents',
      queueServices(approvalQueue({ documentCount: 0 }), () => []),
    );
    await screen.findByText('No documents in this queue');
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('blocks approval until the required note is typed, then approves, drops the document and selects the next one', async () => {
    const queue = approvalQueue({ features1: FEATURES1.ApproveFromNoteRequired });
    let docs = [queuedDocument(1, 'inv-1.pdf', queue), queuedDocument(2, 'inv-2.pdf', queue), queuedDocument(3, 'inv-3.pdf', queue)];
    const approvals: RecordedRequest[] = [];
    const app = renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'PUT /api/documents/approval': (request) => {
        approvals.push(request);
        const body = request.body as { docId: number[] };
        docs = docs.filter((doc) => !body.docId.includes(doc.id));
        return { documents: body.docId.map((id) => ({ id, queueId: 13, rowVersion: id * 10 + 1 })) };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(3));
    fireEvent.click(dataRows(grid)[1]);
    expect(selectedNames(grid)).toEqual(['inv-2.pdf']);

    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    const note = within(dialog).getByRole('textbox', { name: /Note/, ...IN_DIALOG });
    expect(within(dialog).getByText('0 / 4000')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve', ...IN_DIALOG }));
    expect((await within(dialog).findByRole('alert', IN_DIALOG)).textContent).toContain(MESSAGES.noteRequired);
    expect(approvals).toHaveLength(0);

    fireEvent.change(note, { target: { value: 'Checked against PO 4711' } });
    expect(within(dialog).getByText('23 / 4000')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve', ...IN_DIALOG }));
    await waitFor(() => expect(approvals).toHaveLength(1));
    expect(approvals[0].body).toEqual({ docId: [2], rowConflictIds: [20], expectedQueueId: 12, approvalNote: 'Checked against PO 4711' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', 'inv-3.pdf']));
    expect(selectedNames(grid)).toEqual(['inv-3.pdf']);
    expect(app.services.selection.getSnapshot().ids).toEqual([3]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('wraps to the first document after approving the last one, without a prompt when no note is needed', async () => {
    const queue = approvalQueue();
    let docs = [queuedDocument(1, 'inv-1.pdf', queue), queuedDocument(2, 'inv-2.pdf', queue)];
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'PUT /api/documents/approval': (request) => {
        docs = docs.filter((doc) => doc.id !== 2);
        return { documents: (request.body as { docId: number[] }).docId.map((id) => ({ id, queueId: 13, rowVersion: 1 })) };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(2));
    fireEvent.click(dataRows(grid)[1]);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf']));
    expect(selectedNames(grid)).toEqual(['inv-1.pdf']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("refreshes the queue's list from the server after an approve, with no manual reload (the query is invalidated)", async () => {
    const queue = approvalQueue();
    let docs = [queuedDocument(1, 'inv-1.pdf', queue), queuedDocument(2, 'inv-2.pdf', queue)];
    const app = renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'PUT /api/documents/approval': (request) => {
        // While the approval runs, another document arrives in the queue on the server.
        docs = [...docs.filter((doc) => doc.id !== 2), queuedDocument(3, 'inv-3.pdf', queue)];
        return { documents: (request.body as { docId: number[] }).docId.map((id) => ({ id, queueId: 13, rowVersion: 1 })) };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', 'inv-2.pdf']));
    const loads = (): number => app.requests.filter((request) => request.path === '/api/queues/12/workflow').length;
    const before = loads();
    fireEvent.click(dataRows(grid)[1]);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', 'inv-3.pdf']));
    expect(loads()).toBe(before + 1);
  });

  it('asks for a note when the approve-to queue requires one (ApproveToNoteRequired), before anything is sent', async () => {
    const queue = approvalQueue();
    const docs = [queuedDocument(1, 'inv-1.pdf', queue)];
    const app = renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'GET /api/queues/13': () => ({ ...approvalQueue({ id: 13, name: 'Approval L2', features1: FEATURES1.ApproveToNoteRequired }) }),
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    fireEvent.click(dataRows(grid)[0]);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', IN_DIALOG);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve', ...IN_DIALOG }));
    await within(dialog).findByText(MESSAGES.noteRequired);
    expect(app.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('walks the list with Next and Previous, wrapping at both ends', async () => {
    const queue = approvalQueue();
    const docs = [queuedDocument(1, 'inv-1.pdf', queue), queuedDocument(2, 'inv-2.pdf', queue), queuedDocument(3, 'inv-3.pdf', queue)];
    renderApp(
      '/portal/workflow/queues/12/documents',
      queueServices(queue, () => docs),
    );
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(3));
    const next = screen.getByRole('button', { name: 'Next' });
    const previous = screen.getByRole('button', { name: 'Previous' });
    fireEvent.click(next);
    await waitFor(() => expect(selectedNames(grid)).toEqual(['inv-1.pdf']));
    fireEvent.click(next);
    fireEvent.click(next);
    await waitFor(() => expect(selectedNames(grid)).toEqual(['inv-3.pdf']));
    fireEvent.click(next);
    await waitFor(() => expect(selectedNames(grid)).toEqual(['inv-1.pdf']));
    fireEvent.click(previous);
    await waitFor(() => expect(selectedNames(grid)).toEqual(['inv-3.pdf']));
  });

  it('side by side from 1000 px: the document takes the stored share of the width, and its bar resizes it with ArrowLeft', async () => {
    const queue = approvalQueue();
    renderApp(
      '/portal/workflow/queues/12/documents',
      queueServices(queue, () => [queuedDocument(1, 'inv-1.pdf', queue)]),
    );
    await screen.findByRole('grid', { name: 'Approval L1 documents' });
    const pane = await screen.findByRole('region', { name: 'Document viewer' });
    expect(pane.style.width).toBe('50%');
    fireEvent.keyDown(screen.getByRole('separator', { name: 'Resize viewer pane' }), { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Document viewer' }).style.width).toBe('55%'));
  });

  it('below 1000 px hides the inline viewer when its size is set below 10 % and brings it back at 50 % with Show viewer', async () => {
    const width = window.innerWidth;
    window.innerWidth = 800;
    afterThis(() => {
      window.innerWidth = width;
    });
    const queue = approvalQueue();
    const app = renderApp(
      '/portal/workflow/queues/12/documents',
      queueServices(queue, () => [queuedDocument(1, 'inv-1.pdf', queue)]),
    );
    await screen.findByRole('grid', { name: 'Approval L1 documents' });
    const pane = await screen.findByRole('region', { name: 'Document viewer' });
    expect(pane.style.height).toBe('50%');
    const splitter = screen.getByRole('separator', { name: 'Resize viewer pane' });
    fireEvent.keyDown(splitter, { key: 'ArrowUp' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Document viewer' }).style.height).toBe('55%'));
    for (let step = 0; step < 10; step++)
      fireEvent.keyDown(screen.getByRole('separator', { name: 'Resize viewer pane' }), { key: 'ArrowDown' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Document viewer' })).toBeNull());
    expect(app.local.getItem('workflowViewerPaneSize')).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: 'Show viewer' }));
    expect((await screen.findByRole('region', { name: 'Document viewer' })).style.height).toBe('50%');
  });

  it('shows the out-of-sync words in the bar over the list when the server refuses with 409, and reloads the list at once', async () => {
    const queue = approvalQueue();
    let docs = [queuedDocument(1, 'inv-1.pdf', queue), queuedDocument(2, 'inv-2.pdf', queue)];
    const app = renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'PUT /api/documents/reject': () => {
        // Someone else moved the document meanwhile.
        docs = [docs[1]];
        return FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.queueOutOfSync }, 409);
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(2));
    fireEvent.click(dataRows(grid)[0]);
    const loads = app.requests.filter((request) => request.path === '/api/queues/12/workflow').length;
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Reject' }));
    // Reject always asks for a reason first (issue 12); the refusal comes when it is confirmed.
    const prompt = await screen.findByRole('dialog', IN_DIALOG);
    fireEvent.click(within(prompt).getByRole('button', { name: 'Reject', ...IN_DIALOG }));
    // The bar over the list, labelled by the spec's words.
    const bar = await screen.findByRole('group', { name: MESSAGES.queueOutOfSync });
    expect(bar.textContent).toContain(UI_TEXT.live.outOfSyncRefreshed);
    // Embedded §4: the window is refreshed — without a dialog to close first.
    await waitFor(() => expect(rowNames(screen.getByRole('grid', { name: 'Approval L1 documents' }))).toEqual(['inv-2.pdf']));
    expect(app.requests.filter((request) => request.path === '/api/queues/12/workflow').length).toBe(loads + 1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows routing blocks as messages and keeps the blocked action disabled', async () => {
    const queue = approvalQueue({ features1: 0 });
    const unlinked = {
      ...queuedDocument(1, 'inv-1.pdf', queue),
      link: null,
      workflowModifiers: { ...queuedDocument(1, 'x', queue).workflowModifiers, blockApproveUnlinked: true },
    };
    renderApp(
      '/portal/workflow/queues/12/documents',
      queueServices(queue, () => [unlinked]),
    );
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    fireEvent.click(dataRows(grid)[0]);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Queue status' }).textContent).toContain(MESSAGES.documentLinkRequired));
    expect(
      within(screen.getByRole('toolbar', { name: 'Workflow actions' }))
        .getByRole('button', { name: 'Approve' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('turns approve, reject and route off while tagging mode is on, for a user holding the Tagging privilege', async () => {
    const queue = approvalQueue();
    const docs = [queuedDocument(1, 'inv-1.pdf', queue)];
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'GET /api/can': (request) => ({ action: request.search.get('action'), value: request.search.get('action') === 'Cabinet: Tagging' }),
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    fireEvent.click(dataRows(grid)[0]);
    const toolbar = screen.getByRole('toolbar', { name: 'Workflow actions' });
    const disabled = (name: string) => within(toolbar).getByRole('button', { name }).getAttribute('aria-disabled') === 'true';
    await waitFor(() => expect(disabled('Approve')).toBe(false));
    fireEvent.click(await screen.findByRole('switch', { name: 'Tagging mode' }));
    await waitFor(() => expect(['Approve', 'Reject', 'Route'].map(disabled)).toEqual([true, true, true]));
    fireEvent.click(screen.getByRole('switch', { name: 'Tagging mode' }));
    await waitFor(() => expect(['Approve', 'Reject', 'Route'].map(disabled)).toEqual([false, false, false]));
  });

  it('turns the approval list, the lock buttons, Download and Merge off while tagging mode is on, with the reason', async () => {
    const queue = approvalQueue();
    const docs = [{ ...queuedDocument(1, 'inv-1.pdf', queue), canApprovalRoutes: true }];
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs),
      'GET /api/can': (request) => ({ action: request.search.get('action'), value: request.search.get('action') === 'Cabinet: Tagging' }),
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(rowNames(grid)).toHaveLength(1));
    fireEvent.click(dataRows(grid)[0]);
    const toolbar = screen.getByRole('toolbar', { name: 'Workflow actions' });
    const approvalList = screen.getByRole('button', { name: 'Approval list' }) as HTMLButtonElement;
    // Off: the approval list and Lock (createLock is granted) are available.
    await waitFor(() => expect(approvalList.disabled).toBe(false));
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Lock' }).getAttribute('aria-disabled')).not.toBe('true'));

    fireEvent.click(await screen.findByRole('switch', { name: 'Tagging mode' }));
    await waitFor(() => expect(approvalList.disabled).toBe(true));
    expect(approvalList.getAttribute('title')).toBe(MESSAGES.taggingModeOn);
    for (const name of ['Lock', 'Renew lock', 'Unlock', 'Merge', 'Download']) {
      expect([name, within(toolbar).getByRole('button', { name }).getAttribute('aria-disabled')]).toEqual([name, 'true']);
    }
    expect(within(toolbar).getByRole('button', { name: 'Download' }).getAttribute('title')).toBe(MESSAGES.taggingModeOn);
    // The lock buttons give the rule's reason in their tooltip (relationship description).
    const lock = within(toolbar).getByRole('button', { name: 'Lock' });
    fireEvent.pointerEnter(lock);
    fireEvent.focus(lock);
    await waitFor(() =>
      expect(document.getElementById(lock.getAttribute('aria-describedby') ?? '')?.textContent).toBe(MESSAGES.taggingModeOn),
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Tagging mode' }));
    await waitFor(() => expect(approvalList.disabled).toBe(false));
  });

  it('opens the approval list of the one selected document in a popup, only where the queue uses approval lists', async () => {
    const queue = approvalQueue();
    const docs = [{ ...queuedDocument(1, 'inv-1.pdf', queue), canApprovalRoutes: true }, queuedDocument(2, 'inv-2.pdf', queue)];
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    try {
      renderApp(
        '/portal/workflow/queues/12/documents',
        queueServices(queue, () => docs),
      );
      const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
      await waitFor(() => expect(rowNames(grid)).toHaveLength(2));
      const button = screen.getByRole('button', { name: 'Approval list' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      fireEvent.click(dataRows(grid)[1]);
      expect(button.disabled).toBe(true);
      fireEvent.click(dataRows(grid)[0]);
      await waitFor(() => expect(button.disabled).toBe(false));
      fireEvent.click(button);
      expect(open).toHaveBeenCalledWith(expect.stringContaining('/approval-routes/'), 'datahaven-approval-list', expect.any(String));
      expect(String(open.mock.calls[0][0])).toContain(`/approval-routes/${encodeDocumentId(1)}`);
    } finally {
      open.mockRestore();
    }
  });

  it('with "watch workflow documents" on, reloads every 60 s and keeps the old list when a reload fails', async () => {
    const queue = approvalQueue();
    let docs = [queuedDocument(1, 'inv-1.pdf', queue)];
    let failing = false;
    const services = queueServices(queue, () => docs);
    const page = services['GET /api/queues/12/workflow'];
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Fake timers from the start, so the screen's 60 s interval is one the test can move on; waitFor advances them too.
    jest.useFakeTimers();
    try {
      const app = renderApp('/portal/workflow/auto', {
        ...services,
        'GET /api/queues/12/workflow': (request) =>
          failing ? FakeResponse.json({ statusCode: 500, message: 'down' }, 500) : page(request),
      });
      app.local.setItem('featureFlags', JSON.stringify({ watchWorkflowDocuments: true }));
      fireEvent.click(await screen.findByRole('link', { name: /^Approval L1/ }));
      const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
      await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf']));
      const loads = (): number => app.requests.filter((request) => request.path === '/api/queues/12/workflow').length;
      const before = loads();

      docs = [...docs, queuedDocument(2, 'inv-2.pdf', queue)];
      await act(async () => {
        jest.advanceTimersByTime(60_000);
      });
      await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', 'inv-2.pdf']));
      expect(loads()).toBe(before + 1);

      failing = true;
      await act(async () => {
        jest.advanceTimersByTime(60_000);
      });
      await waitFor(() => expect(error).toHaveBeenCalledWith(MESSAGES.failedReloadingWorkflowDocuments, expect.anything()));
      expect(loads()).toBe(before + 2);
      expect(rowNames(grid)).toEqual(['inv-1.pdf', 'inv-2.pdf']);
    } finally {
      jest.useRealTimers();
      error.mockRestore();
    }
  });

  it('does not poll while "watch workflow documents" is off (the default)', async () => {
    const queue = approvalQueue();
    jest.useFakeTimers();
    try {
      const app = renderApp(
        '/portal/workflow/queues/12/documents',
        queueServices(queue, () => [queuedDocument(1, 'inv-1.pdf', queue)]),
      );
      const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
      await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf']));
      const loads = app.requests.filter((request) => request.path === '/api/queues/12/workflow').length;
      await act(async () => {
        jest.advanceTimersByTime(180_000);
      });
      expect(app.requests.filter((request) => request.path === '/api/queues/12/workflow').length).toBe(loads);
    } finally {
      jest.useRealTimers();
    }
  });
});
