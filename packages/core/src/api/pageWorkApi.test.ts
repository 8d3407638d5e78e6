/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { pageWorkApi } from './pageWorkApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

function bodiesOf(calls: { url: string; init: RequestInit }[]): string[] {
  return calls.map((call) => `${call.init.method} ${call.url} ${String(call.init.body ?? '')}`);
}

describe('pageWorkApi', () => {
  it('splits by semicolon-separated groups, keeping or deleting the original', async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(201, [{ id: 8 }, { id: 9 }]),
      () => jsonResponse(201, [{ id: 10 }]),
    );
    const api = pageWorkApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.split(7, '1-3;4-6', false)).resolves.toEqual([{ id: 8 }, { id: 9 }]);
    await api.split(7, '1,2', true);
    expect(bodiesOf(calls)).toEqual([
      'POST /api/documents/7/split {"ranges":"1-3;4-6","deleteOriginal":false}',
      'POST /api/documents/7/split {"ranges":"1,2","deleteOriginal":true}',
    ]);
  });

  it('sends recombination parts as documents[].parts[] with delete, leaving blank names out', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(201, [{ id: 11 }, { id: 12 }]));
    const api = pageWorkApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.recombine({
      documents: [
        {
          parts: [
            { documentId: 7, firstPage: 3, lastPage: 4 },
            { documentId: 7, firstPage: 1, lastPage: 1 },
          ],
          name: ' Credit note ',
        },
        { parts: [{ documentId: 7, firstPage: 2, lastPage: 2 }], name: '  ' },
      ],
      delete: true,
    });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      documents: [
        {
          parts: [
            { documentId: 7, firstPage: 3, lastPage: 4 },
            { documentId: 7, firstPage: 1, lastPage: 1 },
          ],
          name: 'Credit note',
        },
        { parts: [{ documentId: 7, firstPage: 2, lastPage: 2 }] },
      ],
      delete: true,
    });
    expect(calls[0].url).toBe('/api/documents/recombination');
  });

  it('merges documents in the given order and surfaces the size refusal in the spec words', async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(201, { id: 13 }),
      () => jsonResponse(400, { statusCode: 400, exceptionType: 'ValidationError', message: 'Merge file size greater than the maximum' }),
    );
    const api = pageWorkApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.merge({ docIds: [9, 8], name: 'Both', deleteOriginals: false })).resolves.toEqual({ id: 13 });
    await expect(api.merge({ docIds: [9, 8], deleteOriginals: true })).rejects.toThrow('Merge file size greater than the maximum');
    expect(bodiesOf(calls)).toEqual([
      'POST /api/documents/merge {"docIds":[9,8],"name":"Both","deleteOriginals":false}',
      'POST /api/documents/merge {"docIds":[9,8],"deleteOriginals":true}',
    ]);
  });
});
