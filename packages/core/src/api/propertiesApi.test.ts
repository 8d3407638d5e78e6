/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { propertiesApi } from './propertiesApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

describe('propertiesApi', () => {
  it('uses the spec paths for subtypes and the subtype change', async () => {
    const { fetch, calls } = scriptedFetch(...Array.from({ length: 7 }, () => () => jsonResponse(200, [])));
    const api = propertiesApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.listSubtypes({ sitId: 3, q: 'inv' });
    await api.pageSubtypes({ skip: 30, take: 30 });
    await api.documentTypeSubtypes(3, true);
    await api.tableSubtypes(3);
    await api.createSubtype({ sitId: 3, text: 'Credit note' });
    await api.updateSubtype(3, 9, { text: 'Credit memo' });
    await api.changeSubtype(7, 9, 4);
    expect(calls.map((c) => `${c.init.method} ${decodeURIComponent(c.url)}`)).toEqual([
      'GET /api/subtype?sitId=3&q=inv',
      'GET /api/v2/subtype?skip=30&take=30',
      'GET /api/documents/type/3/subtypes?modify=true',
      'GET /api/sits/3/subtypes',
      'POST /api/subtypes',
      'PUT /api/integrated-tables/3/subtypes/9',
      'PUT /api/documents/7/subtype',
    ]);
    expect(JSON.parse(String(calls[4].init.body))).toEqual({ sitId: 3, text: 'Credit note' });
    expect(JSON.parse(String(calls[6].init.body))).toEqual({ subtype: 9, rowVersion: 4 });
  });

  it('renames and applies the automatic name through PUT /documents/{id}', async () => {
    const { fetch, calls } = scriptedFetch(...Array.from({ length: 3 }, () => () => jsonResponse(200, { id: 7 })));
    const api = propertiesApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.renameDocument(7, 'March.pdf');
    await api.applyAutomaticName(7);
    await api.applyAutomaticName(7, { dataAreaId: 'CRONUS', recordId: 'r1' });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['PUT /api/documents/7', 'PUT /api/documents/7', 'PUT /api/documents/7']);
    expect(calls.map((c) => JSON.parse(String(c.init.body)))).toEqual([
      { name: 'March.pdf' },
      { autoname: true },
      { autoname: true, useContext: true, dataAreaId: 'CRONUS', recordId: 'r1' },
    ]);
  });

  it('reads and stores custom data on the spec paths', async () => {
    const data = { documentId: 7, categories: [], values: [{ fieldId: 2, value: 'DE1' }] };
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, [{ id: 1, name: 'Invoice data', order: 1 }]),
      () => jsonResponse(200, { id: 1, name: 'Invoice data', order: 1, fields: [] }),
      () => jsonResponse(200, data),
      () => jsonResponse(200, data),
    );
    const api = propertiesApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await api.customCategories(7);
    await api.customCategory(7, 1);
    await api.customData(7);
    await expect(api.saveCustomData(7, [{ fieldId: 2, value: 'DE1' }])).resolves.toEqual(data);
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /api/documents/7/custom-categories',
      'GET /api/documents/7/custom-categories/1',
      'GET /api/document/7/custom',
      'POST /api/document/7/custom',
    ]);
    expect(JSON.parse(String(calls[3].init.body))).toEqual({ values: [{ fieldId: 2, value: 'DE1' }] });
  });
});
