import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { documentsArrivedNotification } from '../notifications/documentsArrivedNotification';
import { startEntraAppTokenStandIn } from '../test/startEntraAppTokenStandIn';
import type { EntraAppTokenStandIn } from '../test/startEntraAppTokenStandIn';
import { startGraphNotificationStandIn } from '../test/startGraphNotificationStandIn';
import type { GraphNotificationStandIn } from '../test/startGraphNotificationStandIn';
import { ClientCredentialsTokenProvider } from './AppTokenProvider';
import type { AppTokenSource } from './AppTokenProvider';
import { GraphClient } from './GraphClient';
import type { GraphClientOptions } from './GraphClient';
import { GraphRequestError } from './GraphRequestError';
import { readAfter } from '../test/readAfter';

const APP_ID = '33333333-3333-4333-8333-333333333333';
const USER = '00000000-0000-4000-8000-000000000002';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GraphClient: app-only Graph calls through one port', () => {
  let entra: EntraAppTokenStandIn;
  let graph: GraphNotificationStandIn;
  beforeAll(async () => {
    entra = await startEntraAppTokenStandIn();
    graph = await startGraphNotificationStandIn(entra.authority);
  });
  afterAll(async () => {
    await graph.close();
    await entra.close();
  });

  const clientWith = (options: Partial<GraphClientOptions> = {}, secret?: string): GraphClient =>
    new GraphClient({
      graphUrl: graph.graphUrl,
      tokens: new ClientCredentialsTokenProvider({
        authority: entra.authority,
        clientId: entra.clientId,
        clientSecret: secret ?? entra.clientSecret,
      }),
      ...options,
    });

  const notify = (
    client: GraphClient,
    body: unknown = documentsArrivedNotification(APP_ID, { queueId: 7, queueName: 'Approval L1', count: 3, firstDocumentId: 42 }),
  ) =>
    client.send({
      tenantId: entra.tenantId,
      method: 'POST',
      path: `/users/${USER}/teamwork/sendActivityNotification`,
      body,
      purpose: `the notification to ${USER}`,
    });

  it('sends with an app token from the client credentials grant, cached for the next call', async () => {
    const before = entra.tokensIssued();
    const client = clientWith();
    await notify(client);
    await notify(client);
    expect(entra.tokensIssued() - before).toBe(1);
    const recorded = (await graph.notifications()).slice(-2);
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({
      userId: USER,
      tenantId: entra.tenantId,
      activityType: 'documentsArrived',
      topic: { source: 'text', value: 'Approval L1' },
      previewText: { content: '3 documents arrived in Approval L1' },
      templateParameters: [
        { name: 'count', value: '3' },
        { name: 'queue', value: 'Approval L1' },
      ],
    });
    const link = new URL(recorded[0].topic.webUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`https://teams.microsoft.com/l/entity/${APP_ID}/datahaven-queue-7`);
    expect(JSON.parse(link.searchParams.get('context') ?? '')).toEqual({ subEntityId: 'document:42' });
  });

  it('honours 429 with Retry-After: waits as asked, then delivers', async () => {
    const before = (await graph.notifications()).length;
    const waits: string[] = [];
    await graph.throttleOnce(1);
    const sent = graph.requests();
    // What Graph had seen 900 ms on: the refused call at most, not yet the retry (order, not duration: readAfter).
    const seenBeforeRetryAfterEnded = readAfter(900, () => graph.requests());
    await notify(clientWith({ log: (message) => waits.push(message) }));
    expect(await seenBeforeRetryAfterEnded).toBeLessThanOrEqual(sent + 1);
    expect(graph.requests()).toBe(sent + 2);
    expect(waits).toEqual([expect.stringContaining('Microsoft Graph refused the notification to')]);
    expect(waits[0]).toContain('429 TooManyRequests');
    expect(waits[0]).toContain('Trying again in 1 s (attempt 2 of 4)');
    expect((await graph.notifications()).length).toBe(before + 1);
  });

  it('fails in words, without waiting, when Graph asks to wait longer than the client may', async () => {
    await graph.throttleOnce(60);
    const failure = await notify(clientWith({ maxWaitMs: 5000 })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphRequestError);
    expect((failure as GraphRequestError).status).toBe(429);
    expect((failure as GraphRequestError).message).toMatch(/Graph asked to wait 60 s before trying again; the job tries again later\.$/);
  });

  it("refuses a body Graph would refuse: 400 in Graph's words, not retried", async () => {
    const failure = await notify(clientWith(), {
      topic: { source: 'text', value: 'x', webUrl: 'https://example.com/' },
      activityType: 'documentsArrived',
      previewText: { content: '' },
      templateParameters: [],
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphRequestError);
    expect((failure as GraphRequestError).message).toBe(
      `Microsoft Graph refused the notification to ${USER}: 400 BadRequest: A text topic needs a Teams deep link as webUrl (https://teams.microsoft.com/l/…).`,
    );
  });

  it('says when Entra refuses the app token (wrong secret)', async () => {
    const failure = await notify(clientWith({}, 'wrong-secret')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphRequestError);
    expect((failure as GraphRequestError).message).toBe(
      `Microsoft Entra ID refused an app token for tenant ${entra.tenantId} (client ${entra.clientId}): invalid_client: AADSTS7000215: Invalid client secret provided.`,
    );
  });

  it("refuses tokens that are not the authority's Graph app tokens (401)", async () => {
    const response = await fetch(`${graph.graphUrl}/users/${USER}/teamwork/sendActivityNotification`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.token', 'content-type': 'application/json' },
      body: JSON.stringify(documentsArrivedNotification(APP_ID, { queueId: 1, queueName: 'Q', count: 1, firstDocumentId: 1 })),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('InvalidAuthenticationToken');
  });

  it('takes one fresh app token when Graph refuses the cached one (401), and says so when the fresh one is refused too', async () => {
    const entraTokens = new ClientCredentialsTokenProvider({
      authority: entra.authority,
      clientId: entra.clientId,
      clientSecret: entra.clientSecret,
    });
    /** A token cache holding a token Graph no longer takes (revoked) until it is told to drop it. */
    const revokedUntilInvalidated = (staysRevoked: boolean): AppTokenSource & { invalidations: number } => {
      let revoked = true;
      return {
        invalidations: 0,
        tokenFor(tenantId) {
          return revoked ? Promise.resolve('revoked.app.token') : entraTokens.tokenFor(tenantId);
        },
        invalidate(tenantId) {
          this.invalidations += 1;
          revoked = staysRevoked;
          entraTokens.invalidate(tenantId);
        },
      };
    };
    const delivered = (await graph.notifications()).length;
    const sent = graph.requests();
    const renewed = revokedUntilInvalidated(false);
    await notify(new GraphClient({ graphUrl: graph.graphUrl, tokens: renewed }));
    expect(renewed.invalidations).toBe(1);
    expect(graph.requests()).toBe(sent + 2);
    expect((await graph.notifications()).length).toBe(delivered + 1);

    const refused = revokedUntilInvalidated(true);
    const failure = await notify(new GraphClient({ graphUrl: graph.graphUrl, tokens: refused })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphRequestError);
    expect((failure as GraphRequestError).status).toBe(401);
    expect((failure as GraphRequestError).message).toMatch(
      new RegExp(`^Microsoft Graph refused the notification to ${USER}: 401 InvalidAuthenticationToken: `),
    );
    expect(refused.invalidations).toBe(1);
    expect(graph.requests()).toBe(sent + 4);
  });

  it('follows no redirect (the token stays with Graph) and gives an attempt that gets no answer up after its time-out', async () => {
    let elsewhere = 0;
    const listen = async (server: Server): Promise<string> => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    const other = createHttpServer((_request, response) => {
      elsewhere += 1;
      response.end('{}');
    });
    const otherOrigin = await listen(other);
    // A "Graph" that sends every call elsewhere, and one that takes the request and never answers.
    const redirecting = createHttpServer((_request, response) => {
      response.writeHead(307, { location: `${otherOrigin}/v1.0/users` }).end();
    });
    const silent = createHttpServer(() => undefined);
    const [redirectingOrigin, silentOrigin] = [await listen(redirecting), await listen(silent)];
    try {
      const tokens = new ClientCredentialsTokenProvider({
        authority: entra.authority,
        clientId: entra.clientId,
        clientSecret: entra.clientSecret,
      });
      const redirected = await notify(new GraphClient({ graphUrl: `${redirectingOrigin}/v1.0`, tokens, maxAttempts: 1 })).catch(
        (error: unknown) => error,
      );
      expect(redirected).toBeInstanceOf(GraphRequestError);
      expect((redirected as GraphRequestError).message).toMatch(
        /^Microsoft Graph could not be reached for the notification to .*redirect.*; gave up after 1 attempts\.$/,
      );
      expect(elsewhere).toBe(0);
      const timedOut = await notify(new GraphClient({ graphUrl: `${silentOrigin}/v1.0`, tokens, maxAttempts: 1, timeoutMs: 300 })).catch(
        (error: unknown) => error,
      );
      expect(timedOut).toBeInstanceOf(GraphRequestError);
      expect((timedOut as GraphRequestError).message).toMatch(/: no answer in time; gave up after 1 attempts\.$/);
    } finally {
      silent.closeAllConnections();
      for (const server of [other, redirecting, silent]) await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('gives up in words after its attempts when Graph cannot be reached', async () => {
    const port = await closedPort();
    const waits: string[] = [];
    const client = new GraphClient({
      graphUrl: `http://127.0.0.1:${port}/v1.0`,
      tokens: new ClientCredentialsTokenProvider({
        authority: entra.authority,
        clientId: entra.clientId,
        clientSecret: entra.clientSecret,
      }),
      maxAttempts: 3,
      backoffMs: 10,
      log: (message) => waits.push(message),
    });
    const failure = await notify(client).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphRequestError);
    expect((failure as GraphRequestError).status).toBe(0);
    expect((failure as GraphRequestError).message).toMatch(
      new RegExp(
        `^Microsoft Graph could not be reached for the notification to ${USER} \\(http://127\\.0\\.0\\.1:${port}/v1\\.0/users/.+\\): .*ECONNREFUSED.*; gave up after 3 attempts\\.$`,
      ),
    );
    expect(waits).toHaveLength(2);
  });
});
