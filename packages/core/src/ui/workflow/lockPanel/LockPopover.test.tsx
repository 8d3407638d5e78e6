import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DOCUMENT_ACCESS_FLAGS, encodeDocumentId, type DocumentAccess } from '../../../model';
import { FakeResponse } from '../../test/FakeResponse';
import { renderApp, testDocument } from '../../test/renderApp';
import { renderRoute } from '../../test/renderRoute';
import { LockPopover } from './LockPopover';

describe('LockPopover', () => {
  it('opens the lock panel as a dialog from the Document lock button', async () => {
    const flags = {
      ...Object.fromEntries(DOCUMENT_ACCESS_FLAGS.map((flag) => [flag, false])),
      createLock: true,
    } as unknown as DocumentAccess;
    const queue = { id: 12, name: 'Approval L1', queueTypeName: 'AP Invoices', features1: 0, features2: 0 };
    const app = renderRoute('/doc', '/doc', <LockPopover document={testDocument({ id: 7, name: 'a.pdf', queue })} />, {
      'GET /api/documents/7/access': () => flags,
      'GET /api/documents/7/locks': () => [],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Nothing is asked of the server until the panel opens.
    expect(app.requests).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Document lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document lock' });
    expect(within(dialog).getByText('Not locked')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Lock' }).getAttribute('aria-disabled')).not.toBe('true'));
  });
});

describe('LockPopover in the viewer', () => {
  // jsdom has no object URLs; the image viewer needs them to show the page.
  beforeAll(() => Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined }));
  afterAll(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('sits in the viewer header for a workflow document only', async () => {
    const queue = { id: 12, name: 'Approval L1', queueTypeName: 'AP Invoices', features1: 0, features2: 0 };
    const view = (id: number, inQueue: boolean) => () => ({
      document: testDocument({ id, name: `scan-${id}.png`, mediaType: 'image/png', queue: inQueue ? queue : null }),
      dataUrl: `/api/documents/${id}/data`,
      viewable: true,
    });
    const routes = {
      'GET /api/options': () => [],
      'GET /api/documents/7/view': view(7, true),
      'GET /api/documents/8/view': view(8, false),
      'GET /api/documents/7/data': () => new FakeResponse('png', 200, 'image/png'),
      'GET /api/documents/8/data': () => new FakeResponse('png', 200, 'image/png'),
    };
    // The viewer screen is a lazy chunk; load (and transpile) it first so the wait below is for the app, not the compiler.
    await import('../../viewer/ViewerScreen');
    const first = renderApp(`/viewer/${encodeDocumentId(7)}`, routes);
    // Generous wait: the first render of the viewer compiles pdf.js glue under ts-jest.
    expect(await screen.findByRole('button', { name: 'Document lock' })).toBeTruthy();
    first.unmount();
    renderApp(`/viewer/${encodeDocumentId(8)}`, routes);
    await screen.findByRole('heading', { name: 'scan-8.png' });
    expect(screen.queryByRole('button', { name: 'Document lock' })).toBeNull();
  });
});
