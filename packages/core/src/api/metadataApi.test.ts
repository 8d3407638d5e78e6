/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { metadataApi } from './metadataApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

describe('metadataApi', () => {
  it("asks for a source's entity types, one type and the ERP of a prefix, names encoded", async () => {
    const vendor = { name: 'bc:Microsoft.NAV.vendor', entitySet: 'vendors', keys: ['id'], properties: [], navigations: [] };
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, [vendor]),
      () => jsonResponse(200, vendor),
      () => jsonResponse(200, { prefix: 'bc', label: 'Business Central', defaultDataAreaId: 'CRONUS' }),
    );
    const api = metadataApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.listEntityTypes('bc')).resolves.toEqual([vendor]);
    await expect(api.describeEntityType('bc:Microsoft.NAV.vendor')).resolves.toEqual(vendor);
    await expect(api.sourceOf('bc')).resolves.toEqual({ prefix: 'bc', label: 'Business Central', defaultDataAreaId: 'CRONUS' });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'GET /api/debug/meta-list/entities/bc',
      'GET /api/debug/meta/bc%3AMicrosoft.NAV.vendor',
      'GET /api/entity-types/bc%3Asource/system',
    ]);
  });

  it("asks for the caller's access on a type in a company, and without one when none is known", async () => {
    const access = { entityTypeName: 'bc:Microsoft.NAV.Vendor', sitId: 1, dataAreaId: 'CRONUS', upload: true, capture: false };
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(200, access),
      () => jsonResponse(200, access),
    );
    const api = metadataApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.getEntityTypeAccess('bc:Microsoft.NAV.Vendor', 'CRONUS')).resolves.toEqual(access);
    await api.getEntityTypeAccess('bc:Microsoft.NAV.Vendor', undefined);
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'GET /api/entity-type/bc%3AMicrosoft.NAV.Vendor/access?dataAreaId=CRONUS',
      'GET /api/entity-type/bc%3AMicrosoft.NAV.Vendor/access',
    ]);
  });
});
