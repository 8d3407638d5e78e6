import { createHash } from 'node:crypto';
import { EntraTokenClients, EntraTokenFailure, GraphRequestError } from '../../graph';
import { onBehalfOfMessagesFor } from './onBehalfOfMessagesFor';

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
  /** The clock of the renewal (tests move it). */
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

/** How long a token of `lifetimeMs` is used: short-lived tokens are kept for half their life rather than not at all. */
function keepFor(lifetimeMs: number): number {
  return lifetimeMs > 2 * EXPIRY_MARGIN_MS ? lifetimeMs - EXPIRY_MARGIN_MS : lifetimeMs / 2;
}

/** Why no token came, in the words the user reads (Entra's own description where it gave one). */
function inWords(error: unknown): GraphRequestError {
  if (!(error instanceof EntraTokenFailure)) return new GraphRequestError(0, 'Failed', String(error));
  switch (error.kind) {
    case 'unreachable':
    case 'timedOut':
      return new GraphRequestError(0, 'Unreachable', (language) =>
        onBehalfOfMessagesFor(language).unreachable(error.url, error.description),
      );
    case 'refused':
      return new GraphRequestError(error.status, error.code, (language) =>
        onBehalfOfMessagesFor(language).refused(error.code, error.description),
      );
    case 'badAnswer':
      return new GraphRequestError(502, 'BadResponse', (language) => onBehalfOfMessagesFor(language).noAccessToken);
    default:
      return new GraphRequestError(0, error.code, (language) => onBehalfOfMessagesFor(language).failed(error.description));
  }
}

/**
 * The OAuth 2.0 on-behalf-of flow (Entra's jwt-bearer grant, `requested_token_use=on_behalf_of`)
 * through MSAL (`acquireTokenOnBehalfOf`, a ConfidentialClientApplication and its token cache per
 * tenant) at `${authority}/${tenant}` with our client id and secret: the user's token for our API
 * (Office SSO / NAA) becomes a delegated Graph token with `Mail.ReadWrite`. MSAL caches tokens per
 * assertion (by its hash) until shortly before they expire; concurrent exchanges of one assertion
 * share one request. Entra's refusals (consent missing, MFA required) are `GraphRequestError`s with
 * Entra's own description.
 */
export function onBehalfOfGraphTokens(settings: OnBehalfOfSettings): OnBehalfOfTokenSource {
  // The authority and client are read at each exchange; a changed one gets its own MSAL clients.
  let current: { key: string; clients: EntraTokenClients } | null = null;
  const clientsFor = (authority: string, clientId: string, clientSecret: string): EntraTokenClients => {
    const key = createHash('sha256')
      .update(JSON.stringify([authority, clientId, clientSecret]))
      .digest('base64url');
    if (current?.key !== key) {
      const clients = new EntraTokenClients({
        authority,
        clientId,
        clientSecret,
        ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
        ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
        ...(settings.now === undefined ? {} : { now: settings.now }),
        ...(settings.maxEntries === undefined ? {} : { maxTokensPerTenant: settings.maxEntries }),
      });
      current = { key, clients };
    }
    return current.clients;
  };

  return {
    graphTokenFor(assertion: string, tenantId: string): Promise<string> {
      if (!EntraTokenClients.isTenantId(tenantId))
        return Promise.reject(new GraphRequestError(0, 'InvalidTenant', `'${tenantId}' is not a tenant id.`));
      const { clientId, clientSecret } = settings.client();
      if (clientSecret === null || clientId === '') {
        return Promise.reject(new GraphRequestError(0, 'NotConfigured', (language) => onBehalfOfMessagesFor(language).notConfigured));
      }
      const scope = settings.scope ?? GRAPH_MAIL_SCOPE;
      // Keyed by the assertion's SHA-256, so no token is held as a key.
      const key = createHash('sha256').update(`${tenantId}\n${scope}\n${assertion}`).digest('base64url');
      return clientsFor(settings.authority().replace(/\/+$/, ''), clientId, clientSecret)
        .token(
          tenantId,
          key,
          (client, request) => client.acquireTokenOnBehalfOf({ oboAssertion: assertion, scopes: [scope], ...request }),
          keepFor,
        )
        .catch((error: unknown) => {
          throw inWords(error);
        });
    },
  };
}
