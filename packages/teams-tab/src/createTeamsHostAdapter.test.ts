import { app } from '@microsoft/teams-js';
import type { TeamsSignIn } from './createTeamsSignIn';
import { createTeamsHostAdapter } from './createTeamsHostAdapter';
import { TokenExchangeError } from './exchangeEntraToken';
import { productToken } from './test/productToken';
import { serverStandIn, text } from './test/serverStandIn';

jest.mock('@microsoft/teams-js', () => jest.requireActual<typeof import('./test/teamsJsMock')>('./test/teamsJsMock').teamsJsMock());

const HOUR = 3_600_000;
const CONTEXT = {
  app: { theme: 'default', locale: 'de-de', host: { name: 'Teams', clientType: 'web' } },
  page: { id: 'datahaven-queue-7', frameContext: 'content', subPageId: 'document:42' },
  team: { groupId: 'team-1' },
  channel: { id: '19:channel' },
  user: { loginHint: 'clerk@contoso.example', tenant: { id: 'tenant-1' } },
} as unknown as app.Context;

/** Entra tokens numbered in the order they were handed out, recording whether each was forced. */
function countingSignIn(): TeamsSignIn & { forced: boolean[] } {
  const forced: boolean[] = [];
  return {
    method: 'getAuthToken',
    forced,
    getEntraToken: (forceRefresh) => {
      forced.push(forceRefresh);
      return Promise.resolve(`entra-${forced.length}`);
    },
  };
}

describe('createTeamsHostAdapter', () => {
  beforeEach(() => jest.clearAllMocks());

  it('gives the core the tab’s context: team, channel, tab, locale, client type and the deep link', async () => {
    const host = createTeamsHostAdapter(window, { context: CONTEXT, signIn: countingSignIn(), fetch: serverStandIn({}).fetch });
    await expect(host.getContext()).resolves.toEqual({
      record: {},
      teams: { teamId: 'team-1', channelId: '19:channel', entityId: 'datahaven-queue-7' },
    });
    expect(host.locale.current()).toEqual({ language: 'de-DE', region: 'de-DE' });
    expect(host.getClientType()).toBe('Desktop');
    expect(host.frameContext).toBe('content');
    expect(host.subPageId).toBe('document:42');
    expect(host.router).toEqual({ kind: 'browser', basename: '/teams' });
    // Our popup pages open inside the tab; what needs Outlook or an ERP parent is not offered.
    expect(host.appPages).toBe('inPlace');
    expect([host.attachFile, host.getGraphToken, host.createEmailDraft, host.openRecord, host.captureRecord, host.onRecordEvent]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('follows Teams’ theme live: default, dark and contrast become the Teams Fluent themes', () => {
    const host = createTeamsHostAdapter(window, { context: CONTEXT, signIn: countingSignIn(), fetch: serverStandIn({}).fetch });
    expect(host.theme.current()).toBe('teamsLight');
    const handler = jest.mocked(app.registerOnThemeChangeHandler).mock.calls[0][0];
    const seen: string[] = [];
    host.theme.onChange((name) => seen.push(name));
    handler('dark');
    handler('contrast');
    handler('default');
    expect(seen).toEqual(['teamsDark', 'teamsHighContrast', 'teamsLight']);
  });

  it('trades the Entra token for the product token and answers from it while it is fresh', async () => {
    let now = Date.UTC(2026, 10, 26, 9);
    const first = productToken(now + HOUR);
    const server = serverStandIn({ '/api/token/user': () => text(first) });
    const signIn = countingSignIn();
    const host = createTeamsHostAdapter(window, { context: CONTEXT, signIn, fetch: server.fetch, now: () => now });
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe(first);
    now += HOUR / 2;
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe(first);
    expect(server.seen).toEqual([{ method: 'GET', url: '/api/token/user?type=jwt', authorization: 'Bearer entra-1' }]);
  });

  it('refreshes the product token when it is about to expire and when the server rejected it', async () => {
    let now = Date.UTC(2026, 10, 26, 9);
    const tokens = [productToken(now + HOUR), productToken(now + 2 * HOUR), productToken(now + 3 * HOUR)];
    let answered = 0;
    const server = serverStandIn({ '/api/token/user': () => text(tokens[answered++]) });
    const signIn = countingSignIn();
    const host = createTeamsHostAdapter(window, { context: CONTEXT, signIn, fetch: server.fetch, now: () => now });
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe(tokens[0]);
    // Under a minute left: a new one, without being asked to force it.
    now += HOUR - 30_000;
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe(tokens[1]);
    // The API answered 401: the core asks with forceRefresh, and a fresh one is traded even though the old one looks valid.
    await expect(host.getToken({ forceRefresh: true })).resolves.toBe(tokens[2]);
    expect(server.seen.map((request) => request.authorization)).toEqual(['Bearer entra-1', 'Bearer entra-2', 'Bearer entra-3']);
  });

  it('asks once when several callers need a token at the same time', async () => {
    const token = productToken(Date.now() + HOUR);
    const server = serverStandIn({ '/api/token/user': () => text(token) });
    const host = createTeamsHostAdapter(window, { context: CONTEXT, signIn: countingSignIn(), fetch: server.fetch });
    await expect(Promise.all([host.getToken({ forceRefresh: false }), host.getToken({ forceRefresh: true })])).resolves.toEqual([
      token,
      token,
    ]);
    expect(server.seen).toHaveLength(1);
  });

  it('gets a fresh Entra token once when the server refuses the cached one (401), then succeeds', async () => {
    const token = productToken(Date.now() + HOUR);
    const server = serverStandIn({
      '/api/token/user': (request) => (request.authorization === 'Bearer entra-1' ? text('The token has expired.', 401) : text(token)),
    });
    const signIn = countingSignIn();
    const host = createTeamsHostAdapter(window, { context: CONTEXT, signIn, fetch: server.fetch });
    await expect(host.getToken({ forceRefresh: false })).resolves.toBe(token);
    expect(signIn.forced).toEqual([false, true]);
  });

  it('passes the server’s words on when it refuses the user (403), without retrying', async () => {
    const refusal = 'You do not have a license or permission to access Datahaven Documents.';
    const server = serverStandIn({ '/api/token/user': () => new Response(JSON.stringify({ message: refusal }), { status: 403 }) });
    const signIn = countingSignIn();
    const host = createTeamsHostAdapter(window, { context: CONTEXT, signIn, fetch: server.fetch });
    await expect(host.getToken({ forceRefresh: false })).rejects.toThrow(new TokenExchangeError(403, refusal));
    expect(signIn.forced).toEqual([false]);
  });
});
