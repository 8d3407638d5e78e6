import type { AuthenticationProvider } from '@microsoft/microsoft-graph-client';

/**
 * The Graph client's authentication provider for calls on a user's behalf: the delegated token
 * the host gave or the on-behalf-of exchange got for this request. It cannot be renewed here (the
 * user's assertion is the host's), so a 401 is Graph's answer as it is.
 */
export class DelegatedTokenAuthenticationProvider implements AuthenticationProvider {
  readonly #token: string;

  constructor(token: string) {
    this.#token = token;
  }

  /** The user's delegated token. */
  async getAccessToken(): Promise<string> {
    return this.#token;
  }
}
