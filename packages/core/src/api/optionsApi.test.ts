/**
 * @jest-environment node
 */
import { ApiClient } from './ApiClient';
import { optionsApi } from './optionsApi';
import { CountingTokens, jsonResponse, scriptedFetch } from './test/fakes';

describe('optionsApi', () => {
  it('loads the options once and shares them', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, [{ optionName: 'Fit to Width by Default', optionData: 'false' }]));
    const api = optionsApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    const [a, b] = await Promise.all([api.getOptions(), api.getOptions()]);
    expect(a).toBe(b);
    const values = await api.getValues();
    expect(values.fitToWidthByDefault).toBe(false);
    expect(values.maxPdfSizeBytes).toBe(524_288_000);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/options');
  });

  it('tries again after a failed load', async () => {
    const { fetch, calls } = scriptedFetch(
      () => jsonResponse(500, { statusCode: 500, exceptionType: 'InternalError', message: 'boom' }),
      () => jsonResponse(200, []),
    );
    const api = optionsApi(new ApiClient({ tokens: new CountingTokens(), fetch }));
    await expect(api.getOptions()).rejects.toThrow('boom');
    await expect(api.getOptions()).resolves.toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('reads one option by its encoded name', async () => {
    const { fetch, calls } = scriptedFetch(() => jsonResponse(200, { optionName: 'File Upload Size Limit', optionData: '10' }));
    await optionsApi(new ApiClient({ tokens: new CountingTokens(), fetch })).getOption('File Upload Size Limit');
    expect(calls[0].url).toBe('/api/options/File%20Upload%20Size%20Limit');
  });
});
