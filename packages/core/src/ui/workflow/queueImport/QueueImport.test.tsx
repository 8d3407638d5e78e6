import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeXhr } from '../../../api/test/fakes';
import { FEATURES1, WORKFLOW_PERMS, type DmsDocument, type QueueDocumentsPage, type WorkflowQueue } from '../../../model';
import { MESSAGES, queueRefusesImport } from '../../../rules';
import { renderApp, testDocument, type FakeRoute, type RecordedRequest } from '../../test/renderApp';

const PERMS = WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.approve;
/** See QueueDocumentsScreen.test: tabster marks an open modal aria-hidden in jsdom. */
const IN_DIALOG = { hidden: true } as const;

function inbox(features1 = 0): WorkflowQueue {
  return {
    id: 5,
    name: 'AP Inbox',
    enabled: true,
    queueTypeId: 1,
    queueTypeName: 'AP Invoices',
    documentCount: 1,
    features1,
    features2: 0,
    defaultApproveRequiresNote: false,
    defaultRejectRequiresNote: false,
    approveToQueueId: 6,
    rejectToQueueId: null,
    workflowPerms: PERMS,
  };
}

function queued(id: number, name: string, queue: WorkflowQueue): DmsDocument {
  return testDocument({
    id,
    name,
    rowVersion: 3,
    workflowPerms: PERMS,
    queueName: queue.name,
    queue: { id: queue.id, name: queue.name, queueTypeId: 1, queueTypeName: 'AP Invoices', features1: queue.features1, features2: 0 },
  });
}

function services(queue: WorkflowQueue, documents: () => DmsDocument[]): Record<string, FakeRoute> {
  return {
    'GET /api/options': () => [],
    'GET /api/workflow-root': () => ({ queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: 1, queues: [queue] }] }),
    [`GET /api/queues/${queue.id}/workflow`]: (): QueueDocumentsPage => ({
      queue,
      documents: documents(),
      total: documents().length,
      skip: 0,
      take: 30,
    }),
    // The toolbar's Quick Link entry reads the queue: answered, so no error banner races the dialogs.
    [`GET /api/queues/${queue.id}`]: () => queue,
  };
}

const files = (...names: string[]): File[] => names.map((name) => new File(['%PDF-1.7'], name, { type: 'application/pdf' }));

describe('importing into a queue and submitting', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    // Fluent's Tooltip warns about refs in jsdom; nothing to see here.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('imports files dropped on the list into the queue with per-file progress, then reads the list again', async () => {
    const queue = inbox();
    let docs = [queued(1, 'inv-1.pdf', queue)];
    const xhrs: FakeXhr[] = [];
    const notices: { queue: number | null }[] = [];
    const app = renderApp(
      '/portal/workflow/queues/5/documents',
      services(queue, () => docs),
      {
        // The host hears of each import with the Upload's queue (embedded §7 'POST /queue/upload').
        host: (base) => ({ ...base, notifyUploadQueued: (notice) => (notices.push(notice), Promise.resolve()) }),
        createXhr: () => {
          const xhr = new FakeXhr();
          xhrs.push(xhr);
          return xhr;
        },
      },
    );
    await screen.findByRole('grid', { name: 'AP Inbox documents' });
    const zone = screen.getByTestId('queue-drop-zone');
    const dataTransfer = { types: ['Files'], files: files('scan-1.pdf', 'scan-2.pdf'), dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(screen.getByText('Drop files to import into AP Inbox')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer });
    expect(screen.queryByText('Drop files to import into AP Inbox')).toBeNull();
    await waitFor(() => expect(xhrs).toHaveLength(2));
    expect(xhrs.map((xhr) => [xhr.method, new URL(xhr.url, 'http://x').pathname])).toEqual([
      ['POST', '/api/queues/5/documents'],
      ['POST', '/api/queues/5/documents'],
    ]);

    act(() => xhrs[0].progress(5, 10));
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(within(panel).getByText(/Uploading 50%/)).toBeTruthy();
    const loads = (): number => app.requests.filter((request) => request.path === '/api/queues/5/workflow').length;
    const before = loads();
    docs = [...docs, queued(2, 'scan-1.pdf', queue)];
    act(() => xhrs[0].respond(201, [docs[1]]));
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
    expect(within(panel).getByRole('link', { name: 'View scan-1.pdf' })).toBeTruthy();
    expect(notices.map((notice) => notice.queue)).toEqual([5, 5]);
  });

  it("asks 'Approve now?' for a dropped file the SmartQueue matched to a record (PromptToApproveOnAutoLink), not for one it did not", async () => {
    const queue = inbox(FEATURES1.SmartQueue | FEATURES1.PromptToApproveOnAutoLink);
    const waiting = queued(1, 'inv-1.pdf', queue);
    let docs: DmsDocument[] = [waiting];
    const xhrs: FakeXhr[] = [];
    const approvals: RecordedRequest[] = [];
    const app = renderApp(
      '/portal/workflow/queues/5/documents',
      {
        ...services(queue, () => docs),
        'PUT /api/documents/approval': (request) => (approvals.push(request), { documents: [{ id: 3, queueId: 6, rowVersion: 5 }] }),
      },
      {
        createXhr: () => {
          const xhr = new FakeXhr();
          xhrs.push(xhr);
          return xhr;
        },
      },
    );
    await screen.findByRole('grid', { name: 'AP Inbox documents' });
    const zone = screen.getByTestId('queue-drop-zone');
    const dataTransfer = { types: ['Files'], files: files('Scan 0042.pdf', 'LW-5531.pdf'), dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    await waitFor(() => expect(xhrs).toHaveLength(2));
    const loads = (): number => app.requests.filter((request) => request.path === '/api/queues/5/workflow').length;

    // Not matched: it arrives unlinked and nothing is asked.
    const unmatched = queued(2, 'Scan 0042.pdf', queue);
    docs = [waiting, unmatched];
    let before = loads();
    act(() => xhrs[0].respond(201, [unmatched]));
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
    expect(screen.queryByRole('alertdialog', IN_DIALOG)).toBeNull();

    // Matched to PI-1004 by its name: linked in the SmartQueue, so the uploader is asked.
    const matched = {
      ...queued(3, 'LW-5531.pdf', queue),
      link: {
        dataAreaId: 'CRONUS',
        sourceTableId: 38,
        sourceType: 2,
        sourceNumber: 'PI-1004',
        sourceEntityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
        recordId: 'r-1004',
        sitId: 2,
      },
    };
    docs = [waiting, unmatched, matched];
    before = loads();
    act(() => xhrs[1].respond(201, [matched]));
    const ask = await screen.findByRole('alertdialog', { name: 'Approve now?', ...IN_DIALOG });
    fireEvent.click(within(ask).getByRole('button', { name: 'Approve now', ...IN_DIALOG }));
    await waitFor(() =>
      expect(approvals.map((request) => request.body)).toEqual([{ docId: [3], rowConflictIds: [3], expectedQueueId: 5 }]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog', IN_DIALOG)).toBeNull());
  });

  it('offers Import files to the keyboard; a NoImporting queue refuses it and drops in the words the server uses', async () => {
    const xhrs: FakeXhr[] = [];
    renderApp(
      '/portal/workflow/queues/5/documents',
      services(inbox(FEATURES1.NoImporting), () => []),
      {
        createXhr: () => {
          const xhr = new FakeXhr();
          xhrs.push(xhr);
          return xhr;
        },
      },
    );
    const toolbar = await screen.findByRole('toolbar', { name: 'Workflow actions' });
    const button = await within(toolbar).findByRole('button', { name: 'Import files' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    await waitFor(() =>
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(queueRefusesImport('AP Inbox')),
    );
    fireEvent.change(screen.getByLabelText('Choose files to import'), { target: { files: files('x.pdf') } });
    const zone = screen.getByTestId('queue-drop-zone');
    const dataTransfer = { types: ['Files'], files: files('y.pdf'), dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(within(zone).getByText(queueRefusesImport('AP Inbox'))).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer });
    expect(xhrs).toHaveLength(0);
  });

  it("disables Import files with the server's words where it refuses the caller (a final queue, issue 35), NoImporting or not", async () => {
    const refusal =
      'Error: Cannot complete import! The queue Approved is a final queue: documents enter it only through the workflow (approve, reject or route), never by import, upload or mail filing.';
    const xhrs: FakeXhr[] = [];
    renderApp(
      '/portal/workflow/queues/5/documents',
      services({ ...inbox(), name: 'Approved', importRefusal: refusal }, () => []),
      {
        createXhr: () => {
          const xhr = new FakeXhr();
          xhrs.push(xhr);
          return xhr;
        },
      },
    );
    const toolbar = await screen.findByRole('toolbar', { name: 'Workflow actions' });
    const button = await within(toolbar).findByRole('button', { name: 'Import files' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    await waitFor(() => expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(refusal));
    const zone = screen.getByTestId('queue-drop-zone');
    const dataTransfer = { types: ['Files'], files: files('y.pdf'), dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(within(zone).getByText(refusal)).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer });
    expect(xhrs).toHaveLength(0);
  });

  it('Submit asks for the note the spec requires, submits, opens the record when asked, and offers Approve now when the queue prompts', async () => {
    const queue = inbox(FEATURES1.PromptToApproveOnSubmit);
    const link = {
      dataAreaId: 'CRONUS',
      sourceTableId: 38,
      sourceType: 2,
      sourceNumber: 'PI-1004',
      sourceEntityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      recordId: 'r-1004',
      sitId: 2,
    };
    const docs = [{ ...queued(1, 'inv-1.pdf', queue), link }];
    const calls: RecordedRequest[] = [];
    const opened: (string | Promise<string>)[] = [];
    renderApp(
      '/portal/workflow/queues/5/documents',
      {
        'GET /api/entities/url': () => ({ url: 'https://bc.example/?page=51', pageId: 51, number: 'PI-1004' }),
        ...services(queue, () => docs),
        'GET /api/documents/1/access': () => ({}),
        'PUT /api/documents/submit': (request) => {
          calls.push(request);
          return {
            documents: [{ id: 1, queueId: 5, rowVersion: 4 }],
            autoApproved: false,
            autoApproveRefusal: null,
            promptToApprove: true,
            launchRecord: true,
          };
        },
        'PUT /api/documents/approval': (request) => {
          calls.push(request);
          return { documents: [{ id: 1, queueId: 6, rowVersion: 5 }] };
        },
      },
      {
        host: (base) => ({ ...base, openUrl: (url) => void opened.push(url) }),
        // No inline viewer: its loading of the document plays no part here and only adds work between the dialogs.
        local: { autoview: 'false' },
      },
    );
    const grid = await screen.findByRole('grid', { name: 'AP Inbox documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr')).toHaveLength(1));
    fireEvent.click(grid.querySelectorAll<HTMLElement>('tbody tr')[0]);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', {});
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit', ...IN_DIALOG }));
    expect((await within(dialog).findByRole('alert', IN_DIALOG)).textContent).toContain(MESSAGES.noteRequired);
    expect(calls).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/, ...IN_DIALOG }), { target: { value: 'Coded to 6110' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit', ...IN_DIALOG }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ docId: [1], rowConflictIds: [3], expectedQueueId: 5, note: 'Coded to 6110' });
    // LaunchRecord: the submitted document's record opens (its URL from GET /entities/url).
    await waitFor(() => expect(opened).toHaveLength(1));
    await expect(opened[0]).resolves.toBe('https://bc.example/?page=51');
    // Found by its text, as in NewCardDialog.test: opened while the note dialog closes, its
    // aria-labelledby sometimes misses its title's id in jsdom on a loaded machine.
    const ask = await waitFor(() => {
      const found = screen.getAllByRole('alertdialog', { hidden: true }).find((element) => element.textContent?.startsWith('Approve now?'));
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    fireEvent.click(within(ask).getByRole('button', { name: 'Approve now', hidden: true }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].path).toBe('/api/documents/approval');
    expect(calls[1].body).toEqual({ docId: [1], rowConflictIds: [4], expectedQueueId: 5, approvalNote: 'Coded to 6110' });
  });
});
