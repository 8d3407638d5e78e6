import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchTag } from '../../model';
import { MESSAGES } from '../../rules';
import { savedSearchesKey } from '../../state/SavedSearchStore';
import { renderApp, testFolder } from '../test/renderApp';

const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23';
const CONTOSO: SearchTag = { text: 'Contoso', prefix: 'Description', type: 'documentDescription', key: 'Contoso' };

function saved(id: string, name: string, pinned: boolean, overFifty = false): unknown {
  return { id, name, tags: [CONTOSO], q: 'march', sort: null, documents: [1, 2], overFifty, savedAt: '2025-05-30T10:00:00.000Z', pinned };
}

describe('Pinned Searches in the folders screen', () => {
  it('lists only pinned saved searches and opens each as that saved search, keeping embedded and allowSave', async () => {
    const app = renderApp(
      `/folders${CONTEXT}&embedded=true&allowSave=false`,
      {
        'GET /api/options': () => [],
        'GET /api/folder-structure': () => [testFolder('f1', 'Invoices', [])],
        'GET /api/can': (request) => ({ action: request.search.get('action'), value: false }),
        'GET /api/can/actions': (request) => request.search.getAll('action[]').map((action) => ({ action, value: false })),
        'GET /api/documents/search': () => ({ documents: [], total: 75, skip: 0, take: 30 }),
      },
      { search: CONTEXT },
    );
    // Written before the lazily loaded folders screen first reads local storage; renderApp signs in 'clerk'.
    app.local.setItem(
      savedSearchesKey('clerk'),
      JSON.stringify([saved('a', 'Contoso March', true, true), saved('b', 'Not pinned', false)]),
    );
    const section = (await screen.findByRole('heading', { name: MESSAGES.pinnedSearches })).closest('section') as HTMLElement;
    const list = await within(section).findByRole('list', { name: 'Pinned searches' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(MESSAGES.firstFiftyResults)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Contoso March' }));
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
    const query = new URLSearchParams(window.location.search);
    expect([query.get('saved'), query.get('embedded'), query.get('allowSave')]).toEqual(['a', 'true', 'false']);
    // The pane ran the saved search (its tags and words) and marks it active: 'First 50 Results' above fifty.
    await screen.findByText('75 documents found');
    const request = app.requests.filter((recorded) => recorded.path === '/api/documents/search').at(-1);
    expect(request?.search.getAll('tag[]').map((tag) => JSON.parse(tag) as unknown)).toEqual([CONTOSO]);
    expect(request?.search.get('q')).toBe('march');
    expect(screen.getByText(MESSAGES.firstFiftyResults)).toBeTruthy();
  });

  it('says there are none yet and offers the search pane', async () => {
    renderApp(`/folders${CONTEXT}`, { 'GET /api/options': () => [], 'GET /api/folder-structure': () => [] }, { search: CONTEXT });
    await screen.findByText('No pinned searches yet. Searches you pin appear here.');
    fireEvent.click(screen.getByRole('button', { name: 'Search documents' }));
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
  });
});
