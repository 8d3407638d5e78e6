import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WorkflowQueue, WorkflowQueueType, WorkflowRoot } from '../../model';
import { renderApp, type RecordedRequest } from '../test/renderApp';

/** A queue as the structure calls list it. */
export function testQueue(id: number, name: string, documentCount: number, fields: Partial<WorkflowQueue> = {}): WorkflowQueue {
  return {
    id,
    name,
    enabled: true,
    queueTypeId: 1,
    queueTypeName: 'AP Invoices',
    documentCount,
    features1: 0,
    features2: 0,
    defaultApproveRequiresNote: false,
    defaultRejectRequiresNote: false,
    approveToQueueId: null,
    rejectToQueueId: null,
    workflowPerms: 0,
    ...fields,
  };
}

const QUEUES = [testQueue(10, 'AP Inbox', 2), testQueue(11, 'Coding', 0), testQueue(12, 'Approval L1', 3)];
const AP: WorkflowQueueType = { id: 1, name: 'AP Invoices', enabled: true, documentCount: 5, queues: QUEUES };
const EMPTY_TYPE: WorkflowQueueType = {
  id: 2,
  name: 'Contracts',
  enabled: true,
  documentCount: 0,
  queues: [testQueue(20, 'Contracts Inbox', 0, { queueTypeId: 2, queueTypeName: 'Contracts' })],
};

/** The server's hideEmpty: drops empty queues, then types left with none (docs/API.md). */
function workflowRoot(request: RecordedRequest): WorkflowRoot {
  const hide = request.search.get('hideEmpty') === 'true';
  const types = [AP, EMPTY_TYPE].map((type) => ({
    ...type,
    queues: hide ? type.queues.filter((queue) => queue.documentCount > 0) : type.queues,
  }));
  return { queueTypes: hide ? types.filter((type) => type.queues.length > 0) : types };
}

const routes = {
  'GET /api/options': () => [],
  'GET /api/workflow-root': workflowRoot,
  'GET /api/queue-types/1/workflow': () => AP,
};

describe('workflow root and redirects', () => {
  it('lists the queue types with their queues, empty ones shown until the switch hides them (and remembers it)', async () => {
    const app = renderApp('/portal/workflow/auto', routes);
    const inbox = await screen.findByRole('link', { name: /^AP Inbox/ });
    expect(inbox.getAttribute('href')).toBe('/portal/workflow/queues/10/documents');
    expect(screen.getByRole('link', { name: /^Coding/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Contracts/ })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'AP Invoices queues' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['AP Inbox, 2 documents', 'Coding, 0 documents', 'Approval L1, 3 documents']);
    expect(app.requests.find((request) => request.path === '/api/workflow-root')?.search.get('hideEmpty')).toBe('false');

    const hide = screen.getByRole('switch', { name: 'Hide empty queues' }) as HTMLInputElement;
    expect(hide.checked).toBe(false);
    fireEvent.click(hide);
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Coding/ })).toBeNull());
    expect(screen.queryByRole('heading', { name: /Contracts/ })).toBeNull();
    expect(screen.getByRole('link', { name: /^Approval L1/ })).toBeTruthy();
    expect(app.local.getItem('workflowHideEmptyQueues')).toBe('true');
  });

  it('goes from /workflow through /workflow2 to the workflow root, keeping the query', async () => {
    renderApp('/workflow?dataAreaId=CRONUS', routes);
    await screen.findByRole('link', { name: /^AP Inbox/ });
    expect(window.location.pathname).toBe('/portal/workflow/auto');
    expect(window.location.search).toBe('?dataAreaId=CRONUS');
  });

  it('returns /workflow2 to the last stored workflow route, then forgets it', async () => {
    const app = renderApp('/workflow2?dataAreaId=CRONUS', routes, { session: { lastRoute: '/workflow2/queue-types/1/queues' } });
    await screen.findByRole('heading', { name: 'AP Invoices', level: 1 });
    expect(window.location.pathname).toBe('/workflow2/queue-types/1/queues');
    // The queue type's screen links within the responsive view and back to its root.
    expect(screen.getByRole('link', { name: /^Approval L1/ }).getAttribute('href')).toBe('/workflow2/queues/12/documents');
    expect(screen.getByRole('link', { name: 'Workflow' }).getAttribute('href')).toBe('/workflow2/auto');
    expect(app.services.lastRoute.get()).toBe('/workflow2/queue-types/1/queues');
  });

  it('ignores a stored route that is not a workflow screen', async () => {
    renderApp('/workflow2', routes, { session: { lastRoute: '/folders' } });
    await screen.findByRole('link', { name: /^AP Inbox/ });
    expect(window.location.pathname).toBe('/portal/workflow/auto');
  });

  it('says per queue how many documents are due within 3 days, as the server counted them', async () => {
    const due: WorkflowQueueType = {
      ...AP,
      queues: [testQueue(10, 'AP Inbox', 2, { dueSoonCount: 2 }), testQueue(12, 'Approval L1', 3, { dueSoonCount: 0 })],
    };
    renderApp('/portal/workflow/auto', { ...routes, 'GET /api/workflow-root': () => ({ queueTypes: [due] }) });
    const inbox = await screen.findByRole('link', { name: 'AP Inbox, 2 documents, 2 due within 3 days' });
    expect(inbox.textContent).toContain('2 due within 3 days');
    expect(inbox.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Approval L1, 3 documents' }).textContent).not.toContain('due within');
  });

  it('says apart how many documents are overdue and how many fall due within 3 days', async () => {
    const due: WorkflowQueueType = {
      ...AP,
      queues: [
        testQueue(10, 'AP Inbox', 9, { overdueCount: 5, dueSoonCount: 1 }),
        testQueue(12, 'Approval L1', 3, { overdueCount: 3, dueSoonCount: 0 }),
      ],
    };
    renderApp('/portal/workflow/auto', { ...routes, 'GET /api/workflow-root': () => ({ queueTypes: [due] }) });
    const inbox = await screen.findByRole('link', { name: 'AP Inbox, 9 documents, 5 overdue, 1 due within 3 days' });
    expect(inbox.querySelector('[data-count="overdue"]')?.textContent).toBe('5 overdue');
    expect(inbox.querySelector('[data-count="dueSoon"]')?.textContent).toBe('1 due within 3 days');
    // Only overdue documents: no "due within 3 days" at all.
    const approval = screen.getByRole('link', { name: 'Approval L1, 3 documents, 3 overdue' });
    expect(approval.textContent).not.toContain('due within');
  });

  it('lists the queue types on their own screen', async () => {
    renderApp('/portal/workflow/queue-types', routes);
    const link = await screen.findByRole('link', { name: 'AP Invoices, 5 documents' });
    expect(link.getAttribute('href')).toBe('/portal/workflow/queue-types/1/queues');
  });
});
