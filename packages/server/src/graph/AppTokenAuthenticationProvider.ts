import type { AppTokenSource } from './AppTokenProvider';
import type { RenewableAuthenticationProvider } from './GraphAuthHandler';

/**
 * The Graph client's authentication provider for app-only calls: the app token of one tenant
 * from an `AppTokenSource` (client credentials, cached per tenant), dropped from the cache when
 * Graph refuses it.
 */
export class AppTokenAuthenticationProvider implements RenewableAuthenticationProvider {
  readonly #tokens: AppTokenSource;
  readonly #tenantId: string;

  constructor(tokens: AppTokenSource, tenantId: string) {
    this.#tokens = tokens;
    this.#tenantId = tenantId;
  }

  /** The tenant's app token, from the cache while it holds. */
  getAccessToken(): Promise<string> {
    return this.#tokens.tokenFor(this.#tenantId);
  }

  /** Forgets the tenant's cached token. */
  invalidate(): void {
    this.#tokens.invalidate(this.#tenantId);
  }
}
