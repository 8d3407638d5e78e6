import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { WORKFLOW_PERMS, encodeDocumentId, type DmsDocument, type DocumentAccess, type WorkflowQueue } from '@datahaven/core';
import { app } from '@microsoft/teams-js';
import { startTeams } from './startTeams';
import { TeamsApp } from './TeamsApp';
import { productToken } from './test/productToken';
import { mockedGetAuthToken } from './test/mockedGetAuthToken';
import { json, serverStandIn, text, type StandInRoute } from './test/serverStandIn';

jest.mock('@microsoft/teams-js', () => jest.requireActual<typeof import('./test/teamsJsMock')>('./test/teamsJsMock').teamsJsMock());

const SETTINGS = {
  clientId: '22222222-2222-4222-8222-222222222222',
  authority: 'http://127.0.0.1:3000/demo/entra',
  tenantIds: ['11111111-1111-4111-8111-111111111111'],
  scopes: ['api://127.0.0.1:3000/22222222-2222-4222-8222-222222222222/access_as_user'],
  hostOrigins: ['http://127.0.0.1:3000'],
  teamsAppId: '33333333-3333-4333-8333-333333333333',
};

const APPROVER_PERMS = WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.approve | WORKFLOW_PERMS.reject | WORKFLOW_PERMS.route;

const QUEUE: WorkflowQueue = {
  id: 12,
  name: 'Approval L1',
  enabled: true,
  queueTypeId: 1,
  queueTypeName: 'AP Invoices',
  documentCount: 1,
  features1: 0,
  features2: 0,
  defaultApproveRequiresNote: false,
  defaultRejectRequiresNote: false,
  approveToQueueId: 13,
  rejectToQueueId: 15,
  workflowPerms: APPROVER_PERMS,
};

/** The one document of the queue, whose approval list the user may open. */
const DOCUMENT: DmsDocument = {
  id: 1,
  name: 'inv-1.pdf',
  description: '',
  extension: 'pdf',
  FileSize: 12_600,
  mediaType: 'application/pdf',
  totalPages: 1,
  splittable: false,
  link: null,
  lock: null,
  userLock: 'none',
  queueName: QUEUE.name,
  workflowPerms: APPROVER_PERMS,
  queue: { id: QUEUE.id, name: QUEUE.name, queueTypeId: QUEUE.queueTypeId, queueTypeName: QUEUE.queueTypeName, features1: 0, features2: 0 },
  workflowModifiers: {
    approvalRouteRequired: false,
    blockApproveUnlinked: false,
    noRoutes: false,
    blockRouteUnlinked: false,
    warnRouteUnlinked: false,
    quickLink: false,
  },
  hasApprovalRoutes: true,
  hasAvailableRoutes: true,
  canApprovalRoutes: true,
  canRouteForApprovalFromRecord: false,
  userString: '',
  userDate: null,
  subtype: null,
  type: 'Vendor',
  rowVersion: 10,
  createdAt: '2025-05-30T10:00:00Z',
  createdBy: 'clerk',
  modifiedAt: '2025-05-30T10:00:00Z',
};

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

/** The server: settings, the token exchange, the queue and the document's approval list. */
function server(): ReturnType<typeof serverStandIn> {
  const routes: Record<string, StandInRoute> = {
    '/api/integration/teams/settings': () => json(SETTINGS),
    '/api/token/user': (request) =>
      request.authorization === 'Bearer entra-token' ? text(productToken(Date.now() + 3_600_000)) : text('Wrong token.', 401),
    '/api/options': () => json([]),
    '/api/workflow-root': () => json({ queueTypes: [{ id: 1, name: 'AP Invoices', enabled: true, documentCount: 1, queues: [QUEUE] }] }),
    '/api/queues/12/workflow': () => json({ queue: QUEUE, documents: [DOCUMENT], total: 1, skip: 0, take: 30 }),
    '/api/documents/1/access': () => json(ACCESS),
    '/api/documents/1': () => json(DOCUMENT),
    '/api/documents/1/approvals': () =>
      json([{ step: 1, queueId: 12, queueName: 'Approval L1', approvedBy: null, approvedAt: null, current: true }]),
    '/api/workflow/queues/12/routes/approval': () => json([]),
  };
  return serverStandIn(routes);
}

describe('the tab’s approval list', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.restoreAllMocks();
    // The inline viewer warns that pdf.js cannot start in jsdom; that is not what this test is about.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('opens inside the tab (no popup: it would lack the Teams sign-in) and Back returns to the queue', async () => {
    window.history.replaceState(null, '', '/teams/queues/12');
    jest.spyOn(window, 'parent', 'get').mockReturnValue({} as Window);
    jest.mocked(app.initialize).mockResolvedValue();
    jest.mocked(app.getContext).mockResolvedValue({
      app: { theme: 'default', locale: 'en-us', host: { name: 'Teams', clientType: 'web' } },
      page: { id: 'datahaven-queue-12', frameContext: 'content' },
      user: { loginHint: 'approver@contoso.example', tenant: { id: SETTINGS.tenantIds[0] } },
    } as unknown as app.Context);
    mockedGetAuthToken().mockResolvedValue('entra-token');
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);

    render(<TeamsApp start={startTeams(window, { fetch: server().fetch })} origin="http://127.0.0.1:3000" />);
    const grid = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr')).toHaveLength(1));
    fireEvent.click(grid.querySelector('tbody tr') as HTMLElement);
    const button = screen.getByRole('button', { name: 'Approval list' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);

    expect(await screen.findByRole('heading', { name: 'Approval list – inv-1.pdf' })).toBeTruthy();
    expect(window.location.pathname).toBe(`/teams/approval-routes/${encodeDocumentId(1)}`);
    expect(await screen.findByText(/Approval L1/)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();

    // Back is a real button (keyboard: Tab to it, Enter), and returns to the queue with the document still selected.
    const back = screen.getByRole('button', { name: 'Back' });
    back.focus();
    expect(document.activeElement).toBe(back);
    fireEvent.click(back);
    const again = await screen.findByRole('grid', { name: 'Approval L1 documents' });
    expect(window.location.pathname).toBe('/teams/workflow2/queues/12/documents');
    await waitFor(() => expect(again.querySelector('tbody tr[aria-selected="true"]')).not.toBeNull());
  });
});
