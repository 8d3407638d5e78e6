import { AuthenticationHandlerOptions } from '@microsoft/microsoft-graph-client';
import type { AuthenticationProvider, Context, Middleware } from '@microsoft/microsoft-graph-client';
import { GraphCallState } from './GraphCallState';

/** An authentication provider whose cached token can be dropped when Graph refuses it. */
export interface RenewableAuthenticationProvider extends AuthenticationProvider {
  /** Forgets the cached token, so the next `getAccessToken` asks the issuer again. */
  invalidate?(): void;
}

/**
 * The Graph client's authentication middleware, in place of the library's AuthenticationHandler
 * (which sends a token only to https Graph hosts, so never to the configured stand-in of the demo
 * and the tests): a bearer token from the request's provider (`AuthenticationHandlerOptions`, the
 * app token of the call's tenant) or the client's own (the user's delegated token) on every
 * request of this client; a 401 gets one retry with a fresh token when the provider can renew
 * (rotated secret, revoked token). A provider that throws (Entra refused the app token) ends the
 * call before anything is sent; the error is kept in the call's `GraphCallState` as it was thrown.
 */
export class GraphAuthHandler implements Middleware {
  readonly #provider: RenewableAuthenticationProvider | undefined;
  readonly #fallback: GraphCallState;
  #next: Middleware | undefined;

  /** `provider`: the client's own token source, for requests that bring none; `fallback`: the state of requests that bring none. */
  constructor(provider?: RenewableAuthenticationProvider, fallback: GraphCallState = new GraphCallState()) {
    this.#provider = provider;
    this.#fallback = fallback;
  }

  /** Adds the bearer token and sends the request through the rest of the chain. */
  async execute(context: Context): Promise<void> {
    const next = this.#next;
    if (next === undefined) throw new Error('GraphAuthHandler needs a next middleware.');
    const given = context.middlewareControl?.getMiddlewareOptions(AuthenticationHandlerOptions);
    const provider: RenewableAuthenticationProvider | undefined =
      given instanceof AuthenticationHandlerOptions ? given.authenticationProvider : this.#provider;
    if (provider === undefined) throw new Error('A Graph request needs an authentication provider.');
    const state = GraphCallState.of(context, this.#fallback);
    await this.#authorize(context, provider, state);
    await next.execute(context);
    if (context.response?.status !== 401 || provider.invalidate === undefined) return;
    // A token the issuer gave but Graph no longer takes: one more try with a new one.
    await context.response.arrayBuffer().catch(() => undefined);
    provider.invalidate();
    await this.#authorize(context, provider, state);
    await next.execute(context);
  }

  /** Sets the next middleware in the chain. */
  setNext(next: Middleware): void {
    this.#next = next;
  }

  async #authorize(context: Context, provider: AuthenticationProvider, state: GraphCallState): Promise<void> {
    let token: string;
    try {
      token = await provider.getAccessToken();
    } catch (error) {
      state.thrown = error;
      throw error;
    }
    const headers = new Headers(context.options?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    context.options = { ...context.options, headers: Object.fromEntries(headers) };
  }
}
