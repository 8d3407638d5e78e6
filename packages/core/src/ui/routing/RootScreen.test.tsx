import { screen, waitFor } from '@testing-library/react';
import { encodeDocumentId } from '../../model';
import { LAST_ROUTE_KEY } from '../../state';
import { renderApp, testDocument } from '../test/renderApp';

const routes = {
  'GET /api/options': () => [],
  'GET /api/documents/7': () => testDocument({ id: 7, name: 'invoice.pdf' }),
  'GET /api/documents/7/notes': () => [],
  'GET /api/folder-structure': () => [],
};

describe('the root route', () => {
  it('rewrites a path beginning with /# to the path after it', async () => {
    renderApp(`/#/notes/${encodeDocumentId(7)}`, routes);
    await screen.findByRole('textbox', { name: 'New note' });
    expect(window.location.pathname).toBe(`/notes/${encodeDocumentId(7)}`);
  });

  it('records each visited route in session storage', async () => {
    const app = renderApp(`/notes/${encodeDocumentId(7)}`, routes);
    await screen.findByRole('textbox', { name: 'New note' });
    expect(app.services.host.storage.session.getItem(LAST_ROUTE_KEY)).toBe(`/notes/${encodeDocumentId(7)}`);
  });

  it('opens the folders of the record, keeping the context query, when there is no last route', async () => {
    renderApp('/?dataAreaId=CRONUS&recordId=r1&tableId=23', routes, { search: '?dataAreaId=CRONUS&recordId=r1&tableId=23' });
    await waitFor(() => expect(window.location.pathname).toBe('/folders'));
    expect(window.location.search).toBe('?dataAreaId=CRONUS&recordId=r1&tableId=23');
  });

  it('returns to the last route of the session', async () => {
    renderApp('/', routes, { session: { [LAST_ROUTE_KEY]: `/notes/${encodeDocumentId(7)}` } });
    await screen.findByRole('textbox', { name: 'New note' });
    expect(window.location.pathname).toBe(`/notes/${encodeDocumentId(7)}`);
  });
});
