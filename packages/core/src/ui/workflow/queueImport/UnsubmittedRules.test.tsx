import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  FEATURES1,
  WORKFLOW_PERMS,
  type DmsDocument,
  type DocumentAccess,
  type QueueDocumentsPage,
  type WorkflowQueue,
} from '../../../model';
import { MESSAGES } from '../../../rules';
import { renderApp, testDocument, type FakeRoute, type RecordedRequest } from '../../test/renderApp';

const PERMS = WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.reject | WORKFLOW_PERMS.route;
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

function inboxQueue(features1: number): WorkflowQueue {
  return {
    id: 12,
    name: 'AP Inbox',
    enabled: true,
    queueTypeId: 1,
    queueTypeName: 'AP Invoices',
    documentCount: 1,
    features1,
    features2: 0,
    defaultApproveRequiresNote: false,
    defaultRejectRequiresNote: false,
    approveToQueueId: 13,
    rejectToQueueId: 15,
    workflowPerms: PERMS,
  };
}

function unsubmitted(queue: WorkflowQueue): DmsDocument {
  return testDocument({
    id: 1,
    name: 'inv-1.pdf',
    rowVersion: 10,
    workflowPerms: PERMS,
    hasAvailableRoutes: true,
    queueName: queue.name,
    submitted: false,
    queue: { id: queue.id, name: queue.name, queueTypeId: 1, queueTypeName: queue.queueTypeName, features1: queue.features1, features2: 0 },
    link: { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 1 },
  });
}

function services(queue: WorkflowQueue, extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  const doc = unsubmitted(queue);
  return {
    'GET /api/options': () => [],
    'GET /api/workflow-root': () => ({ queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: 1, queues: [queue] }] }),
    'GET /api/queues/12/workflow': (): QueueDocumentsPage => ({ queue, documents: [doc], total: 1, skip: 0, take: 30 }),
    'GET /api/documents/1/access': () => ACCESS,
    ...extra,
  };
}

/**
 * Selects the one document and waits until the toolbar acts on it (its access is read: Reject,
 * which it allows, is on). The wait starts in the same tick as the click: the link actions
 * (Push Link) mount with the selection and read the host's context, whose answer lands a
 * microtask later, and must land while testing-library waits, not outside act().
 */
async function selectTheDocument(): Promise<HTMLElement> {
  const grid = await screen.findByRole('grid', { name: 'AP Inbox documents' });
  await waitFor(() => expect(grid.querySelectorAll('tbody tr')).toHaveLength(1));
  fireEvent.click(grid.querySelectorAll<HTMLElement>('tbody tr')[0]);
  const toolbar = screen.getByRole('toolbar', { name: 'Workflow actions' });
  await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Reject' }).getAttribute('aria-disabled')).not.toBe('true'));
  return toolbar;
}

describe('Warn/Block unsubmitted in the queue documents screen', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    // The inline viewer warns that pdf.js cannot start in jsdom.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('Block bits disable Approve and Route with the reason', async () => {
    renderApp(
      '/portal/workflow/queues/12/documents',
      services(inboxQueue(FEATURES1.BlockApproveUnsubmitted | FEATURES1.BlockRouteUnsubmitted)),
    );
    const toolbar = await selectTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Queue status' }).textContent).toContain(MESSAGES.documentSubmissionRequired),
    );
    expect(['Approve', 'Route'].map((name) => within(toolbar).getByRole('button', { name }).getAttribute('aria-disabled'))).toEqual([
      'true',
      'true',
    ]);
    expect(within(toolbar).getByRole('button', { name: 'Reject' }).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('a Warn bit asks to confirm the approval of an unsubmitted document, then approves', async () => {
    const approvals: RecordedRequest[] = [];
    renderApp(
      '/portal/workflow/queues/12/documents',
      services(inboxQueue(FEATURES1.WarnApproveUnsubmitted), {
        'PUT /api/documents/approval': (request) => {
          approvals.push(request);
          return { documents: [{ id: 1, queueId: 13, rowVersion: 11 }] };
        },
      }),
    );
    const toolbar = await selectTheDocument();
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(MESSAGES.unsubmittedDocumentWarning);
    expect(approvals).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve', hidden: true }));
    await waitFor(() => expect(approvals).toHaveLength(1));
  });
});
