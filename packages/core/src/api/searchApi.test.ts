/**
 * @jest-environment node
 */
import type { SearchTag } from '../model';
import { ApiClient } from './ApiClient';
import { searchApi } from './searchApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

const CONTOSO: SearchTag = { text: 'Contoso', prefix: 'Description', type: 'documentDescription', key: 'Contoso' };

describe('searchApi', () => {
  it('searches with q, JSON-encoded tag[] values, sort, desc and the page of 30', async () => {
    const page = { documents: [], total: 0, skip: 30, take: 30 };
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, page),
      () => jsonResponse(200, page),
    );
    const api = searchApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.search({ q: 'march invoice', tags: [CONTOSO], sort: 'FileSize', desc: true, skip: 30 })).resolves.toEqual(page);
    await api.search({ q: '  ', tags: [] });
    const first = new URL(calls[0].url, 'http://localhost');
    expect(first.pathname).toBe('/api/documents/search');
    expect(first.searchParams.get('q')).toBe('march invoice');
    expect(first.searchParams.getAll('tag[]').map((value) => JSON.parse(value) as unknown)).toEqual([CONTOSO]);
    expect(first.searchParams.get('sort')).toBe('FileSize');
    expect(first.searchParams.get('desc')).toBe('true');
    expect(first.searchParams.get('skip')).toBe('30');
    expect(first.searchParams.get('take')).toBe('30');
    // Blank words and no sort leave those parameters out, so the server picks relevance or newest first.
    const second = new URL(calls[1].url, 'http://localhost');
    expect([...second.searchParams.keys()]).toEqual(['skip', 'take']);
  });

  it('asks /search-tags with the typed text and the tags already chosen', async () => {
    const suggestions: SearchTag[] = [{ text: 'CS-88120.pdf', prefix: 'Name', type: 'documentName', key: 'CS-88120.pdf' }];
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, suggestions));
    const api = searchApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.searchTags({ q: 'cs-88', tags: [CONTOSO] })).resolves.toEqual(suggestions);
    const url = new URL(calls[0].url, 'http://localhost');
    expect(url.pathname).toBe('/api/search-tags');
    expect(url.searchParams.get('q')).toBe('cs-88');
    expect(url.searchParams.getAll('tag[]')).toEqual([JSON.stringify(CONTOSO)]);
    expect(url.searchParams.get('take')).toBe('30');
  });
});
