import { randomUUID } from 'node:crypto';
import type { AuthenticationResult } from '@azure/msal-node';
import { decodeJwt } from 'jose';
import { startOboEntraStandIn, type OboEntraStandIn } from '../mail/test/startOboEntraStandIn';
import { freePort } from '../test/freePort';
import { startEntraAppTokenStandIn, type EntraAppTokenStandIn } from '../test/startEntraAppTokenStandIn';
import { ClientCredentialsTokenProvider } from './AppTokenProvider';
import { EntraTokenClients, type EntraTokenAsk } from './EntraTokenClients';
import { EntraTokenFailure } from './EntraTokenFailure';
import { GraphRequestError } from './GraphRequestError';

const TENANT_A = '11111111-1111-4111-8111-111111111111';
const TENANT_B = '22222222-2222-4222-8222-222222222222';
const GRAPH_DEFAULT = 'https://graph.microsoft.com/.default';
const keepAll = (lifetimeMs: number): number => lifetimeMs - 60_000;

describe('EntraTokenClients: tokens through MSAL, a client and token cache per tenant', () => {
  let entra: EntraAppTokenStandIn;
  beforeAll(async () => {
    entra = await startEntraAppTokenStandIn(TENANT_A, [TENANT_B]);
  });
  afterAll(async () => {
    await entra.close();
  });

  /** Client credentials through MSAL, noting whether each answer came from MSAL's cache. */
  const clientCredentials =
    (fromCache: boolean[]): EntraTokenAsk =>
    async (client, request) => {
      const result: AuthenticationResult | null = await client.acquireTokenByClientCredential({ scopes: [GRAPH_DEFAULT], ...request });
      if (result !== null) fromCache.push(result.fromCache);
      return result;
    };

  it("serves a tenant's second call from MSAL's cache of that tenant; another tenant asks Entra again", async () => {
    const clients = new EntraTokenClients({ authority: entra.authority, clientId: entra.clientId, clientSecret: entra.clientSecret });
    const fromCache: boolean[] = [];
    const [a0, b0] = [entra.tokensIssued(TENANT_A), entra.tokensIssued(TENANT_B)];

    const first = await clients.token(TENANT_A, TENANT_A, clientCredentials(fromCache), keepAll);
    const second = await clients.token(TENANT_A, TENANT_A, clientCredentials(fromCache), keepAll);
    expect(second).toBe(first);
    expect(entra.tokensIssued(TENANT_A) - a0).toBe(1);

    const other = await clients.token(TENANT_B, TENANT_B, clientCredentials(fromCache), keepAll);
    expect(other).not.toBe(first);
    expect(decodeJwt(other).tid).toBe(TENANT_B);
    expect(decodeJwt(first).tid).toBe(TENANT_A);
    expect(entra.tokensIssued(TENANT_B) - b0).toBe(1);
    // A's token is still in A's cache: B's request did not replace it.
    expect(await clients.token(TENANT_A, TENANT_A, clientCredentials(fromCache), keepAll)).toBe(first);
    expect(fromCache).toEqual([false, true, false, true]);
    expect(entra.tokensIssued(TENANT_A) - a0).toBe(1);
  });

  it('passes the cache by when the caller invalidated the token or its clock says the token is due', async () => {
    let clock = Date.parse('2026-12-07T10:00:00Z');
    const clients = new EntraTokenClients({
      authority: entra.authority,
      clientId: entra.clientId,
      clientSecret: entra.clientSecret,
      now: () => clock,
    });
    const fromCache: boolean[] = [];
    const before = entra.tokensIssued(TENANT_A);
    await clients.token(TENANT_A, 'a', clientCredentials(fromCache), keepAll);
    clients.invalidate('a');
    await clients.token(TENANT_A, 'a', clientCredentials(fromCache), keepAll);
    expect(entra.tokensIssued(TENANT_A) - before).toBe(2);
    await clients.token(TENANT_A, 'a', clientCredentials(fromCache), keepAll);
    expect(entra.tokensIssued(TENANT_A) - before).toBe(2);
    // The stand-in's tokens live 3599 s; kept a minute less.
    clock += 3_538_000;
    await clients.token(TENANT_A, 'a', clientCredentials(fromCache), keepAll);
    expect(entra.tokensIssued(TENANT_A) - before).toBe(2);
    clock += 1_000;
    await clients.token(TENANT_A, 'a', clientCredentials(fromCache), keepAll);
    expect(entra.tokensIssued(TENANT_A) - before).toBe(3);
    expect(fromCache).toEqual([false, false, true, true, false]);
  });

  it('shares one request among concurrent callers of a key', async () => {
    const clients = new EntraTokenClients({ authority: entra.authority, clientId: entra.clientId, clientSecret: entra.clientSecret });
    const before = entra.tokensIssued(TENANT_B);
    const fromCache: boolean[] = [];
    const tokens = await Promise.all([1, 2, 3].map(() => clients.token(TENANT_B, TENANT_B, clientCredentials(fromCache), keepAll)));
    expect(new Set(tokens).size).toBe(1);
    expect(entra.tokensIssued(TENANT_B) - before).toBe(1);
  });

  it("says Entra's refusal with its status, code and first line; an unknown tenant is refused before MSAL asks", async () => {
    const clients = new EntraTokenClients({ authority: entra.authority, clientId: entra.clientId, clientSecret: 'wrong' });
    const refusal = await clients.token(TENANT_A, TENANT_A, clientCredentials([]), keepAll).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EntraTokenFailure);
    expect(refusal).toMatchObject({
      kind: 'refused',
      status: 401,
      code: 'invalid_client',
      description: 'AADSTS7000215: Invalid client secret provided.',
      url: `${entra.authority}/${TENANT_A}/oauth2/v2.0/token`,
    });
    await expect(clients.token('../evil', 'x', clientCredentials([]), keepAll)).rejects.toMatchObject({
      kind: 'failed',
      code: 'InvalidTenant',
    });
  });

  it('tells an authority that does not answer from a refusal', async () => {
    const port = await freePort();
    const clients = new EntraTokenClients({ authority: `http://127.0.0.1:${port}`, clientId: 'c', clientSecret: 's' });
    const failure = await clients.token(TENANT_A, TENANT_A, clientCredentials([]), keepAll).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'unreachable', status: 0 });
    expect((failure as EntraTokenFailure).description).toMatch(/ECONNREFUSED/);
    // A fixed token endpoint (an ERP source's) is asked by MSAL itself: the same words, naming the endpoint without MSAL's query.
    const fixed = new EntraTokenClients({
      authority: `http://127.0.0.1:${port}`,
      tokenEndpoint: `http://127.0.0.1:${port}/oauth2/token`,
      clientId: 'c',
      clientSecret: 's',
    });
    const unanswered = await fixed.token('demo', 'demo', clientCredentials([]), keepAll).catch((error: unknown) => error);
    expect(unanswered).toMatchObject({ kind: 'unreachable', status: 0, url: `http://127.0.0.1:${port}/oauth2/token` });
    expect((unanswered as EntraTokenFailure).description).toMatch(/ECONNREFUSED/);
  });
});

describe('ClientCredentialsTokenProvider: Graph app tokens per tenant through MSAL', () => {
  let entra: EntraAppTokenStandIn;
  beforeAll(async () => {
    entra = await startEntraAppTokenStandIn(TENANT_A, [TENANT_B]);
  });
  afterAll(async () => {
    await entra.close();
  });

  it("keeps each tenant's token in that tenant's cache, renews after invalidate, and says a refusal in Entra's words", async () => {
    const tokens = new ClientCredentialsTokenProvider({
      authority: entra.authority,
      clientId: entra.clientId,
      clientSecret: entra.clientSecret,
    });
    const a = await tokens.tokenFor(TENANT_A);
    expect(await tokens.tokenFor(TENANT_A)).toBe(a);
    const b = await tokens.tokenFor(TENANT_B);
    expect(decodeJwt(b).tid).toBe(TENANT_B);
    expect([entra.tokensIssued(TENANT_A), entra.tokensIssued(TENANT_B)]).toEqual([1, 1]);
    tokens.invalidate(TENANT_A);
    expect(decodeJwt(await tokens.tokenFor(TENANT_A)).tid).toBe(TENANT_A);
    expect(await tokens.tokenFor(TENANT_B)).toBe(b);
    expect([entra.tokensIssued(TENANT_A), entra.tokensIssued(TENANT_B)]).toEqual([2, 1]);

    const wrong = new ClientCredentialsTokenProvider({ authority: entra.authority, clientId: entra.clientId, clientSecret: 'wrong' });
    const refusal = await wrong.tokenFor(TENANT_B).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(GraphRequestError);
    expect(refusal).toMatchObject({
      status: 401,
      code: 'invalid_client',
      message: `Microsoft Entra ID refused an app token for tenant ${TENANT_B} (client ${entra.clientId}): invalid_client: AADSTS7000215: Invalid client secret provided.`,
    });
  });
});

describe('on-behalf-of tokens through MSAL: a bounded cache per tenant', () => {
  let entra: OboEntraStandIn;
  beforeAll(async () => {
    entra = await startOboEntraStandIn('graph-token-bounded');
  });
  afterAll(async () => {
    await entra.close();
  });

  it("drops the oldest user's token when the tenant's cache is full, so that user's next call exchanges again", async () => {
    const clients = new EntraTokenClients({
      authority: entra.authority,
      clientId: entra.clientId,
      clientSecret: entra.clientSecret,
      maxTokensPerTenant: 2,
    });
    const onBehalfOf =
      (assertion: string): EntraTokenAsk =>
      (client, request) =>
        client.acquireTokenOnBehalfOf({ oboAssertion: assertion, scopes: ['https://graph.microsoft.com/Mail.ReadWrite'], ...request });
    const assertions = await Promise.all(['one', 'two', 'three'].map((name) => entra.userToken(randomUUID(), `${name}@example.test`)));
    const before = entra.exchanges();
    for (const assertion of assertions) await clients.token(entra.tenantId, assertion, onBehalfOf(assertion), keepAll);
    expect(entra.exchanges() - before).toBe(3);
    // The newest two are still cached.
    await clients.token(entra.tenantId, assertions[2], onBehalfOf(assertions[2]), keepAll);
    await clients.token(entra.tenantId, assertions[1], onBehalfOf(assertions[1]), keepAll);
    expect(entra.exchanges() - before).toBe(3);
    // The first went when the third came.
    await clients.token(entra.tenantId, assertions[0], onBehalfOf(assertions[0]), keepAll);
    expect(entra.exchanges() - before).toBe(4);
  });
});
