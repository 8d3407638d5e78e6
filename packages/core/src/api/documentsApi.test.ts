/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { documentsApi } from './documentsApi';
import { CountingTokens, FakeXhr, flushPromises, jsonResponse, scriptedFetch } from './test/fakes';

const parse = (url: string): URL => new URL(url, 'http://host');

describe('documentsApi', () => {
  it('asks for the folder structure of a context with the display type', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, []));
    const api = documentsApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.getFolderStructure(
      { dataAreaId: 'CRONUS', recordId: 'abc', tableId: 23, typeName: 'bc:Microsoft.NAV.Vendor', clientType: 'Desktop' },
      12,
    );
    const url = parse(calls[0].url);
    expect(url.pathname).toBe('/api/folder-structure');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      displayType: 'Default View',
      dataAreaId: 'CRONUS',
      recordId: 'abc',
      tableId: '23',
      typeName: 'bc:Microsoft.NAV.Vendor',
      expandToDocId: '12',
    });
  });

  it('uploads into a folder with its constraints as query parameters', async () => {
    const xhrs: FakeXhr[] = [];
    const client = new ApiClient({
      tokens: new CountingTokens(),
      createXhr: () => {
        const x = new FakeXhr();
        xhrs.push(x);
        return x;
      },
    });
    const api = documentsApi(client);
    const uploaded = api.uploadDocument(new Blob(['x']), {
      dataAreaId: 'CRONUS',
      recordId: 'abc',
      tableId: 23,
      sitId: 1,
      subtypeId: 4,
      sourceType: 0,
    });
    await flushPromises();
    const url = parse(xhrs[0].url);
    expect(url.pathname).toBe('/api/documents');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      displayType: 'Default View',
      dataAreaId: 'CRONUS',
      recordId: 'abc',
      tableId: '23',
      sitId: '1',
      sourceType: '0',
      subtypeId: '4',
    });
    xhrs[0].respond(201, [{ id: 5 }]);
    await expect(uploaded).resolves.toEqual([{ id: 5 }]);
  });

  it("imports a file into a queue (POST /queues/{id}/documents) with the upload's progress and cancellation", async () => {
    const xhrs: FakeXhr[] = [];
    const api = documentsApi(
      new ApiClient({
        tokens: new CountingTokens(),
        createXhr: () => {
          const x = new FakeXhr();
          xhrs.push(x);
          return x;
        },
      }),
    );
    const progress: number[] = [];
    const imported = api.importToQueue(12, new Blob(['abcd']), ({ loaded }) => progress.push(loaded));
    await flushPromises();
    expect(`${xhrs[0].method} ${xhrs[0].url}`).toBe('POST /api/queues/12/documents');
    expect(xhrs[0].sentBody?.getAll('file')).toHaveLength(1);
    xhrs[0].progress(2, 4);
    xhrs[0].respond(201, [{ id: 8 }]);
    await expect(imported).resolves.toEqual([{ id: 8 }]);
    expect(progress).toEqual([0, 2, 4]);

    const controller = new AbortController();
    const cancelled = api.importToQueue(12, new Blob(['x']), undefined, controller.signal);
    await flushPromises();
    controller.abort();
    expect(xhrs[1].aborted).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('uses the spec paths for reading, viewing, changing and deleting documents', async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, { id: 1 }),
      () => jsonResponse(200, [{ id: 1 }, { id: 2 }]),
      () => jsonResponse(200, { document: { id: 1 }, dataUrl: '/api/documents/1/data?asPdf=false', viewable: true }),
      () => jsonResponse(200, { id: 1 }),
      () => jsonResponse(200, { deleted: [1, 2] }),
      () => jsonResponse(200, { merge: false }),
      () => jsonResponse(200, null),
      () => jsonResponse(200, []),
    );
    const api = documentsApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.getDocument(1);
    await api.getDocuments([1, 2]);
    expect((await api.viewDocument(1)).viewable).toBe(true);
    await api.updateDocument(1, { description: 'New', userDate: null });
    await expect(api.deleteDocuments([1, 2])).resolves.toEqual({ deleted: [1, 2] });
    await api.getAccess(1);
    await expect(api.getLink(1)).resolves.toBeNull();
    await expect(api.getPossibleDuplicates(1)).resolves.toEqual([]);
    expect(calls.map((c) => `${c.init.method} ${decodeURIComponent(c.url)}`)).toEqual([
      'GET /api/documents/1',
      'GET /api/documents?docId[]=1&docId[]=2',
      'GET /api/documents/1/view',
      'PUT /api/documents/1',
      'DELETE /api/documents?docId[]=1&docId[]=2',
      'GET /api/documents/1/access',
      'GET /api/documents/1/link',
      'GET /api/documents/1/duplicates',
    ]);
    expect(calls[3].init.body).toBe('{"description":"New","userDate":null}');
  });

  it("asks where the write-back of a document's decision to the ERP stands", async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, null));
    const api = documentsApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.getErpStatus(7)).resolves.toBeNull();
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['GET /api/documents/7/erp-status']);
  });

  it('does not call the server for an empty id list', async () => {
    const { fetch, calls } = scriptedFetch();
    await expect(documentsApi(new ApiClient({ tokens: new CountingTokens(), fetch })).getDocuments([])).resolves.toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('builds data and thumbnail URLs and fetches ranges with the bearer', async () => {
    const { fetch, calls } = scriptedFetch(
      () => new Response('%PDF', { status: 206 }),
      () => new Response(new Blob(['png']), { status: 200 }),
    );
    const api = documentsApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    expect(api.dataUrl(3, { asPdf: true })).toBe('/api/documents/3/data?asPdf=true&download=false');
    expect(api.dataUrl(3, { download: true, urlEncodeFileName: true })).toBe(
      '/api/documents/3/data?asPdf=false&download=true&urlEncodeFileName=true',
    );
    expect(api.thumbnailUrl(3, 2)).toBe('/api/documents/3/pages/2/thumbnail?width=160');
    const response = await api.fetchData(3, { range: { start: 0, end: 1023 } });
    expect(response.status).toBe(206);
    expect(new Headers(calls[0].init.headers).get('Range')).toBe('bytes=0-1023');
    expect(calls[0].authorization).toBe('Bearer token-1');
    const thumbnail = await api.fetchThumbnail(3, 1, 80);
    expect(await thumbnail.text()).toBe('png');
    expect(calls[1].url).toBe('/api/documents/3/pages/1/thumbnail?width=80');
  });
});
