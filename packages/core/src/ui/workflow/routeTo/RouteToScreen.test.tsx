import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  FEATURES1,
  WORKFLOW_PERMS,
  type DmsDocument,
  type DocumentLink,
  type DocumentQueue,
  type RouteTargets,
  type WorkflowQueue,
} from '../../../model';
import { MESSAGES } from '../../../rules';
import { FakeResponse } from '../../test/FakeResponse';
import { testDocument, type FakeRoute } from '../../test/renderApp';
import { renderRoute } from '../../test/renderRoute';
import { RouteToScreen, windowRowVersions } from './RouteToScreen';

const PATTERN = '/portal/workflow/queues/:queueId/documents/route';
const LINK: DocumentLink = { dataAreaId: 'CRONUS', sourceTableId: 23, sourceType: 0, sourceNumber: 'V10000', recordId: 'r1', sitId: 0 };

function sourceQueue(features1 = 0): DocumentQueue {
  return { id: 12, name: 'Coding', queueTypeId: 3, queueTypeName: 'AP Invoices', features1, features2: 0 };
}

function queue(id: number, name: string, fields: Partial<WorkflowQueue> = {}): WorkflowQueue {
  return {
    id,
    name,
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
    ...fields,
  };
}

function routable(id: number, fields: Partial<DmsDocument> = {}): DmsDocument {
  return testDocument({
    id,
    name: `invoice-${id}.pdf`,
    queue: sourceQueue(),
    queueName: 'Coding',
    workflowPerms: WORKFLOW_PERMS.route,
    hasAvailableRoutes: true,
    link: LINK,
    rowVersion: id - 4,
    ...fields,
  });
}

const TARGETS: RouteTargets = {
  queueTypes: [
    { id: 3, name: 'AP Invoices' },
    { id: 4, name: 'Credit Notes' },
  ],
  queues: [queue(13, 'Approval L1'), queue(10, 'AP Inbox'), queue(20, 'Credit Review', { queueTypeId: 4, queueTypeName: 'Credit Notes' })],
};

function routes(documents: DmsDocument[], targets: RouteTargets, route: FakeRoute = () => ({ documents: [] })): Record<string, FakeRoute> {
  return {
    'GET /api/documents': (request) => documents.filter((doc) => request.search.getAll('docId[]').includes(String(doc.id))),
    'GET /api/documents/routes': () => targets,
    'PUT /api/documents/route': route,
  };
}

const routeButton = (): HTMLButtonElement => screen.getByRole('button', { name: 'Route' });

describe('RouteToScreen', () => {
  it('lists the targets by queue type, filters them, and routes with the window queue and row versions', async () => {
    const app = renderRoute(
      '/portal/workflow/queues/12/documents/route?docId=7&docId=8&queueTypeId=3',
      PATTERN,
      <RouteToScreen />,
      routes([routable(7), routable(8)], TARGETS),
    );
    expect(await screen.findByRole('heading', { name: 'Route To ...' })).toBeTruthy();
    const apGroup = await screen.findByRole('radiogroup', { name: 'AP Invoices queues' });
    expect(
      within(apGroup)
        .getAllByRole('radio')
        .map((radio) => radio.closest('span')?.textContent ?? ''),
    ).toEqual(['Approval L1', 'AP Inbox']);
    expect(screen.getByRole('radiogroup', { name: 'Credit Notes queues' })).toBeTruthy();
    expect(routeButton().disabled).toBe(true);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter queues' }), { target: { value: 'approval' } });
    expect(screen.queryByRole('radiogroup', { name: 'Credit Notes queues' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'AP Inbox' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Approval L1' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Coded to 5410' } });
    fireEvent.click(routeButton());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/portal/workflow/queues/12/documents?queueTypeId=3'));
    const put = app.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ docId: [7, 8], rowConflictIds: [3, 4], expectedQueueId: 12, note: 'Coded to 5410', to: 13 });
    const targetsCall = app.requests.find((r) => r.path === '/api/documents/routes');
    expect(targetsCall?.search.getAll('docId[]')).toEqual(['7', '8']);
    expect(targetsCall?.search.get('queueTypeId')).toBe('3');
  });

  it("shows 'No Routes Available' when the server lists no target", async () => {
    const app = renderRoute(
      '/workflow2/queues/12/documents/route?docId=7',
      PATTERN.replace('/portal/workflow', '/workflow2'),
      <RouteToScreen />,
      routes([routable(7)], { queues: [], queueTypes: [] }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.noRoutesAvailable);
    expect(routeButton().disabled).toBe(true);
    expect(app.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("blocks with 'Document Link Required' when the source queue blocks unlinked routing", async () => {
    const unlinked = routable(7, { link: null, queue: sourceQueue(FEATURES1.BlockRouteUnlinked) });
    renderRoute('/portal/workflow/queues/12/documents/route?docId=7', PATTERN, <RouteToScreen />, routes([unlinked], TARGETS));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.documentLinkRequired);
    expect(screen.queryByRole('radio', { name: 'Approval L1' })).toBeNull();
    expect(routeButton().disabled).toBe(true);
  });

  it('asks for the note the source queue requires, in the spec words, before sending', async () => {
    const app = renderRoute(
      '/portal/workflow/queues/12/documents/route?docId=7',
      PATTERN,
      <RouteToScreen />,
      routes([routable(7, { queue: sourceQueue(FEATURES1.RouteFromNoteRequired) })], TARGETS),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'AP Inbox' }));
    fireEvent.click(routeButton());
    expect((await screen.findAllByText('A note is required to route the selected documents from the queue Coding')).length).toBeGreaterThan(
      0,
    );
    expect(app.requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /Note/ }), { target: { value: 'Back to the inbox: wrong vendor' } });
    fireEvent.click(routeButton());
    await waitFor(() => expect(app.requests.some((r) => r.method === 'PUT')).toBe(true));
  });

  it('names the target queue when the target requires the note', async () => {
    const targets = { ...TARGETS, queues: [queue(13, 'Approval L1', { features1: FEATURES1.RouteToNoteRequired })] };
    renderRoute('/portal/workflow/queues/12/documents/route?docId=7', PATTERN, <RouteToScreen />, routes([routable(7)], targets));
    fireEvent.click(await screen.findByRole('radio', { name: 'Approval L1' }));
    fireEvent.click(routeButton());
    expect(
      (await screen.findAllByText('A note is required to route the selected documents to the queue Approval L1')).length,
    ).toBeGreaterThan(0);
  });

  it('refuses a note over 4000 characters', async () => {
    renderRoute('/portal/workflow/queues/12/documents/route?docId=7', PATTERN, <RouteToScreen />, routes([routable(7)], TARGETS));
    fireEvent.click(await screen.findByRole('radio', { name: 'Approval L1' }));
    expect(routeButton().disabled).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'x'.repeat(4001) } });
    expect(screen.getByText(MESSAGES.noteTooLong)).toBeTruthy();
    expect(screen.getByText('4001 / 4000')).toBeTruthy();
    expect(routeButton().disabled).toBe(true);
  });

  it('shows the out-of-sync message on 409 and Cancel goes back to the queue', async () => {
    const conflict = () => FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.queueOutOfSync }, 409);
    renderRoute(
      '/workflow2/queues/12/documents/route?docId=7',
      '/workflow2/queues/:queueId/documents/route',
      <RouteToScreen />,
      routes([routable(7)], TARGETS, conflict),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Approval L1' }));
    fireEvent.click(routeButton());
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.documentMovedQueue);
    expect(routeButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/workflow2/queues/12/documents'));
  });

  it('shows the out-of-sync message without sending when a document is no longer in the queue of the window', async () => {
    const app = renderRoute(
      '/portal/workflow/queues/12/documents/route?docId=7',
      PATTERN,
      <RouteToScreen />,
      routes([routable(7, { queue: { ...sourceQueue(), id: 13, name: 'Approval L1' } })], TARGETS),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.documentMovedQueue);
    expect(routeButton().disabled).toBe(true);
    expect(app.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the out-of-sync message when a document changed since the list window read it (its rowVersion)', async () => {
    const app = renderRoute(
      '/portal/workflow/queues/12/documents/route?docId=7&rowVersion=2',
      PATTERN,
      <RouteToScreen />,
      routes([routable(7)], TARGETS),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.documentMovedQueue);
    expect(routeButton().disabled).toBe(true);
    expect(app.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("sends the list window's row versions as rowConflictIds", async () => {
    const app = renderRoute(
      '/portal/workflow/queues/12/documents/route?docId=7&rowVersion=3&docId=8&rowVersion=4',
      PATTERN,
      <RouteToScreen />,
      routes([routable(7), routable(8)], TARGETS),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Approval L1' }));
    fireEvent.click(routeButton());
    await waitFor(() => expect(app.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(app.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ docId: [7, 8], rowConflictIds: [3, 4] });
  });

  it("shows the server's refusal and stays open", async () => {
    const locked = () => FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.documentLockedByOther }, 409);
    renderRoute('/portal/workflow/queues/12/documents/route?docId=7', PATTERN, <RouteToScreen />, routes([routable(7)], TARGETS, locked));
    fireEvent.click(await screen.findByRole('radio', { name: 'Approval L1' }));
    fireEvent.click(routeButton());
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.documentLockedByOther);
    expect(routeButton().disabled).toBe(false);
  });
});

describe('windowRowVersions', () => {
  it('pairs each docId with the rowVersion at the same position and skips what does not parse', () => {
    expect([...windowRowVersions(['7', '8', 'x', '9'], ['3', 'nope', '5'])]).toEqual([[7, 3]]);
    expect([...windowRowVersions(['7', '8'], ['3', '4'])]).toEqual([
      [7, 3],
      [8, 4],
    ]);
  });
});
