import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DOCUMENT_ACCESS_FLAGS, type DocumentAccess, type FolderEntry } from '../../model';
import { MESSAGES } from '../../rules';
import { FakeResponse } from '../test/FakeResponse';
import { renderApp, testDocument, testFolder, type FakeRoute } from '../test/renderApp';
import { PUSH_LINK_ITEMS_KEY } from './pushLinkItems';

const PI = '8a4f2e6b-1c9d-4b3a-8e02-000000001003';
/** The ERP page stands on purchase invoice PI-1003. */
const CONTEXT = `?dataAreaId=CRONUS&recordId=${PI}&tableId=38&sitId=2&typeName=bc:Microsoft.NAV.PurchaseHeader`;
const LOCK = { docId: 7, queueId: 3, userId: 1, userName: 'clerk', lockedAt: '2025-06-01T08:00:00Z', expiresAt: '2025-06-01T08:15:00Z' };

const access = (): DocumentAccess => ({
  ...(Object.fromEntries(DOCUMENT_ACCESS_FLAGS.map((flag) => [flag, false])) as unknown as DocumentAccess),
  link: true,
});
const structure = (): FolderEntry[] => [
  testFolder('f1', 'Invoices', [
    {
      type: 'document',
      id: 7,
      name: 'NW-77 invoice.pdf',
      document: testDocument({
        id: 7,
        name: 'NW-77 invoice.pdf',
        link: null,
        rowVersion: 4,
        queue: { id: 3, name: 'AP Inbox', queueTypeName: 'Invoices', features1: 0, features2: 0 },
      }),
    },
  ]),
];

function routes(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /api/options': () => [],
    'GET /api/folder-structure': () => structure(),
    'GET /api/documents/7/access': () => access(),
    'GET /api/can': (request) => ({ action: request.search.get('action'), value: false }),
    'POST /api/locks': () => LOCK,
    'DELETE /api/locks': () => null,
    'PUT /api/documents/7/push-link': () => ({
      link: { dataAreaId: 'CRONUS', sourceTableId: 38, sourceType: 2, sourceNumber: 'PI-1003', recordId: PI, sitId: 2 },
      rowVersion: 5,
    }),
    ...overrides,
  };
}

async function push(): Promise<void> {
  fireEvent.click(await screen.findByRole('treeitem', { name: /^NW-77 invoice\.pdf/ }));
  const action = screen.getByRole('button', { name: 'Push Link' });
  await waitFor(() => expect(action.getAttribute('aria-disabled')).not.toBe('true'));
  fireEvent.click(action);
}

describe('Push Link', () => {
  it('locks the document, keeps the push-link item while it pushes to the record open in the ERP, and the server links and releases the lock', async () => {
    let itemWhilePushing: unknown = null;
    const app = renderApp(
      `/folders${CONTEXT}`,
      routes({
        'PUT /api/documents/7/push-link': (request) => (
          (itemWhilePushing = JSON.parse(app.local.getItem(PUSH_LINK_ITEMS_KEY) ?? 'null')),
          routes()['PUT /api/documents/7/push-link'](request)
        ),
      }),
      { search: CONTEXT },
    );
    await push();
    expect(await screen.findByText(`NW-77 invoice.pdf was linked to the record open in the ERP (${PI}).`)).toBeTruthy();
    expect(itemWhilePushing).toEqual([{ queueId: 3, docId: 7, locked: true }]);
    const calls = app.requests.filter((request) => request.path.includes('/locks') || request.path.endsWith('/push-link'));
    expect(calls.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/locks', 'PUT /api/documents/7/push-link']);
    expect(calls[1].body).toEqual({
      relatedTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      relatedDataAreaId: 'CRONUS',
      relatedRecordId: PI,
      relatedTableId: 38,
      relatedSitId: 2,
      rowConflictId: 4,
      queueId: 3,
      locked: true,
    });
    expect(app.local.getItem(PUSH_LINK_ITEMS_KEY)).toBeNull();
  });

  it("a refusal shows the server's words (the spec's link message), drops the item and gives the lock back", async () => {
    const refusal = FakeResponse.json({ statusCode: 409, exceptionType: 'Conflict', message: MESSAGES.queueOutOfSync }, 409);
    const app = renderApp(`/folders${CONTEXT}`, routes({ 'PUT /api/documents/7/push-link': () => refusal }), { search: CONTEXT });
    await push();
    expect(await screen.findByText(MESSAGES.queueOutOfSync)).toBeTruthy();
    await waitFor(() => expect(app.requests.some((request) => request.method === 'DELETE' && request.path === '/api/locks')).toBe(true));
    expect(app.local.getItem(PUSH_LINK_ITEMS_KEY)).toBeNull();
  });

  it('is off, saying why, for a document already linked to the record open in the ERP', async () => {
    const linked: FolderEntry[] = [
      testFolder('f1', 'Invoices', [
        {
          type: 'document',
          id: 7,
          name: 'NW-77 invoice.pdf',
          document: testDocument({
            id: 7,
            name: 'NW-77 invoice.pdf',
            link: { dataAreaId: 'CRONUS', sourceTableId: 38, sourceType: 2, sourceNumber: 'PI-1003', recordId: PI, sitId: 2 },
          }),
        },
      ]),
    ];
    renderApp(`/folders${CONTEXT}`, routes({ 'GET /api/folder-structure': () => linked }), { search: CONTEXT });
    fireEvent.click(await screen.findByRole('treeitem', { name: /^NW-77 invoice\.pdf/ }));
    const action = screen.getByRole('button', { name: 'Push Link' });
    await waitFor(() => expect(action.getAttribute('title')).toBe('This document is already linked to the record open in the ERP.'));
    expect(action.getAttribute('aria-disabled')).toBe('true');
  });
});
