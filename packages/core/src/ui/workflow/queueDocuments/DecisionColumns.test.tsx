import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DmsDocument, DocumentDecision, QueueDocumentsPage, WorkflowQueue } from '../../../model';
import { renderApp, testDocument, type RecordedRequest } from '../../test/renderApp';

const QUEUE: WorkflowQueue = {
  id: 12,
  name: 'Approval L1',
  enabled: true,
  queueTypeId: 1,
  queueTypeName: 'AP Invoices',
  documentCount: 2,
  features1: 0,
  features2: 0,
  defaultApproveRequiresNote: false,
  defaultRejectRequiresNote: false,
  approveToQueueId: null,
  rejectToQueueId: null,
  workflowPerms: 0,
};

const DECISION: DocumentDecision = {
  vendorNumber: 'V30000',
  vendorName: 'Northwind Traders',
  invoiceNumber: 'NWT-2025-0097',
  amount: 1234.5,
  currencyCode: 'USD',
  invoiceDate: '2025-05-02',
  dueDate: '2025-06-01',
  cashDiscountDate: '2025-05-30',
  factsState: 'current',
  factsFetchedAt: '2025-05-30T08:00:00.000Z',
  daysInQueue: 3,
  noteCount: 2,
  overdue: true,
  discountExpiresToday: true,
};

const DOCUMENTS: DmsDocument[] = [
  testDocument({
    id: 1,
    name: 'NWT-2025-0097.pdf',
    decision: DECISION,
    lock: { lockExpiration: null, ownLock: false, holder: 'approver2' },
  }),
  testDocument({
    id: 2,
    name: 'LW-5531.pdf',
    decision: {
      ...DECISION,
      vendorName: 'Litware Office',
      vendorNumber: 'V40000',
      factsState: 'stale',
      overdue: false,
      discountExpiresToday: false,
    },
  }),
];

const cellsOf = (grid: HTMLElement, row: number): HTMLElement[] => [
  ...grid.querySelectorAll<HTMLElement>('tbody tr')[row].querySelectorAll<HTMLElement>('[role="gridcell"]'),
];
const headers = (grid: HTMLElement): string[] => [...grid.querySelectorAll('thead th')].map((cell) => cell.textContent ?? '');

describe('the decision columns of a queue', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    // The inline viewer warns that pdf.js cannot start in jsdom; that is not what this test is about.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  const routes = (requests: RecordedRequest[] = []) => ({
    'GET /api/options': () => [],
    'GET /api/queues/12/workflow': (request: RecordedRequest): QueueDocumentsPage => {
      requests.push(request);
      return { queue: QUEUE, documents: DOCUMENTS, total: 2, skip: 0, take: 30 };
    },
    'GET /api/documents/1/access': () => ({}),
    'GET /api/documents/2/access': () => ({}),
  });
  /** Every option column shown, as a user who ticked them all in the Columns menu has it. */
  const ALL_SHOWN = { workflowColumnOverrides: JSON.stringify({ widths: {}, sort: null, hidden: [] }) };

  it('leads with vendor, invoice number, amount and due date, and shows only those until the user picks more', async () => {
    const { local } = renderApp('/portal/workflow/queues/12/documents', routes());
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr').length).toBe(2));
    expect(headers(grid)).toEqual(['Name', 'Vendor', 'Invoice No.', 'Amount', 'Due date']);
    // The due date comes first and "Overdue" after it, so the marker never hides the date.
    const due = cellsOf(grid, 0)[4];
    expect(due.textContent).toBe('Jun 1, 2025Overdue');
    expect(due.getAttribute('title')).toBe('Jun 1, 2025 Overdue');

    // The Columns menu: its trigger is a native button (Enter and Space click it) and Space ticks a
    // column (walking the menu with the arrows is tabster's, which jsdom does not lay out: the
    // browser test datesAndFinding.test.ts walks it).
    const trigger = screen.getByRole('button', { name: 'Columns' });
    expect(trigger.tagName).toBe('BUTTON');
    fireEvent.click(trigger);
    const items = await screen.findAllByRole('menuitemcheckbox');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Vendor', 'true'],
      ['Invoice No.', 'true'],
      ['Amount', 'true'],
      ['Due date', 'true'],
      ['Invoice date', 'false'],
      ['Discount until', 'false'],
      ['Days in queue', 'false'],
      ['Locked by', 'false'],
      ['Notes', 'false'],
      ['Queue', 'false'],
      ['Created', 'false'],
    ]);
    items[6].focus();
    expect(document.activeElement?.textContent).toBe('Days in queue');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: ' ' });
    fireEvent.keyUp(document.activeElement as HTMLElement, { key: ' ' });
    await waitFor(() => expect(headers(grid)).toEqual(['Name', 'Vendor', 'Invoice No.', 'Amount', 'Due date', 'Days in queue']));
    // Remembered in the preferences store: only the columns left unticked are hidden.
    const stored = JSON.parse(local.getItem('workflowColumnOverrides') ?? '{}') as { hidden?: string[] };
    expect(stored.hidden).toEqual(['invoiceDate', 'cashDiscountDate', 'lockHolder', 'noteCount', 'queueName', 'createdAt']);
  });

  it('opens with the columns the user chose last time', async () => {
    renderApp('/portal/workflow/queues/12/documents', routes(), {
      local: { workflowColumnOverrides: JSON.stringify({ widths: {}, sort: null, hidden: ['amount', 'invoiceDate', 'createdAt'] }) },
    });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr').length).toBe(2));
    expect(headers(grid)).toEqual([
      'Name',
      'Vendor',
      'Invoice No.',
      'Due date',
      'Discount until',
      'Days in queue',
      'Locked by',
      'Notes',
      'Queue',
    ]);
  });

  it('shows vendor, invoice, amount in its currency, dates with overdue and discount markers (icon and words), days, lock holder and notes; sorts on the server', async () => {
    const requests: RecordedRequest[] = [];
    renderApp('/portal/workflow/queues/12/documents', routes(requests), { local: ALL_SHOWN });
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr').length).toBe(2));
    expect(headers(grid)).toEqual([
      'Name',
      'Vendor',
      'Invoice No.',
      'Amount',
      'Due date',
      'Invoice date',
      'Discount until',
      'Days in queue',
      'Locked by',
      'Notes',
      'Queue',
      'Created',
    ]);

    const first = cellsOf(grid, 0).map((cell) => cell.textContent);
    expect(first.slice(0, 4)).toEqual(['NWT-2025-0097.pdf', 'Northwind Traders (V30000)', 'NWT-2025-0097', '$1,234.50']);
    expect(first[4]).toBe('Jun 1, 2025Overdue');
    expect(first[5]).toBe('May 2, 2025');
    expect(first[6]).toBe('May 30, 2025Discount ends today');
    expect(first.slice(7, 10)).toEqual(['3 days', 'approver2', '2']);
    // Markers are an icon and words, not colour alone.
    const overdue = cellsOf(grid, 0)[4].querySelector('[data-marker="overdue"]');
    expect(overdue?.querySelector('svg')).not.toBeNull();
    expect(overdue?.textContent).toBe('Overdue');
    expect(cellsOf(grid, 0)[4].getAttribute('title')).toBe('Jun 1, 2025 Overdue');

    // Facts the ERP could not refresh say so in words in the vendor cell.
    const staleVendor = cellsOf(grid, 1)[1];
    expect(staleVendor.querySelector('[data-marker="stale"]')?.textContent).toMatch(/^ERP unreachable: facts from /);
    expect(staleVendor.textContent).toContain('Litware Office (V40000)');
    expect(cellsOf(grid, 1)[4].querySelector('[data-marker]')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Due date' }));
    await waitFor(() => expect(requests.some((request) => request.search.get('sort') === 'dueDate')).toBe(true));
  });

  it('says what the filter looked for when it finds nothing, apart from an empty queue', async () => {
    renderApp('/portal/workflow/queues/12/documents', {
      'GET /api/options': () => [],
      'GET /api/queues/12/workflow': (request: RecordedRequest): QueueDocumentsPage => {
        const q = request.search.get('q') ?? '';
        return { queue: QUEUE, documents: q === '' ? DOCUMENTS : [], total: q === '' ? 2 : 0, skip: 0, take: 30 };
      },
      'GET /api/documents/1/access': () => ({}),
      'GET /api/documents/2/access': () => ({}),
    });
    await screen.findByRole('grid', { name: 'Approval L1 documents' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter documents' }), { target: { value: 'V99999' } });
    expect(await screen.findByText('No documents match "V99999" in this queue')).toBeTruthy();
    expect(screen.queryByText('No documents in this queue')).toBeNull();
  });
});
