import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FEATURES1, WORKFLOW_PERMS, encodeDocumentId, type ApprovalStep, type DmsDocument, type WorkflowQueue } from '../../../model';
import { MESSAGES } from '../../../rules';
import { FakeResponse } from '../../test/FakeResponse';
import { testDocument, type FakeRoute, type RecordedRequest } from '../../test/renderApp';
import { renderRoute } from '../../test/renderRoute';
import { ApprovalRoutesScreen } from './ApprovalRoutesScreen';

const PATTERN = '/approval-routes/:docId';
const PATH = `/approval-routes/${encodeDocumentId(7)}?dataAreaId=CRONUS`;
const NAMES: Record<number, string> = { 13: 'Approval L1', 14: 'Approval L2', 15: 'Finance' };

function queue(id: number): WorkflowQueue {
  return {
    id,
    name: NAMES[id],
    enabled: true,
    queueTypeId: 3,
    queueTypeName: 'AP Invoices',
    documentCount: 0,
    features1: 0,
    features2: 0,
    defaultApproveRequiresNote: false,
    defaultRejectRequiresNote: false,
    approveToQueueId: null,
    rejectToQueueId: null,
    workflowPerms: 0,
  };
}

function document(workflowPerms: number): DmsDocument {
  return testDocument({
    id: 7,
    name: 'invoice.pdf',
    workflowPerms,
    queue: { id: 12, name: 'Coding', queueTypeId: 3, queueTypeName: 'AP Invoices', features1: FEATURES1.WorkflowRoute, features2: 0 },
  });
}

/** A small in-memory approval list with the contract's set semantics (append, replace, remove and renumber). */
function approvalServer(initial: { queueId: number; approvedBy?: string }[], workflowPerms: number = WORKFLOW_PERMS.approve) {
  let list = initial.map((item) => ({ queueId: item.queueId, approvedBy: item.approvedBy ?? null }));
  const steps = (): ApprovalStep[] => {
    const current = list.findIndex((item) => item.approvedBy === null);
    return list.map((item, index) => ({
      step: index + 1,
      queueId: item.queueId,
      queueName: NAMES[item.queueId],
      approvedBy: item.approvedBy,
      approvedAt: item.approvedBy === null ? null : '2025-05-30T10:00:00Z',
      current: index === current,
    }));
  };
  const put =
    (step: number): FakeRoute =>
    (request: RecordedRequest) => {
      const { queueId } = request.body as { queueId: number | null };
      if (queueId === null) list = list.filter((_item, index) => index !== step - 1);
      else if (step === list.length + 1) list = [...list, { queueId, approvedBy: null }];
      else list = list.map((item, index) => (index === step - 1 ? { ...item, queueId } : item));
      return steps();
    };
  const routes: Record<string, FakeRoute> = {
    'GET /api/documents/7': () => document(workflowPerms),
    'GET /api/documents/7/approvals': () => steps(),
    'GET /api/workflow/queues/12/routes/approval': () => [queue(13), queue(14), queue(15)],
  };
  for (let step = 1; step <= 5; step++) routes[`PUT /api/v2/documents/7/approvals/${step}`] = put(step);
  return { routes, queueIds: () => list.map((item) => item.queueId) };
}

const puts = (requests: RecordedRequest[]): string[] =>
  requests.filter((r) => r.method === 'PUT').map((r) => `${r.path} ${JSON.stringify(r.body)}`);

const stepTexts = (): string[] =>
  within(screen.getByRole('list', { name: /Approval list/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe('ApprovalRoutesScreen', () => {
  it('lists the steps with approved (who), current and pending', async () => {
    const server = approvalServer([{ queueId: 13, approvedBy: 'approver' }, { queueId: 14 }, { queueId: 15 }]);
    renderRoute(PATH, PATTERN, <ApprovalRoutesScreen />, server.routes);
    await screen.findByRole('list', { name: 'Approval list – invoice.pdf' });
    const texts = stepTexts();
    expect(texts[0]).toMatch(/^1\. Approval L1Approved by approver on .+Approved$/);
    expect(texts[1]).toMatch(/^2\. Approval L2Current$/);
    expect(texts[2]).toMatch(/^3\. FinancePending$/);
    expect(screen.getAllByRole('listitem')[1].getAttribute('aria-current')).toBe('step');
    // An approved step cannot change.
    expect(screen.queryByRole('button', { name: 'Remove step 1 (Approval L1)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move step 2 (Approval L2) up' }).hasAttribute('disabled')).toBe(true);
  });

  it('adds a step at the end from the approval route queues', async () => {
    const server = approvalServer([{ queueId: 13 }]);
    const app = renderRoute(PATH, PATTERN, <ApprovalRoutesScreen />, server.routes);
    const select = await screen.findByRole('combobox', { name: 'Approval queue' });
    fireEvent.change(select, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    await waitFor(() => expect(stepTexts()).toHaveLength(2));
    expect(stepTexts()[1]).toMatch(/^2\. Finance/);
    expect(puts(app.requests)).toEqual(['/api/v2/documents/7/approvals/2 {"queueId":15}']);
  });

  it('removes a pending step and moves one up by re-setting the two steps', async () => {
    const server = approvalServer([{ queueId: 13, approvedBy: 'approver' }, { queueId: 14 }, { queueId: 15 }, { queueId: 13 }]);
    const app = renderRoute(PATH, PATTERN, <ApprovalRoutesScreen />, server.routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Move step 3 (Finance) up' }));
    await waitFor(() => expect(server.queueIds()).toEqual([13, 15, 14, 13]));
    await waitFor(() => expect(stepTexts()[1]).toMatch(/^2\. Finance/));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove step 4 (Approval L1)' }));
    await waitFor(() => expect(stepTexts()).toHaveLength(3));
    expect(puts(app.requests)).toEqual([
      '/api/v2/documents/7/approvals/2 {"queueId":15}',
      '/api/v2/documents/7/approvals/3 {"queueId":14}',
      '/api/v2/documents/7/approvals/4 {"queueId":null}',
    ]);
  });

  it('is read-only for a caller without Approve or Route on the queue', async () => {
    const server = approvalServer([{ queueId: 13 }], WORKFLOW_PERMS.accessDocs);
    const app = renderRoute(PATH, PATTERN, <ApprovalRoutesScreen />, server.routes);
    expect(await screen.findByText('You can see this approval list but not change it.')).toBeTruthy();
    expect(stepTexts()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove step/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add step' })).toBeNull();
    expect(app.requests.some((r) => r.path.includes('/routes/approval'))).toBe(false);
  });

  it('shows the empty state and still offers to add the first step', async () => {
    renderRoute(PATH, PATTERN, <ApprovalRoutesScreen />, approvalServer([]).routes);
    expect(await screen.findByText('This document has no approval steps yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add step' })).toBeTruthy();
  });

  it("shows the server's refusal and the list as it stands", async () => {
    const server = approvalServer([{ queueId: 13 }]);
    server.routes['PUT /api/v2/documents/7/approvals/1'] = () =>
      FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.documentLockedByOther }, 409);
    renderRoute(PATH, PATTERN, <ApprovalRoutesScreen />, server.routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove step 1 (Approval L1)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.documentLockedByOther);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove step 1 (Approval L1)' }).hasAttribute('disabled')).toBe(false));
    expect(stepTexts()).toHaveLength(1);
  });

  it('refuses a document id that is not encoded', async () => {
    const app = renderRoute('/approval-routes/7', PATTERN, <ApprovalRoutesScreen />, {});
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.documentNotFound);
    expect(app.requests).toEqual([]);
  });
});
