import { randomUUID } from 'node:crypto';
import { AuthError, ConfidentialClientApplication, ServerError, type AuthenticationResult, type NodeAuthOptions } from '@azure/msal-node';
import { EntraNetworkModule, type EntraExchange } from './EntraNetworkModule';
import { EntraTokenFailure } from './EntraTokenFailure';
import { fetchFailureText } from './fetchFailureText';
import { parseJsonObject } from './parseJsonObject';

/** The app registration and authority whose tokens `EntraTokenClients` gets. */
export interface EntraTokenClientsSettings {
  /** Entra's authority without the tenant and without a trailing slash: https://login.microsoftonline.com (demo and tests: an http address on this machine). */
  authority: string;
  clientId: string;
  clientSecret: string;
  /**
   * A token endpoint fixed by configuration (an ERP source's DATAHAVEN_ERP_*_TOKEN_URL) instead of
   * the one the authority's OpenID configuration names.
   */
  tokenEndpoint?: string;
  fetch?: typeof fetch;
  /** Time-out of one request to Entra (default 15 s). */
  timeoutMs?: number;
  /** The clock of the renewal (tests move it); MSAL's own cache keeps real time. */
  now?: () => number;
  /** Tokens a tenant's cache keeps at most (default 1000; the expired, then the oldest go first). */
  maxTokensPerTenant?: number;
}

/** How a caller asks MSAL for its token: the tenant's client, the correlation id to pass, whether to pass MSAL's cache by. */
export type EntraTokenAsk = (
  client: ConfidentialClientApplication,
  request: { correlationId: string; skipCache: boolean },
) => Promise<AuthenticationResult | null>;

/** How long a token is used, given its lifetime (ms): each caller's renewal margin. */
export type EntraTokenKeep = (lifetimeMs: number) => number;

/** Tenant ids are GUIDs or verified domains; anything else never reaches a URL. */
const TENANT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]{0,253}$/;

/** The lifetime assumed when Entra names none (its tokens live an hour). */
const DEFAULT_LIFETIME_MS = 60 * 60 * 1000;

/** The renewal times kept at most, across tenants (the oldest go first). */
const MAX_RENEWALS = 10_000;

function firstLine(text: string): string {
  return text.split(/\r?\n/)[0] ?? '';
}

function wordsOf(error: unknown): string {
  if (error instanceof AuthError) return firstLine(error.errorMessage || error.errorCode);
  return error instanceof Error && error.message !== '' ? firstLine(error.message) : String(error);
}

/**
 * Entra tokens through Microsoft's library, @azure/msal-node: one `ConfidentialClientApplication`
 * per tenant, so each tenant has its own token cache, and every request goes through our
 * `EntraNetworkModule` (time-outs, no redirects, Entra's words kept). MSAL takes https authorities
 * only; for an http authority (the demo's Entra stand-in, the tests' stand-ins, always on this
 * machine) we read the tenant's OpenID configuration ourselves and hand MSAL its endpoints
 * (`authorityMetadata`) under an https spelling of the authority that only names the cache's
 * environment and is never fetched — as the Outlook sign-in dialog does with msal-browser.
 * Concurrent callers of one key share one request; a caller's clock and `invalidate` decide when
 * MSAL's cache is passed by (`skipCache`).
 */
export class EntraTokenClients {
  readonly #settings: EntraTokenClientsSettings;
  readonly #network: EntraNetworkModule;
  readonly #clients = new Map<string, Promise<ConfidentialClientApplication>>();
  readonly #renewAt = new Map<string, number>();
  readonly #inFlight = new Map<string, Promise<string>>();

  constructor(settings: EntraTokenClientsSettings) {
    this.#settings = { ...settings, authority: settings.authority.replace(/\/+$/, '') };
    this.#network = new EntraNetworkModule({ fetch: settings.fetch, timeoutMs: settings.timeoutMs });
  }

  /** Whether `tenantId` may be asked for (a GUID or a domain, nothing that could change the URL). */
  static isTenantId(tenantId: string): boolean {
    return TENANT_PATTERN.test(tenantId);
  }

  /**
   * The token `ask` gets from `tenantId`'s client: from MSAL's cache while the caller's clock says
   * the token under `key` holds (MSAL asks Entra itself when its own clock says it lapsed), else
   * a new one from Entra. Throws an `EntraTokenFailure`.
   */
  token(tenantId: string, key: string, ask: EntraTokenAsk, keep: EntraTokenKeep): Promise<string> {
    let pending = this.#inFlight.get(key);
    if (pending === undefined) {
      pending = this.#acquire(tenantId, key, ask, keep).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /** The token under `key` is not to be used again (the API refused it: revoked, rotated secret): the next call asks Entra. */
  invalidate(key: string): void {
    this.#remember(key, Number.NEGATIVE_INFINITY);
  }

  #now(): number {
    return (this.#settings.now ?? Date.now)();
  }

  #remember(key: string, renewAt: number): void {
    this.#renewAt.delete(key);
    this.#renewAt.set(key, renewAt);
    // Map keeps insertion order: the first keys are the oldest.
    while (this.#renewAt.size > MAX_RENEWALS) this.#renewAt.delete(this.#renewAt.keys().next().value as string);
  }

  async #acquire(tenantId: string, key: string, ask: EntraTokenAsk, keep: EntraTokenKeep): Promise<string> {
    if (!EntraTokenClients.isTenantId(tenantId))
      throw new EntraTokenFailure('failed', {
        status: 0,
        code: 'InvalidTenant',
        description: `'${tenantId}' is not a tenant id.`,
        url: '',
      });
    const client = await this.#clientFor(tenantId);
    const renewAt = this.#renewAt.get(key);
    const correlationId = randomUUID();
    let result: AuthenticationResult | null;
    let exchange: EntraExchange | null;
    try {
      result = await ask(client, { correlationId, skipCache: renewAt !== undefined && renewAt <= this.#now() });
    } catch (error) {
      throw this.#failureOf(error, this.#network.take(correlationId));
    } finally {
      exchange = this.#network.take(correlationId);
    }
    if (result === null || result.accessToken === '') {
      throw new EntraTokenFailure('badAnswer', {
        status: exchange?.kind === 'answered' ? exchange.status : 0,
        code: 'BadResponse',
        description: 'an answer without an access token',
        url: exchange?.url ?? '',
      });
    }
    if (!result.fromCache || renewAt === undefined) {
      const expiresIn = exchange?.kind === 'answered' ? Number(exchange.body?.expires_in) : Number.NaN;
      const lifetimeMs =
        Number.isFinite(expiresIn) && expiresIn > 0
          ? expiresIn * 1000
          : result.expiresOn === null
            ? DEFAULT_LIFETIME_MS
            : result.expiresOn.getTime() - Date.now();
      this.#remember(key, this.#now() + keep(lifetimeMs));
    }
    if (!result.fromCache) this.#prune(client);
    return result.accessToken;
  }

  /** The failure in Entra's words where Entra answered; else why no answer came, or what stopped MSAL. */
  #failureOf(error: unknown, exchange: EntraExchange | null): EntraTokenFailure {
    if (exchange?.kind === 'unreachable')
      return new EntraTokenFailure('unreachable', { status: 0, code: 'Unreachable', description: exchange.detail, url: exchange.url });
    if (exchange?.kind === 'timedOut')
      return new EntraTokenFailure('timedOut', { status: 0, code: 'TimedOut', description: 'no answer in time', url: exchange.url });
    if (exchange?.kind === 'answered') {
      const { status, statusText, body, url } = exchange;
      if (status < 200 || status > 299) {
        const code = typeof body?.error === 'string' ? body.error : `Http${status}`;
        // Entra's first line says why (AADSTS7000215 wrong secret, AADSTS65001 consent …); the rest is trace ids.
        const description =
          typeof body?.error_description === 'string' ? firstLine(body.error_description) : `${status} ${statusText}`.trim();
        return new EntraTokenFailure('refused', { status, code, description, url });
      }
      return body === null
        ? new EntraTokenFailure('badAnswer', { status, code: 'NotJson', description: 'an answer that is not JSON', url })
        : new EntraTokenFailure('badAnswer', { status, code: 'BadResponse', description: wordsOf(error), url });
    }
    // MSAL holds back the request Entra answered 429/5xx to until Retry-After (its throttling): a refusal, without a call.
    if (error instanceof ServerError)
      return new EntraTokenFailure('refused', { status: 429, code: 'Throttled', description: wordsOf(error), url: '' });
    if (error instanceof EntraTokenFailure) return error;
    return new EntraTokenFailure('failed', {
      status: 0,
      code: error instanceof AuthError ? error.errorCode : 'Failed',
      description: wordsOf(error),
      url: '',
    });
  }

  #clientFor(tenantId: string): Promise<ConfidentialClientApplication> {
    let client = this.#clients.get(tenantId);
    if (client === undefined) {
      client = this.#authorityOf(tenantId).then(
        (authority) =>
          new ConfidentialClientApplication({
            auth: { clientId: this.#settings.clientId, clientSecret: this.#settings.clientSecret, ...authority },
            system: { networkClient: this.#network },
          }),
      );
      // A failed discovery is asked again next time, not remembered.
      client.catch(() => this.#clients.delete(tenantId));
      this.#clients.set(tenantId, client);
    }
    return client;
  }

  /** MSAL's authority options for `tenantId`. */
  async #authorityOf(tenantId: string): Promise<Pick<NodeAuthOptions, 'authority' | 'knownAuthorities' | 'authorityMetadata'>> {
    const base = `${this.#settings.authority}/${encodeURIComponent(tenantId)}`;
    const { tokenEndpoint } = this.#settings;
    if (tokenEndpoint !== undefined) {
      // The client-credentials grant uses only the token endpoint; MSAL wants a whole OpenID configuration, so it names the others too.
      // MSAL rewrites an endpoint's path where it differs from the authority's (a tenant's name for its id), so the
      // authority's path is the endpoint's first segment: the tenant in Entra's `/{tenant}/oauth2/v2.0/token`.
      const url = new URL(tokenEndpoint);
      const host = url.host;
      const authority = `https://${host}/${url.pathname.split('/')[1] ?? ''}`;
      const metadata = { issuer: authority, token_endpoint: tokenEndpoint, authorization_endpoint: tokenEndpoint, jwks_uri: tokenEndpoint };
      return { authority, knownAuthorities: [host], authorityMetadata: JSON.stringify(metadata) };
    }
    const url = new URL(base);
    // Our authority is the one we trust: MSAL need not ask login.microsoftonline.com whether it is a Microsoft cloud.
    if (url.protocol === 'https:') return { authority: base, knownAuthorities: [url.host] };
    const discovery = `${base}/v2.0/.well-known/openid-configuration`;
    let response: Response;
    try {
      response = await (this.#settings.fetch ?? fetch)(discovery, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.#settings.timeoutMs ?? 15_000),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TimeoutError';
      throw timedOut
        ? new EntraTokenFailure('timedOut', { status: 0, code: 'TimedOut', description: 'no answer in time', url: discovery })
        : new EntraTokenFailure('unreachable', { status: 0, code: 'Unreachable', description: fetchFailureText(error), url: discovery });
    }
    const body = parseJsonObject(await response.text().catch(() => ''));
    if (!response.ok || body === null || typeof body.token_endpoint !== 'string') {
      const code = typeof body?.error === 'string' ? body.error : `Http${response.status}`;
      const description =
        typeof body?.error_description === 'string'
          ? firstLine(body.error_description)
          : `no OpenID configuration (${response.status} ${response.statusText})`.trim();
      throw new EntraTokenFailure('refused', { status: response.status, code, description, url: discovery });
    }
    return { authority: `https://${url.host}${url.pathname}`, knownAuthorities: [url.host], authorityMetadata: JSON.stringify(body) };
  }

  /**
   * Keeps a tenant's cache bounded: MSAL keeps every token it got (one per user assertion in the
   * on-behalf-of flow, with its refresh token, the user's ID token and account) until the process
   * ends, so beyond the bound lapsed access tokens go, then the oldest, each with what was cached
   * for the same assertion and user.
   */
  #prune(client: ConfidentialClientApplication): void {
    const max = this.#settings.maxTokensPerTenant ?? 1000;
    // The cache's key-value store, MSAL's own entries: credentials carry credentialType, expiresOn and cachedAt (seconds),
    // userAssertionHash (on-behalf-of) and homeAccountId (the user, '' for app tokens); accounts carry homeAccountId.
    const store = client.getTokenCache().getKVStore() as unknown as Record<string, Record<string, unknown> | undefined>;
    const tokens = Object.entries(store)
      .filter(([, entry]) => entry?.credentialType === 'AccessToken')
      .map(([key, entry]) => ({
        key,
        expiresOn: Number(entry?.expiresOn),
        cachedAt: Number(entry?.cachedAt),
        assertion: typeof entry?.userAssertionHash === 'string' ? entry.userAssertionHash : '',
        user: typeof entry?.homeAccountId === 'string' ? entry.homeAccountId : '',
      }));
    if (tokens.length <= max) return;
    const nowSeconds = Date.now() / 1000;
    tokens.sort((a, b) => a.cachedAt - b.cachedAt);
    let left = tokens.length;
    for (const token of tokens) {
      if (left <= max && token.expiresOn > nowSeconds) continue;
      delete store[token.key];
      left -= 1;
      for (const [key, entry] of Object.entries(store)) {
        const sameAssertion = token.assertion !== '' && entry?.userAssertionHash === token.assertion;
        const sameUser = token.user !== '' && entry?.homeAccountId === token.user && entry.credentialType !== 'AccessToken';
        if (sameAssertion || sameUser) delete store[key];
      }
    }
  }
}
