/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { privilegesApi } from './privilegesApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

describe('privilegesApi', () => {
  it('asks GET /can for one action and remembers the answer', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, { action: 'Cabinet: Delete', value: true }));
    const api = privilegesApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.can('Cabinet: Delete')).resolves.toBe(true);
    await expect(api.can('Cabinet: Delete')).resolves.toBe(true);
    expect(calls).toHaveLength(1);
    expect(decodeURIComponent(calls[0].url).replace(/\+/g, ' ')).toBe('/api/can?action=Cabinet: Delete');
  });

  it('asks GET /can/actions only for privileges not yet known, in order', async () => {
    const { fetch, calls } = scriptedFetch(
      () =>
        jsonResponse(200, [
          { action: 'Notes: Add Only', value: true },
          { action: 'Notes: View Only', value: false },
        ]),
      () => jsonResponse(200, [{ action: 'Cabinet: Scan', value: true }]),
    );
    const api = privilegesApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.canActions(['Notes: Add Only', 'Notes: View Only'])).resolves.toEqual([
      { action: 'Notes: Add Only', value: true },
      { action: 'Notes: View Only', value: false },
    ]);
    await expect(api.canActions(['Cabinet: Scan', 'Notes: Add Only'])).resolves.toEqual([
      { action: 'Cabinet: Scan', value: true },
      { action: 'Notes: Add Only', value: true },
    ]);
    expect(calls).toHaveLength(2);
    expect(new URL(calls[1].url, 'http://h').searchParams.getAll('action[]')).toEqual(['Cabinet: Scan']);
    expect(api.known().get('Notes: View Only')).toBe(false);
  });

  it('counts an action the server left out as not held', async () => {
    const { fetch } = scriptedFetch(() => jsonResponse(200, []));
    const api = privilegesApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.canActions(['Security: Manager'])).resolves.toEqual([{ action: 'Security: Manager', value: false }]);
  });
});
