/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { newCardApi } from './newCardApi';
import { CountingTokens, flushPromises, hangingFetch, jsonResponse, scriptedFetch } from './test/fakes';

describe('newCardApi', () => {
  it('asks for the tables, initiates, makes the record and completes on the spec paths with their bodies', async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, [{ id: 2, label: 'Purchase Invoice' }]),
      () => jsonResponse(200, { operationId: 1 }),
      () => jsonResponse(200, { recordId: 'r9' }),
      () => jsonResponse(200, { link: null, rowConflictId: 3 }),
    );
    const api = newCardApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.tables()).resolves.toEqual([{ id: 2, label: 'Purchase Invoice' }]);
    await expect(api.initiate(7, { typeId: 2, subTypeId: null, dataAreaId: '' })).resolves.toEqual({ operationId: 1 });
    await expect(api.create(7, { vendorNumber: 'V1' })).resolves.toEqual({ recordId: 'r9' });
    await expect(api.complete(7, { typeId: 2, subTypeId: 4, dataAreaId: 'CRONUS', tableId: 38, recordId: 'r9' })).resolves.toEqual({
      link: null,
      rowConflictId: 3,
    });
    expect(calls.map((call) => `${call.init.method} ${call.url} ${String(call.init.body ?? '')}`)).toEqual([
      'GET /api/sits/allowsNewCard ',
      'PUT /api/documents/7/new-card {"operationType":"initiate","typeId":2,"subTypeId":null,"dataAreaId":""}',
      'POST /api/new-card {"docId":7,"values":{"vendorNumber":"V1"}}',
      'PUT /api/documents/7/new-card {"operationType":"complete","typeId":2,"subTypeId":4,"dataAreaId":"CRONUS","tableId":38,"recordId":"r9"}',
    ]);
  });

  it("ends the tables' request when the caller's signal aborts", async () => {
    const { fetch } = hangingFetch();
    const controller = new AbortController();
    const tables = newCardApi(new ApiClient({ tokens: new CountingTokens(), fetch })).tables(controller.signal);
    await flushPromises();
    controller.abort();
    await expect(tables).rejects.toMatchObject({ kind: 'aborted' });
  });
});
