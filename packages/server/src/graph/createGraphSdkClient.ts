import { Client, HTTPMessageHandler } from '@microsoft/microsoft-graph-client';
import type { Middleware } from '@microsoft/microsoft-graph-client';
import { GraphAuthHandler } from './GraphAuthHandler';
import type { GraphCallState } from './GraphCallState';
import type { RenewableAuthenticationProvider } from './GraphAuthHandler';
import { GraphRetryHandler } from './GraphRetryHandler';
import type { GraphRetrySettings } from './GraphRetryHandler';

/** What a Microsoft Graph client of the server is made of. */
export interface GraphSdkClientOptions extends GraphRetrySettings {
  /**
   * Every request's URL starts here: the configured Graph URL (the stand-in in the demo and the
   * tests), never the library's default https://graph.microsoft.com.
   */
  baseUrl: string;
  /**
   * A provider: the client's one token source; `'perRequest'`: each request brings its own
   * (`AuthenticationHandlerOptions`: the app token of the call's tenant); `'none'`: no
   * Authorization at all (an upload session's pre-authenticated URL, where a bearer token would
   * leak to another host).
   */
  authentication: RenewableAuthenticationProvider | 'perRequest' | 'none';
  /**
   * The state of requests that bring none of their own: those the library itself sends (an upload
   * session's PUTs), one after another, so the caller can read how the last one ended.
   */
  callState?: GraphCallState;
}

/**
 * A `Client` of @microsoft/microsoft-graph-client with the server's middleware chain:
 * authentication (GraphAuthHandler) → retry with time-out and redirect refusal
 * (GraphRetryHandler) → the library's HTTPMessageHandler, which sends with the global fetch.
 * Paths are relative to `baseUrl`, which carries the version if the caller wants one (the
 * library's own version segment is left empty).
 */
export function createGraphSdkClient(options: GraphSdkClientOptions): Client {
  const { authentication, baseUrl, callState, ...retry } = options;
  const chain: Middleware[] = [];
  if (authentication !== 'none') chain.push(new GraphAuthHandler(authentication === 'perRequest' ? undefined : authentication, callState));
  chain.push(new GraphRetryHandler(retry, callState), new HTTPMessageHandler());
  return Client.initWithMiddleware({ middleware: chain, baseUrl: baseUrl.replace(/\/+$/, ''), defaultVersion: '' });
}
