/**
 * @jest-environment node
 */
import { MESSAGES, messagesFor } from '../rules';
import { SHOWN_LANGUAGE } from '../locale/shownLanguage';
import { makeToken } from '../api/test/fakes';
import { browserHost } from './browserHost';
import { memoryStorage } from './memoryStorage';

const storage = { local: memoryStorage(), session: memoryStorage() };

describe('browserHost', () => {
  it('reads the context from the query string', async () => {
    const host = browserHost({ search: () => '?dataAreaId=CRONUS&id={abc}&typename=Microsoft.NAV.Vendor', storage });
    await expect(host.getContext()).resolves.toEqual({
      record: { dataAreaId: 'CRONUS', recordId: 'abc', typeName: 'bc:Microsoft.NAV.Vendor' },
    });
  });

  it('answers with the given token until a refresh is forced', async () => {
    const first = makeToken(Date.now() + 3_600_000);
    const fresh = makeToken(Date.now() + 7_200_000);
    const calls: { url: string; authorization: string | null }[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      calls.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
      return Promise.resolve(new Response(fresh, { status: 200, headers: { 'content-type': 'text/plain' } }));
    };
    const host = browserHost({ token: first, fetch, storage });
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe(first);
    await expect(host.getToken({ forceRefresh: true })).resolves.toBe(fresh);
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe(fresh);
    expect(calls).toEqual([{ url: '/api/token/user?type=refresh', authorization: `Bearer ${first}` }]);
  });

  it('clears its token when re-authentication is refused', async () => {
    const fetch: typeof globalThis.fetch = () => Promise.resolve(new Response('', { status: 401 }));
    const host = browserHost({ token: makeToken(Date.now() + 1000), fetch, storage });
    await expect(host.getToken({ forceRefresh: true })).rejects.toThrow(MESSAGES.badAuthenticationToken);
    await expect(host.getToken({ forceRefresh: false })).rejects.toThrow(MESSAGES.badAuthenticationToken);
  });

  it('says a refused sign-in in the language shown: German while German is on screen, English again after', async () => {
    const fetch: typeof globalThis.fetch = () => Promise.resolve(new Response('', { status: 401 }));
    const host = browserHost({ token: makeToken(Date.now() + 1000), fetch, storage });
    const german = messagesFor('de-DE').badAuthenticationToken;
    expect(german).not.toBe(MESSAGES.badAuthenticationToken);
    SHOWN_LANGUAGE.show('de');
    try {
      await expect(host.getToken({ forceRefresh: true })).rejects.toThrow(german);
    } finally {
      SHOWN_LANGUAGE.show('en');
    }
    await expect(host.getToken({ forceRefresh: false })).rejects.toThrow(MESSAGES.badAuthenticationToken);
  });

  it('refuses a refresh answer that is not a token', async () => {
    const fetch: typeof globalThis.fetch = () => Promise.resolve(new Response('<html>', { status: 200 }));
    const host = browserHost({ token: makeToken(Date.now() + 1000), fetch, storage });
    await expect(host.getToken({ forceRefresh: true })).rejects.toThrow(MESSAGES.badAuthenticationToken);
  });

  it('has no parent to notify and defaults to a desktop client', async () => {
    const host = browserHost({ storage });
    await expect(host.notifySelectedDocuments([1])).resolves.toBeUndefined();
    expect(host.getClientType()).toBe('Desktop');
    expect(browserHost({ storage, clientType: 'Phone' }).getClientType()).toBe('Phone');
  });
});
