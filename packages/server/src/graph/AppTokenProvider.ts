import { fetchFailureText } from './fetchFailureText';
import { GraphRequestError } from './GraphRequestError';
import { parseJsonObject } from './parseJsonObject';

/** Where app-only Graph tokens come from; one token per tenant (the app is multi-tenant). */
export interface AppTokenSource {
  /** A Graph app token for `tenantId`, from the cache while it holds. */
  tokenFor(tenantId: string): Promise<string>;
  /** Forgets the cached token of `tenantId` (Graph refused it: revoked, rotated secret). */
  invalidate(tenantId: string): void;
}

/** The app registration a `ClientCredentialsTokenProvider` signs in as. */
export interface ClientCredentialsSettings {
  /** Entra's authority without a trailing slash, e.g. https://login.microsoftonline.com (demo: <origin>/demo/entra). */
  authority: string;
  clientId: string;
  clientSecret: string;
  /** Default `https://graph.microsoft.com/.default`: every application permission the app was granted. */
  scope?: string;
  fetch?: typeof fetch;
  /** Time-out of one token request (default 15 s). */
  timeoutMs?: number;
  /** The clock, for the cache (tests move it). */
  now?: () => number;
}

/** A token is renewed this long before Entra says it expires, so no call goes out with a token about to lapse. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

/** Tenant ids are GUIDs or verified domains; anything else never reaches a URL. */
const TENANT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]{0,253}$/;

interface CachedToken {
  token: string;
  /** Epoch ms after which the token is fetched again. */
  renewAt: number;
}

/**
 * App-only tokens for Microsoft Graph by the OAuth 2.0 client credentials grant at
 * `${authority}/${tenant}/oauth2/v2.0/token`, cached per tenant until shortly before expiry;
 * concurrent callers of one tenant share one request. A refusal or an unreachable endpoint is a
 * `GraphRequestError` in words (Entra's error description included), never a crash.
 */
export class ClientCredentialsTokenProvider implements AppTokenSource {
  readonly #settings: ClientCredentialsSettings;
  readonly #cache = new Map<string, CachedToken>();
  readonly #inFlight = new Map<string, Promise<string>>();

  constructor(settings: ClientCredentialsSettings) {
    this.#settings = { ...settings, authority: settings.authority.replace(/\/+$/, '') };
  }

  /** The cached token of `tenantId`, or a new one from Entra. */
  tokenFor(tenantId: string): Promise<string> {
    if (!TENANT_PATTERN.test(tenantId))
      return Promise.reject(new GraphRequestError(0, 'InvalidTenant', `'${tenantId}' is not a tenant id.`));
    const cached = this.#cache.get(tenantId);
    if (cached !== undefined && cached.renewAt > this.#now()) return Promise.resolve(cached.token);
    let pending = this.#inFlight.get(tenantId);
    if (pending === undefined) {
      pending = this.#fetchToken(tenantId).finally(() => this.#inFlight.delete(tenantId));
      this.#inFlight.set(tenantId, pending);
    }
    return pending;
  }

  /** Drops the cached token of `tenantId`. */
  invalidate(tenantId: string): void {
    this.#cache.delete(tenantId);
  }

  #now(): number {
    return (this.#settings.now ?? Date.now)();
  }

  async #fetchToken(tenantId: string): Promise<string> {
    const { authority, clientId, clientSecret } = this.#settings;
    const url = `${authority}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      scope: this.#settings.scope ?? 'https://graph.microsoft.com/.default',
    });
    let response: Response;
    try {
      response = await (this.#settings.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.#settings.timeoutMs ?? 15_000),
        redirect: 'error',
      });
    } catch (error) {
      throw new GraphRequestError(
        0,
        'Unreachable',
        `Microsoft Entra ID could not be reached for an app token (${url}): ${fetchFailureText(error)}`,
      );
    }
    const text = await response.text().catch(() => '');
    const parsed = parseJsonObject(text);
    if (!response.ok) {
      const code = typeof parsed?.error === 'string' ? parsed.error : `Http${response.status}`;
      const description =
        typeof parsed?.error_description === 'string'
          ? parsed.error_description.split(/\r?\n/)[0]
          : `${response.status} ${response.statusText}`.trim();
      throw new GraphRequestError(
        response.status,
        code,
        `Microsoft Entra ID refused an app token for tenant ${tenantId} (client ${clientId}): ${code}: ${description}`,
      );
    }
    const token = parsed?.access_token;
    const expiresIn = Number(parsed?.expires_in);
    if (typeof token !== 'string' || token === '')
      throw new GraphRequestError(502, 'BadResponse', `Microsoft Entra ID answered without an access token for tenant ${tenantId}.`);
    const lifetimeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 60 * 60 * 1000;
    // Short-lived tokens (tests, odd tenants) are kept for half their life rather than not at all.
    const keepMs = lifetimeMs > 2 * EXPIRY_MARGIN_MS ? lifetimeMs - EXPIRY_MARGIN_MS : lifetimeMs / 2;
    this.#cache.set(tenantId, { token, renewAt: this.#now() + keepMs });
    return token;
  }
}
