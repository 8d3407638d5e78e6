/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { linkApi } from './linkApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

describe('linkApi', () => {
  it('asks for the column set and a page of records with q_{field} filters (blank ones left out), 30 at a time', async () => {
    const property = { name: 'number', type: 'Edm.String', nullable: true, maxLength: 20, isKey: false };
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, [property]),
      () => jsonResponse(200, [{ id: 'a', number: 'PI-1003', dataAreaId: 'CRONUS' }]),
    );
    const api = linkApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.getEntityTypeProperties('bc:Microsoft.NAV.PurchaseHeader')).resolves.toEqual([property]);
    await expect(
      api.getEntities('bc:Microsoft.NAV.PurchaseHeader', {
        skip: 30,
        filters: { number: ' PI-1003 ', vendorName: '  ' },
        dataAreaId: 'CRONUS',
      }),
    ).resolves.toEqual([{ id: 'a', number: 'PI-1003', dataAreaId: 'CRONUS' }]);
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'GET /api/entity-types/bc%3AMicrosoft.NAV.PurchaseHeader/properties',
      'GET /api/entity-types/bc%3AMicrosoft.NAV.PurchaseHeader/entities?skip=30&take=30&dataAreaId=CRONUS&q_number=PI-1003',
    ]);
  });

  it('links with the record in the query and breaks a link with the row version and the queue', async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, {}),
      () => jsonResponse(200, {}),
    );
    const api = linkApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.linkDocument(7, {
      relatedTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      relatedDataAreaId: 'CRONUS',
      relatedRecordId: 'abc',
      relatedTableId: 38,
    });
    await api.breakLink(7, { rowConflictId: 4, expectedQueueId: 2 });
    expect(calls.map((call) => `${call.init.method} ${call.url} ${String(call.init.body ?? '')}`)).toEqual([
      'POST /api/documents/7/link?relatedTypeName=bc%3AMicrosoft.NAV.PurchaseHeader&relatedDataAreaId=CRONUS&relatedRecordId=abc&relatedTableId=38 ',
      'DELETE /api/documents/7/link?rowConflictId=4&expectedQueueId=2 ',
    ]);
  });

  it("pushes a link with the body as sent, and asks for a record's URL (a blank company left out)", async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, { link: null, rowConflictId: 5 }),
      () => jsonResponse(200, { url: 'https://erp/card', pageId: 21, number: 'V1' }),
      () => jsonResponse(200, { url: 'https://erp/card', pageId: 21, number: 'V1' }),
    );
    const api = linkApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(
      api.pushLink(7, {
        relatedTypeName: 'bc:Microsoft.NAV.Vendor',
        relatedDataAreaId: 'CRONUS',
        relatedRecordId: 'abc',
        rowConflictId: 4,
        queueId: 2,
        locked: true,
      }),
    ).resolves.toEqual({ link: null, rowConflictId: 5 });
    await expect(api.getRecordUrl({ typeName: 'bc:Microsoft.NAV.Vendor', dataAreaId: 'CRONUS', recordId: 'abc' })).resolves.toEqual({
      url: 'https://erp/card',
      pageId: 21,
      number: 'V1',
    });
    await api.getRecordUrl({ typeName: 'bc:Microsoft.NAV.Vendor', dataAreaId: '', recordId: 'abc' });
    expect(calls.map((call) => `${call.init.method} ${call.url} ${String(call.init.body ?? '')}`)).toEqual([
      'PUT /api/documents/7/push-link {"relatedTypeName":"bc:Microsoft.NAV.Vendor","relatedDataAreaId":"CRONUS","relatedRecordId":"abc","rowConflictId":4,"queueId":2,"locked":true}',
      'GET /api/entities/url?typeName=bc%3AMicrosoft.NAV.Vendor&dataAreaId=CRONUS&recordId=abc ',
      'GET /api/entities/url?typeName=bc%3AMicrosoft.NAV.Vendor&recordId=abc ',
    ]);
  });

  it('asks GET /sits for the tables records can be linked to', async () => {
    const table = {
      id: 2,
      externalTableId: 38,
      sourceTypeId: 2,
      entityTypeName: 'bc:Microsoft.NAV.PurchaseHeader',
      label: 'Purchase Invoice',
      productType: null,
      allowNewCard: true,
    };
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, [table]));
    await expect(linkApi(new ApiClient({ tokens: new CountingTokens(), fetch })).getLinkableTables()).resolves.toEqual([table]);
    expect(calls[0].url).toBe('/api/sits?allowRecordLinking=true');
  });
});
