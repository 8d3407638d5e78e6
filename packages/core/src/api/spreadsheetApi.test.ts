/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { spreadsheetApi } from './spreadsheetApi';
import { CountingTokens, scriptedFetch } from './test/fakes';

function fileResponse(body: string, disposition: string | null): Response {
  const headers = new Headers({ 'content-type': 'text/csv; charset=utf-8' });
  if (disposition !== null) headers.set('content-disposition', disposition);
  return new Response(body, { status: 200, headers });
}

describe('spreadsheetApi', () => {
  it('asks for the queue list, the search result and the history with the format, visible columns, locale and the list query; names the file as the server does', async () => {
    const { fetch, calls } = scriptedFetch(
      () => fileResponse('\ufeffName', `attachment; filename="AP Inbox.csv"; filename*=UTF-8''AP%20Inbox.csv`),
      () =>
        fileResponse('PK', `attachment; filename="Search results - M_ller.xlsx"; filename*=UTF-8''Search%20results%20-%20M%C3%BCller.xlsx`),
      () => fileResponse('PK', null),
    );
    const api = spreadsheetApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    const progress: number[] = [];
    const queue = await api.queueDocuments(
      12,
      { q: 'Contoso', sort: 'amount', desc: true },
      {
        format: 'csv',
        columns: ['name', 'vendor', 'amount'],
        locale: 'de-DE',
        timeZone: 'Europe/Berlin',
        onProgress: (bytes) => progress.push(bytes),
      },
    );
    expect(queue.fileName).toBe('AP Inbox.csv');
    // The byte-order mark arrives as bytes (Excel needs it; a text decoder would drop it).
    expect([...new Uint8Array(await queue.blob.arrayBuffer())].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(progress.at(-1)).toBe(new TextEncoder().encode('\ufeffName').byteLength);
    const search = await api.searchResults(
      { q: 'Müller', tags: [{ text: 'Invoice', prefix: 'Type', type: 'queue', key: '3' }] },
      { format: 'xlsx', columns: ['name', 'createdAt', 'FileSize'], locale: 'en-US' },
    );
    expect(search.fileName).toBe('Search results - Müller.xlsx');
    await expect(api.history(7, { format: 'xlsx', columns: [], locale: 'en-GB' })).resolves.toMatchObject({ fileName: 'History.xlsx' });
    expect(calls.map((call) => decodeURIComponent(call.url))).toEqual([
      '/api/queues/12/documents/export?q=Contoso&sort=amount&desc=true&format=csv&columns=name,vendor,amount&locale=de-DE&timeZone=Europe/Berlin',
      '/api/documents/search/export?q=Müller&tag[]={"text":"Invoice","prefix":"Type","type":"queue","key":"3"}&format=xlsx&columns=name,createdAt,FileSize&locale=en-US',
      '/api/documents/7/history/export?format=xlsx&columns=&locale=en-GB',
    ]);
  });
});
