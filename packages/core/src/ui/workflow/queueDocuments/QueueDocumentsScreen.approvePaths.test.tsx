import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeXhr } from '../../../api/test/fakes';
import { FEATURES1, FEATURES2, type DmsDocument, type DocumentAccess, type WorkflowQueue } from '../../../model';
import { renderApp, type FakeRoute, type RecordedRequest } from '../../test/renderApp';
import { DECISION_ACCESS, IN_DIALOG, approvalQueue, queueServices, queuedDocument, rowNames } from './test/queueFixtures';

/*
 * Issue 34, Done-when: a queue's list refreshes itself after every way a document is approved
 * while it shows, because each way approves through services/workflowActions, which invalidates
 * `workflow`. In each test the server's queue changes while the approval runs (the approved
 * document leaves, another one arrives), so only a fresh read of the list can show the arrival.
 * The toolbar's own Approve is proven the same way in QueueDocumentsScreen.test.tsx ("refreshes
 * the queue's list from the server after an approve").
 */

/** A document that arrives in the queue on the server while an approval runs. */
const ARRIVAL = 'arrived-meanwhile.pdf';
/** No inline viewer under the list where the path does not need it: its pdf.js chunk would suspend the screen under an open dialog. */
const NO_AUTOVIEW = { autoview: 'false' };

/** The first dialog whose text starts with "Approve now?" (found by its text: its aria-labelledby sometimes misses its title in jsdom). */
async function approveNowDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('alertdialog', { hidden: true }).find((element) => element.textContent?.startsWith('Approve now?'));
    expect(found).toBeDefined();
    return found as HTMLElement;
  });
}

/**
 * An approval handler that takes the approved documents out of the server's queue and lets
 * ARRIVAL in: records each request.
 */
function approvingWithArrival(
  queue: WorkflowQueue,
  docs: { current: DmsDocument[] },
  approvals: RecordedRequest[],
  arrivalId: number,
): FakeRoute {
  return (request) => {
    approvals.push(request);
    const { docId } = request.body as { docId: number[] };
    docs.current = [...docs.current.filter((doc) => !docId.includes(doc.id)), queuedDocument(arrivalId, ARRIVAL, queue)];
    return { documents: docId.map((id) => ({ id, queueId: queue.approveToQueueId ?? 0, rowVersion: 99 })) };
  };
}

describe('a queue refreshes after every approve path', () => {
  let warn: jest.SpyInstance;
  let cleanups: (() => void)[] = [];
  /** Undoes a change to the window after this test, pass or fail. */
  const afterThis = (cleanup: () => void): void => void cleanups.push(cleanup);
  afterEach(() => {
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
  });
  beforeEach(() => {
    // The inline viewer warns that pdf.js cannot start in jsdom, Fluent's Tooltip about refs: not what these tests are about.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it("Quick Link's approval (approve anyway in a queue not set up for Link To Approval)", async () => {
    const queue = approvalQueue({ id: 21, name: 'Quick Link Inbox', queueTypeName: 'Quick Link', features2: 0, approveToQueueId: 22 });
    const docs = {
      current: [queuedDocument(1, 'scan-1.pdf', queue, { link: null }), queuedDocument(2, 'scan-2.pdf', queue, { link: null })],
    };
    const approvals: RecordedRequest[] = [];
    const app = renderApp(
      '/workflow2/queues/21/documents',
      {
        ...queueServices(queue, () => docs.current),
        'GET /api/queues/21': () => queue,
        'GET /api/queues/21/link-to-approval': () => ({
          queueId: 21,
          linkOnApprovalRequired: false,
          approveToQueueId: 22,
          configured: true,
        }),
        'GET /api/documents/1': () => docs.current[0],
        'GET /api/sits': () => [],
        'PUT /api/documents/approval': approvingWithArrival(queue, docs, approvals, 3),
      },
      { local: NO_AUTOVIEW },
    );
    const grid = await screen.findByRole('grid', { name: 'Quick Link Inbox documents' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['scan-1.pdf', 'scan-2.pdf']));
    const button = await within(screen.getByRole('toolbar', { name: 'Workflow actions' })).findByRole('button', { name: 'Quick Link' });
    act(() => app.services.selection.set([1]));
    await waitFor(() => expect(button.getAttribute('aria-disabled')).not.toBe('true'));
    // The dialog reads the host's context as it mounts: the wait starts in the click's tick (see QuickLinkButton.test).
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', IN_DIALOG);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Approve anyway', ...IN_DIALOG }));

    await waitFor(() => expect(rowNames(grid)).toEqual(['scan-2.pdf', ARRIVAL]));
    expect(approvals.map((request) => request.body)).toEqual([{ docId: [1], rowConflictIds: [10], expectedQueueId: 21 }]);
  });

  it('Submit\'s "Approve now?" (PromptToApproveOnSubmit)', async () => {
    const queue = approvalQueue({ name: 'AP Inbox', features1: FEATURES1.PromptToApproveOnSubmit });
    const docs = { current: [queuedDocument(1, 'inv-1.pdf', queue, { submitted: false }), queuedDocument(2, 'inv-2.pdf', queue)] };
    const approvals: RecordedRequest[] = [];
    renderApp(
      '/portal/workflow/queues/12/documents',
      {
        ...queueServices(queue, () => docs.current),
        'GET /api/queues/12': () => queue,
        'PUT /api/documents/submit': () => ({
          documents: [{ id: 1, queueId: 12, rowVersion: 11 }],
          autoApproved: false,
          autoApproveRefusal: null,
          promptToApprove: true,
          launchRecord: false,
        }),
        'PUT /api/documents/approval': approvingWithArrival(queue, docs, approvals, 3),
      },
      { local: NO_AUTOVIEW },
    );
    const grid = await screen.findByRole('grid', { name: 'AP Inbox documents' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', 'inv-2.pdf']));
    fireEvent.click(grid.querySelectorAll<HTMLElement>('tbody tr')[0]);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Submit' }));
    const prompt = await screen.findByRole('dialog', IN_DIALOG);
    fireEvent.change(within(prompt).getByRole('textbox', { name: /Note/, ...IN_DIALOG }), { target: { value: 'Coded to 6110' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Submit', ...IN_DIALOG }));
    fireEvent.click(within(await approveNowDialog()).getByRole('button', { name: 'Approve now', ...IN_DIALOG }));

    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-2.pdf', ARRIVAL]));
    expect(approvals.map((request) => request.body)).toEqual([
      { docId: [1], rowConflictIds: [11], expectedQueueId: 12, approvalNote: 'Coded to 6110' },
    ]);
  });

  it('the "Approve now?" after an upload into a PromptToApproveOnAutoLink SmartQueue (AutoLinkApprovePrompt)', async () => {
    const queue = approvalQueue({ name: 'AP Inbox', features1: FEATURES1.SmartQueue | FEATURES1.PromptToApproveOnAutoLink });
    const docs = { current: [queuedDocument(1, 'inv-1.pdf', queue)] };
    const approvals: RecordedRequest[] = [];
    const xhrs: FakeXhr[] = [];
    renderApp(
      '/portal/workflow/queues/12/documents',
      {
        ...queueServices(queue, () => docs.current),
        'GET /api/queues/12': () => queue,
        'PUT /api/documents/approval': approvingWithArrival(queue, docs, approvals, 3),
      },
      {
        local: NO_AUTOVIEW,
        createXhr: () => {
          const xhr = new FakeXhr();
          xhrs.push(xhr);
          return xhr;
        },
      },
    );
    const grid = await screen.findByRole('grid', { name: 'AP Inbox documents' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf']));
    const dataTransfer = {
      types: ['Files'],
      files: [new File(['%PDF-1.7'], 'LW-5531.pdf', { type: 'application/pdf' })],
      dropEffect: 'none',
    };
    fireEvent.dragEnter(screen.getByTestId('queue-drop-zone'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('queue-drop-zone'), { dataTransfer });
    await waitFor(() => expect(xhrs).toHaveLength(1));
    // The SmartQueue matched it to PI-1004 by its name: it arrives linked, and the import reads the list again.
    const matched = queuedDocument(2, 'LW-5531.pdf', queue);
    docs.current = [...docs.current, matched];
    act(() => xhrs[0].respond(201, [matched]));
    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', 'LW-5531.pdf']));
    fireEvent.click(within(await approveNowDialog()).getByRole('button', { name: 'Approve now', ...IN_DIALOG }));

    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-1.pdf', ARRIVAL]));
    expect(approvals.map((request) => request.body)).toEqual([{ docId: [2], rowConflictIds: [20], expectedQueueId: 12 }]);
  });

  it('the "Approve now?" after a link (PromptToApproveOnLink), made with New Card From Document in the inline viewer', async () => {
    // jsdom has no ResizeObserver, which Fluent's MessageBar asks for once the dialog says the record was made: one that observes nothing.
    const resizeObserver = window.ResizeObserver;
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
    afterThis(() => {
      window.ResizeObserver = resizeObserver;
    });
    const queue = approvalQueue({ name: 'Coding', features2: FEATURES2.PromptToApproveOnLink });
    const unlinked = queuedDocument(7, 'NW-77 invoice.pdf', queue, { link: null });
    const docs = { current: [unlinked, queuedDocument(2, 'inv-2.pdf', queue)] };
    const approvals: RecordedRequest[] = [];
    const access: DocumentAccess = { ...DECISION_ACCESS, link: true };
    const link = {
      dataAreaId: 'CRONUS',
      sourceTableId: 38,
      sourceType: 2,
      sourceNumber: 'PI-1009',
      sourceEntityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      recordId: '00000000-0000-4000-8000-000000000009',
      sitId: 2,
    };
    renderApp('/portal/workflow/queues/12/documents', {
      ...queueServices(queue, () => docs.current),
      'GET /api/queues/12': () => queue,
      'GET /api/documents/7': () => docs.current.find((doc) => doc.id === 7) ?? unlinked,
      'GET /api/documents/7/access': () => access,
      // New Card's privilege held; tagging mode not offered.
      'GET /api/can': (request) => ({ action: request.search.get('action'), value: request.search.get('action') !== 'Cabinet: Tagging' }),
      'GET /api/sits/allowsNewCard': () => [
        {
          id: 2,
          externalTableId: 38,
          sourceTypeId: 2,
          entityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
          label: 'Purchase Invoice',
          productType: 'bc',
          allowNewCard: true,
        },
      ],
      'GET /api/documents/type/2/subtypes': () => [
        { id: 5, text: 'Vendor Invoice', order: 1, integratedTable: { label: 'Purchase Invoice', sitId: 2 }, categoryId: null },
      ],
      'GET /api/entity-types/bc%3AMicrosoft.NAV.vendor/entities': () => [{ id: 'v3', number: 'V30000', displayName: 'Northwind Traders' }],
      'PUT /api/documents/7/new-card': (request) => {
        if ((request.body as { operationType: string }).operationType === 'initiate')
          return {
            docId: 7,
            typeId: 2,
            subTypeId: 5,
            dataAreaId: 'CRONUS',
            tableId: 38,
            typeName: link.sourceEntityTypeName,
            label: 'Purchase Invoice',
            status: 'initiated',
            initiatedAt: '2025-06-01T08:00:00Z',
          };
        // Linked: the queue's OnLink event asks "Approve now?" (PromptToApproveOnLink).
        docs.current = docs.current.map((doc) => (doc.id === 7 ? { ...doc, link, rowVersion: 71 } : doc));
        return {
          link,
          rowVersion: 71,
          queueId: 12,
          autoApproved: false,
          autoApproveRefusal: null,
          promptToApprove: true,
          launchRecord: false,
        };
      },
      'POST /api/new-card': () => ({
        docId: 7,
        typeId: 2,
        tableId: 38,
        typeName: link.sourceEntityTypeName,
        dataAreaId: 'CRONUS',
        recordId: link.recordId,
        number: 'PI-1009',
        url: null,
      }),
      'PUT /api/documents/approval': approvingWithArrival(queue, docs, approvals, 3),
    });
    const grid = await screen.findByRole('grid', { name: 'Coding documents' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['NW-77 invoice.pdf', 'inv-2.pdf']));
    fireEvent.click(grid.querySelectorAll<HTMLElement>('tbody tr')[0]);

    // The inline viewer's New Card From Document, beside Link to Existing.
    const viewer = await screen.findByRole('region', { name: 'Document viewer' });
    const newCard = await within(viewer).findByRole('button', { name: 'New Card From Document' });
    await waitFor(() => expect(newCard.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(newCard);
    const dialog = await screen.findByRole('dialog', IN_DIALOG);
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: 'Document subtype', ...IN_DIALOG }) as HTMLSelectElement).value).toBe('5'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next', ...IN_DIALOG }));
    const vendor = (await within(dialog).findByRole('combobox', { name: 'Vendor', ...IN_DIALOG })) as HTMLSelectElement;
    await within(vendor).findByText('V30000 – Northwind Traders');
    fireEvent.change(vendor, { target: { value: 'V30000' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: "Vendor's invoice number", ...IN_DIALOG }), {
      target: { value: 'NW-77' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and link', ...IN_DIALOG }));
    fireEvent.click(within(await approveNowDialog()).getByRole('button', { name: 'Approve now', ...IN_DIALOG }));

    await waitFor(() => expect(rowNames(grid)).toEqual(['inv-2.pdf', ARRIVAL]));
    expect(approvals.map((request) => request.body)).toEqual([{ docId: [7], rowConflictIds: [71], expectedQueueId: 12 }]);
  });
});
