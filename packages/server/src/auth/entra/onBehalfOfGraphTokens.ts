import { createHash } from 'node:crypto';
import { GraphRequestError, fetchFailureText, parseJsonObject } from '../../graph';

/** The delegated Graph permission a reply draft needs (HOSTS.md "Outlook add-in / Read mode"). */
export const GRAPH_MAIL_SCOPE = 'https://graph.microsoft.com/Mail.ReadWrite';

/** What an on-behalf-of exchange needs, read at each exchange (the demo's authority is settled once the server listens). */
export interface OnBehalfOfSettings {
  /** Entra's authority without a trailing slash (DATAHAVEN_ENTRA_AUTHORITY). */
  authority: () => string;
  /** Our app registration's id and secret (DATAHAVEN_ENTRA_CLIENT_ID / _SECRET); a null secret means the exchange is off. */
  client: () => { clientId: string; clientSecret: string | null };
  /** Default GRAPH_MAIL_SCOPE. */
  scope?: string;
  fetch?: typeof fetch;
  /** Time-out of one token request (default 15 s). */
  timeoutMs?: number;
  /** The clock, for the cache (tests move it). */
  now?: () => number;
  /** Cached tokens kept at most (default 1000; the oldest go first). */
  maxEntries?: number;
}

/** Graph tokens for a user, got with the user's own token for our API. */
export interface OnBehalfOfTokenSource {
  /** A delegated Graph token for the user `assertion` speaks for (a validated token of `tenantId`), from the cache while it holds. */
  graphTokenFor(assertion: string, tenantId: string): Promise<string>;
}

/** A token is renewed this long before Entra says it expires. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;
const TENANT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]{0,253}$/;

interface CachedToken {
  token: string;
  renewAt: number;
}

/**
 * The OAuth 2.0 on-behalf-of flow (Entra's jwt-bearer grant, `requested_token_use=on_behalf_of`)
 * at `${authority}/${tenant}/oauth2/v2.0/token` with our client id and secret: the user's token
 * for our API (Office SSO / NAA) becomes a delegated Graph token with `Mail.ReadWrite`. Tokens are
 * cached per assertion (keyed by its SHA-256, so no token is held as a key) until shortly before
 * they expire; concurrent exchanges of one assertion share one request. Entra's refusals
 * (consent missing, MFA required) are `GraphRequestError`s with Entra's own description.
 */
export function onBehalfOfGraphTokens(settings: OnBehalfOfSettings): OnBehalfOfTokenSource {
  const cache = new Map<string, CachedToken>();
  const inFlight = new Map<string, Promise<string>>();
  const now = (): number => (settings.now ?? Date.now)();
  const maxEntries = settings.maxEntries ?? 1000;

  const remember = (key: string, entry: CachedToken): void => {
    const at = now();
    for (const [other, cached] of cache) if (cached.renewAt <= at) cache.delete(other);
    cache.delete(key);
    cache.set(key, entry);
    // Map keeps insertion order: the first keys are the oldest.
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  };

  const exchange = async (key: string, assertion: string, tenantId: string): Promise<string> => {
    const { clientId, clientSecret } = settings.client();
    if (clientSecret === null || clientId === '') {
      throw new GraphRequestError(
        0,
        'NotConfigured',
        'This server has no Microsoft Entra ID client secret (DATAHAVEN_ENTRA_CLIENT_SECRET), so it cannot get a Graph token on your behalf.',
      );
    }
    const url = `${settings.authority().replace(/\/+$/, '')}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      client_id: clientId,
      client_secret: clientSecret,
      assertion,
      scope: settings.scope ?? GRAPH_MAIL_SCOPE,
      requested_token_use: 'on_behalf_of',
    });
    let response: Response;
    try {
      response = await (settings.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
        redirect: 'error',
      });
    } catch (error) {
      throw new GraphRequestError(
        0,
        'Unreachable',
        `Microsoft Entra ID could not be reached for a Graph token on your behalf (${url}): ${fetchFailureText(error)}`,
      );
    }
    const parsed = parseJsonObject(await response.text().catch(() => ''));
    if (!response.ok) {
      const code = typeof parsed?.error === 'string' ? parsed.error : `Http${response.status}`;
      // Entra's first line says why (AADSTS65001 consent, AADSTS50076 MFA …); the rest is trace ids.
      const description =
        typeof parsed?.error_description === 'string'
          ? parsed.error_description.split(/\r?\n/)[0]
          : `${response.status} ${response.statusText}`.trim();
      throw new GraphRequestError(
        response.status,
        code,
        `Microsoft Entra ID refused a Graph token on your behalf: ${code}: ${description}`,
      );
    }
    const token = parsed?.access_token;
    if (typeof token !== 'string' || token === '')
      throw new GraphRequestError(502, 'BadResponse', 'Microsoft Entra ID answered without an access token.');
    const expiresIn = Number(parsed?.expires_in);
    const lifetimeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 60 * 60 * 1000;
    // Short-lived tokens are kept for half their life rather than not at all.
    const keepMs = lifetimeMs > 2 * EXPIRY_MARGIN_MS ? lifetimeMs - EXPIRY_MARGIN_MS : lifetimeMs / 2;
    remember(key, { token, renewAt: now() + keepMs });
    return token;
  };

  return {
    graphTokenFor(assertion: string, tenantId: string): Promise<string> {
      if (!TENANT_PATTERN.test(tenantId))
        return Promise.reject(new GraphRequestError(0, 'InvalidTenant', `'${tenantId}' is not a tenant id.`));
      const key = createHash('sha256')
        .update(`${tenantId}\n${settings.scope ?? GRAPH_MAIL_SCOPE}\n${assertion}`)
        .digest('base64url');
      const cached = cache.get(key);
      if (cached !== undefined && cached.renewAt > now()) return Promise.resolve(cached.token);
      let pending = inFlight.get(key);
      if (pending === undefined) {
        pending = exchange(key, assertion, tenantId).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
