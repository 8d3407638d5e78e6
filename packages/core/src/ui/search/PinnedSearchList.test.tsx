import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchTag } from '../../model';
import { MESSAGES } from '../../rules';
import { SAVED_SEARCHES_KEY } from '../../state/SavedSearchStore';
import { renderApp, testFolder } from '../test/renderApp';
import { readSearchLink } from './searchLink';

const CONTEXT = '?dataAreaId=CRONUS&recordId=r1&tableId=23';
const CONTOSO: SearchTag = { text: 'Contoso', prefix: 'Description', type: 'documentDescription', key: 'Contoso' };

function saved(id: string, name: string, pinned: boolean, overFifty = false): unknown {
  return { id, name, tags: [CONTOSO], q: 'march', sort: null, documents: [1, 2], overFifty, savedAt: '2025-05-30T10:00:00.000Z', pinned };
}

describe('Pinned Searches in the folders screen', () => {
  it('lists only pinned saved searches and opens /search with their tags and words', async () => {
    const app = renderApp(`/folders${CONTEXT}`, { 'GET /api/options': () => [], 'GET /api/folder-structure': () => [testFolder('f1', 'Invoices', [])] }, { search: CONTEXT });
    // Written before the lazily loaded folders screen first reads local storage.
    app.local.setItem(SAVED_SEARCHES_KEY, JSON.stringify([saved('a', 'Contoso March', true, true), saved('b', 'Not pinned', false)]));
    const section = (await screen.findByRole('heading', { name: MESSAGES.pinnedSearches })).closest('section') as HTMLElement;
    const list = await within(section).findByRole('list', { name: 'Pinned searches' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(MESSAGES.firstFiftyResults)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Contoso March' }));
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
    expect(readSearchLink(new URLSearchParams(window.location.search))).toEqual({ tags: [CONTOSO], q: 'march', sort: null });
  });

  it('says there are none yet and offers the search pane', async () => {
    renderApp(`/folders${CONTEXT}`, { 'GET /api/options': () => [], 'GET /api/folder-structure': () => [] }, { search: CONTEXT });
    await screen.findByText('No pinned searches yet. Searches you pin appear here.');
    fireEvent.click(screen.getByRole('button', { name: 'Search documents' }));
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
  });
});
