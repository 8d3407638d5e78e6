import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  FEATURES1,
  WORKFLOW_PERMS,
  type DmsDocument,
  type DocumentAccess,
  type QueueDocumentsPage,
  type WorkflowQueue,
} from '../../../model';
import { MESSAGES, approvalAmountUnknown, approvalLimitExceeded, segregationPreparer } from '../../../rules';
import { FakeResponse } from '../../test/FakeResponse';
import { renderApp, testDocument, type RecordedRequest } from '../../test/renderApp';

const PERMS = WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.reject | WORKFLOW_PERMS.route;
const QUEUE: WorkflowQueue = {
  id: 12,
  name: 'Approval L1',
  enabled: true,
  queueTypeId: 1,
  queueTypeName: 'AP Invoices',
  documentCount: 1,
  features1: FEATURES1.ApproveFromNoteRequired,
  features2: 0,
  defaultApproveRequiresNote: false,
  defaultRejectRequiresNote: false,
  approveToQueueId: 13,
  rejectToQueueId: 15,
  workflowPerms: PERMS,
};
const DOC: DmsDocument = testDocument({
  id: 4,
  name: 'LW-5531.pdf',
  rowVersion: 40,
  workflowPerms: PERMS,
  hasAvailableRoutes: true,
  queueName: QUEUE.name,
  queue: { id: QUEUE.id, name: QUEUE.name, queueTypeId: 1, queueTypeName: 'AP Invoices', features1: QUEUE.features1, features2: 0 },
  link: { dataAreaId: 'CRONUS', sourceTableId: 38, sourceType: 2, sourceNumber: 'PI-1004', recordId: 'r4', sitId: 2 },
});
const ACCESS: DocumentAccess = {
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
const REFUSAL = approvalLimitExceeded(49872.77, 'USD', 'LW-5531.pdf', 10000, 'Approval L1');

describe('the approval-limit refusal on the queue screen', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    // The inline viewer warns that pdf.js cannot start in jsdom; not what this test is about.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it("closes the note prompt, shows the server's words and offers 'Route to the next level', which opens Route To for the document", async () => {
    const approvals: RecordedRequest[] = [];
    const app = renderApp('/portal/workflow/queues/12/documents', {
      'GET /api/options': () => [],
      'GET /api/workflow-root': () => ({ queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: 1, queues: [QUEUE] }] }),
      'GET /api/queues/12/workflow': (): QueueDocumentsPage => ({ queue: QUEUE, documents: [DOC], total: 1, skip: 0, take: 30 }),
      'GET /api/queues/13': () => ({ ...QUEUE, id: 13, name: 'Approval L2', features1: 0 }),
      'GET /api/documents/4/access': () => ACCESS,
      'PUT /api/documents/approval': (request) => {
        approvals.push(request);
        return FakeResponse.json({ statusCode: 400, exceptionType: 'ValidationError', message: REFUSAL }, 400);
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr')).toHaveLength(1));
    fireEvent.click(grid.querySelectorAll<HTMLElement>('tbody tr')[0]);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/, hidden: true }), { target: { value: 'Over my limit?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve', hidden: true }));

    await screen.findByText(REFUSAL);
    expect(approvals).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Beyond your approval limit')).toBeTruthy();
    // hidden: once the note field has had the focus, tabster leaves the app marked aria-hidden after the dialog in jsdom (no layout).
    fireEvent.click(screen.getByRole('button', { name: 'Route to the next level', hidden: true }));
    await screen.findByRole('heading', { name: MESSAGES.routeToTitle, hidden: true });
    expect(screen.queryByText(REFUSAL)).toBeNull();
    await waitFor(() =>
      expect(app.requests.some((request) => request.path === '/api/documents/routes' || request.path === '/api/documents/4/routes')).toBe(
        true,
      ),
    );
  });

  it("disables Approve before the click when the listed amount is over the caller's limit: the words on the action and in the bar, with the next level offered", async () => {
    const decision = {
      vendorNumber: 'V40000',
      vendorName: 'Litware',
      invoiceNumber: 'LW-5531',
      amount: 49872.77,
      currencyCode: 'USD',
      invoiceDate: '2025-05-09',
      dueDate: '2025-05-30',
      cashDiscountDate: null,
      factsState: 'current' as const,
      factsFetchedAt: '2025-05-10T08:00:00Z',
      daysInQueue: 1,
      noteCount: 0,
      overdue: false,
      discountExpiresToday: false,
      localCurrencyCode: 'USD',
    };
    const approvals: RecordedRequest[] = [];
    renderApp('/portal/workflow/queues/12/documents', {
      'GET /api/options': () => [],
      'GET /api/workflow-root': () => ({ queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: 1, queues: [QUEUE] }] }),
      'GET /api/queues/12/workflow': (): QueueDocumentsPage => ({
        queue: { ...QUEUE, approvalLimit: 10000 },
        documents: [{ ...DOC, decision }],
        total: 1,
        skip: 0,
        take: 30,
      }),
      'GET /api/queues/13': () => ({ ...QUEUE, id: 13, name: 'Approval L2', features1: 0 }),
      'GET /api/documents/4/access': () => ACCESS,
      'PUT /api/documents/approval': (request) => (approvals.push(request), {}),
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr')).toHaveLength(1));
    fireEvent.click(grid.querySelectorAll<HTMLElement>('tbody tr')[0]);
    const approve = within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Approve' });
    await waitFor(() => expect(approve.getAttribute('aria-disabled')).toBe('true'));
    // The reason is the action's description (its tooltip), in the server's words.
    fireEvent.pointerEnter(approve);
    fireEvent.focus(approve);
    await waitFor(() => expect(document.getElementById(approve.getAttribute('aria-describedby') ?? '')?.textContent).toBe(REFUSAL));
    fireEvent.click(approve);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(approvals).toHaveLength(0);
    // The bar says it too and offers the next level.
    expect(screen.getByText('Beyond your approval limit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Route to the next level', hidden: true }));
    await screen.findByRole('heading', { name: MESSAGES.routeToTitle, hidden: true });
  });

  it('leaves Approve on when the amount is within the limit, or its facts are not current (the server judges)', async () => {
    const decision = (amount: number, factsState: 'current' | 'stale') => ({
      vendorNumber: 'V40000',
      vendorName: 'Litware',
      invoiceNumber: 'LW-5531',
      amount,
      currencyCode: 'USD',
      invoiceDate: null,
      dueDate: null,
      cashDiscountDate: null,
      factsState,
      factsFetchedAt: null,
      daysInQueue: 1,
      noteCount: 0,
      overdue: false,
      discountExpiresToday: false,
      localCurrencyCode: 'USD',
    });
    const within10000 = { ...DOC, id: 4, name: 'within.pdf', decision: decision(9999.99, 'current') };
    const stale = { ...DOC, id: 5, name: 'stale.pdf', decision: decision(49872.77, 'stale') };
    renderApp('/portal/workflow/queues/12/documents', {
      'GET /api/options': () => [],
      'GET /api/workflow-root': () => ({ queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: 2, queues: [QUEUE] }] }),
      'GET /api/queues/12/workflow': (): QueueDocumentsPage => ({
        queue: { ...QUEUE, approvalLimit: 10000 },
        documents: [within10000, stale],
        total: 2,
        skip: 0,
        take: 30,
      }),
      'GET /api/documents/4/access': () => ACCESS,
      'GET /api/documents/5/access': () => ACCESS,
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr')).toHaveLength(2));
    // The toolbar's button is found afresh after each selection: the toolbar renders it anew.
    const approve = (): HTMLElement =>
      within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Approve' });
    for (const row of [0, 1]) {
      fireEvent.click(grid.querySelectorAll<HTMLElement>('tbody tr')[row]);
      await waitFor(() => expect(grid.querySelectorAll('tbody tr')[row].getAttribute('aria-selected')).toBe('true'));
      await waitFor(() => expect(approve().getAttribute('aria-disabled')).not.toBe('true'));
    }
    expect(screen.queryByText('Beyond your approval limit')).toBeNull();
  });
  it("shows the server's refusal of an amount it cannot check in the same bar, with the next level offered (issue 35)", async () => {
    const unknown = approvalAmountUnknown('LW-5531.pdf', 'Approval L1', false);
    renderApp('/portal/workflow/queues/12/documents', {
      'GET /api/options': () => [],
      'GET /api/workflow-root': () => ({ queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: 1, queues: [QUEUE] }] }),
      // No limit in the listing (an older answer, or one read before the limit was set): the server judges on the click.
      'GET /api/queues/12/workflow': (): QueueDocumentsPage => ({ queue: QUEUE, documents: [DOC], total: 1, skip: 0, take: 30 }),
      'GET /api/queues/13': () => ({ ...QUEUE, id: 13, name: 'Approval L2', features1: 0 }),
      'GET /api/documents/4/access': () => ACCESS,
      'PUT /api/documents/approval': () => FakeResponse.json({ statusCode: 400, exceptionType: 'ValidationError', message: unknown }, 400),
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr')).toHaveLength(1));
    fireEvent.click(grid.querySelectorAll<HTMLElement>('tbody tr')[0]);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/, hidden: true }), { target: { value: 'Checked.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve', hidden: true }));
    await screen.findByText(unknown);
    expect(screen.getByText('Beyond your approval limit')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Route to the next level', hidden: true })).toBeTruthy();
  });

  it("shows a segregation-of-duties refusal in the server's words, without offering another level", async () => {
    const refusal = segregationPreparer('submitted', 'LW-5531.pdf');
    renderApp('/portal/workflow/queues/12/documents', {
      'GET /api/options': () => [],
      'GET /api/workflow-root': () => ({ queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: 1, queues: [QUEUE] }] }),
      'GET /api/queues/12/workflow': (): QueueDocumentsPage => ({ queue: QUEUE, documents: [DOC], total: 1, skip: 0, take: 30 }),
      'GET /api/queues/13': () => ({ ...QUEUE, id: 13, name: 'Approval L2', features1: 0 }),
      'GET /api/documents/4/access': () => ACCESS,
      'PUT /api/documents/approval': () => FakeResponse.json({ statusCode: 400, exceptionType: 'ValidationError', message: refusal }, 400),
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr')).toHaveLength(1));
    fireEvent.click(grid.querySelectorAll<HTMLElement>('tbody tr')[0]);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Workflow actions' })).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/, hidden: true }), { target: { value: 'Checked.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve', hidden: true }));
    await screen.findByText(refusal);
    expect(screen.queryByText('Beyond your approval limit')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Route to the next level', hidden: true })).toBeNull();
  });
});
