import { screen, waitFor } from '@testing-library/react';
import { WORKFLOW_PERMS, encodeDocumentId, type DocumentRejection } from '../../../model';
import { FakeResponse } from '../../test/FakeResponse';
import { renderApp, testDocument, type FakeRoute, type RecordedRequest } from '../../test/renderApp';

const DOC_ID = 7;
/** The clerk's queue of rejected invoices: routes out, on to the auto-route through Coding. */
const REJECTED = { id: 15, name: 'Rejected', queueTypeName: 'AP Invoices', features1: 0, features2: 0 };
const REJECTION: DocumentRejection = {
  reason: 'Wrong <b>amount</b>',
  rejectedBy: 'Pat Approver',
  rejectedAt: '2026-12-07T09:00:00.000Z',
  fromQueueName: 'Approval L1',
};

beforeAll(() => {
  // jsdom has no object URLs; the image viewer needs them to show the page.
  Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined });
});
afterAll(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** The web services of a PNG in Rejected with `rejection`, and where Send for approval would take it. */
function routes(rejection: DocumentRejection | null, target: { queueId: number; queueName: string } | null): Record<string, FakeRoute> {
  return {
    'GET /api/options': () => [],
    'GET /api/documents/7/view': () => ({
      document: testDocument({
        id: DOC_ID,
        name: 'scan.png',
        mediaType: 'image/png',
        queue: REJECTED,
        queueName: REJECTED.name,
        workflowPerms: WORKFLOW_PERMS.accessDocs | WORKFLOW_PERMS.route,
        hasAvailableRoutes: true,
      }),
      dataUrl: '/api/documents/7/data',
      viewable: true,
    }),
    'GET /api/documents/7/data': () => new FakeResponse('png', 200, 'image/png'),
    'GET /api/can/actions': (request) => request.search.getAll('action[]').map((action) => ({ action, value: false })),
    'GET /api/documents/7/rejection': () => ({ rejection }),
    'GET /api/queues/15/send-for-approval': () => ({
      sendForApproval: target === null ? null : { ...target, passedQueueIds: [14] },
    }),
  };
}

async function openViewer(serverRoutes: Record<string, FakeRoute>): Promise<RecordedRequest[]> {
  await import('../../viewer/ViewerScreen');
  const app = renderApp(`/viewer/${encodeDocumentId(DOC_ID)}`, serverRoutes);
  await screen.findByRole('img', { name: 'scan.png' });
  return app.requests;
}

describe('the viewer screen of a rejected document (issue 38)', () => {
  it('tops the document with the reason as typed, who rejected it, where and when, and names where Send for approval goes', async () => {
    await openViewer(routes(REJECTION, { queueId: 13, queueName: 'Approval L1' }));
    const bar = await screen.findByLabelText('Why this document was rejected');
    expect(bar.textContent).toContain('Rejected: Wrong <b>amount</b>');
    expect(bar.querySelector('b')).toBeNull();
    expect(bar.textContent).toContain('Rejected by Pat Approver in Approval L1 on 2026-12-07');
    const send = await screen.findByRole('button', { name: 'Send for approval to Approval L1' });
    expect(send.textContent).toBe('Send for approval → Approval L1');
  });

  it('shows no bar for a document not rejected into its queue, and no Send for approval where the server names no target', async () => {
    const requests = await openViewer(routes(null, null));
    await waitFor(() =>
      expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(
        expect.arrayContaining(['GET /api/documents/7/rejection', 'GET /api/queues/15/send-for-approval']),
      ),
    );
    // Asked, and answered null: no bar, and no button (one that did not wait for a target would show at once).
    expect(screen.queryByLabelText('Why this document was rejected')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Send for approval/ })).toBeNull();
  });
});
