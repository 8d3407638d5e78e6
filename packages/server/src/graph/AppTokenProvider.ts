import { EntraTokenClients } from './EntraTokenClients';
import { EntraTokenFailure } from './EntraTokenFailure';
import { GraphRequestError } from './GraphRequestError';

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
  /** The clock of the renewal (tests move it). */
  now?: () => number;
}

/** A token is renewed this long before Entra says it expires, so no call goes out with a token about to lapse. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

/** How long a token of `lifetimeMs` is used: short-lived tokens (tests, odd tenants) are kept for half their life rather than not at all. */
function keepFor(lifetimeMs: number): number {
  return lifetimeMs > 2 * EXPIRY_MARGIN_MS ? lifetimeMs - EXPIRY_MARGIN_MS : lifetimeMs / 2;
}

/**
 * App-only tokens for Microsoft Graph by the OAuth 2.0 client credentials grant, through MSAL
 * (`EntraTokenClients`: a ConfidentialClientApplication and its token cache per tenant) at
 * `${authority}/${tenant}`; a token is used until shortly before expiry, concurrent callers of one
 * tenant share one request. A refusal or an unreachable endpoint is a `GraphRequestError` in words
 * (Entra's error description included), never a crash.
 */
export class ClientCredentialsTokenProvider implements AppTokenSource {
  readonly #settings: ClientCredentialsSettings;
  readonly #clients: EntraTokenClients;

  constructor(settings: ClientCredentialsSettings) {
    this.#settings = settings;
    this.#clients = new EntraTokenClients({
      authority: settings.authority,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
      ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
      ...(settings.now === undefined ? {} : { now: settings.now }),
    });
  }

  /** The cached token of `tenantId`, or a new one from Entra. */
  tokenFor(tenantId: string): Promise<string> {
    if (!EntraTokenClients.isTenantId(tenantId))
      return Promise.reject(new GraphRequestError(0, 'InvalidTenant', `'${tenantId}' is not a tenant id.`));
    const scopes = [this.#settings.scope ?? 'https://graph.microsoft.com/.default'];
    return this.#clients
      .token(tenantId, tenantId, (client, request) => client.acquireTokenByClientCredential({ scopes, ...request }), keepFor)
      .catch((error: unknown) => {
        throw this.#inWords(error, tenantId);
      });
  }

  /** Drops the cached token of `tenantId`. */
  invalidate(tenantId: string): void {
    this.#clients.invalidate(tenantId);
  }

  #inWords(error: unknown, tenantId: string): GraphRequestError {
    if (!(error instanceof EntraTokenFailure)) return new GraphRequestError(0, 'Failed', String(error));
    const { clientId } = this.#settings;
    switch (error.kind) {
      case 'unreachable':
      case 'timedOut':
        return new GraphRequestError(
          0,
          'Unreachable',
          `Microsoft Entra ID could not be reached for an app token (${error.url}): ${error.description}`,
        );
      case 'refused':
        return new GraphRequestError(
          error.status,
          error.code,
          `Microsoft Entra ID refused an app token for tenant ${tenantId} (client ${clientId}): ${error.code}: ${error.description}`,
        );
      case 'badAnswer':
        return new GraphRequestError(502, 'BadResponse', `Microsoft Entra ID answered without an access token for tenant ${tenantId}.`);
      default:
        return new GraphRequestError(0, error.code, `No app token for tenant ${tenantId}: ${error.description}`);
    }
  }
}
