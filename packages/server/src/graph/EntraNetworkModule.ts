import { AuthError, type INetworkModule, type NetworkRequestOptions, type NetworkResponse } from '@azure/msal-node';
import { fetchFailureText } from './fetchFailureText';
import { parseJsonObject } from './parseJsonObject';

/**
 * What became of one request MSAL sent to Entra, as MSAL's own errors cannot tell it: the HTTP
 * status and Entra's OAuth fields word for word, or why no answer came.
 */
export type EntraExchange =
  | { kind: 'answered'; url: string; status: number; statusText: string; body: Record<string, unknown> | null }
  | { kind: 'unreachable'; url: string; detail: string }
  | { kind: 'timedOut'; url: string };

/** How MSAL's requests travel: our fetch (tests and the demo pass theirs), a time-out on every request, no redirects. */
export interface EntraNetworkSettings {
  fetch?: typeof fetch;
  /** Time-out of one request (default 15 s). */
  timeoutMs?: number;
}

/**
 * MSAL's network module (`system.networkClient`) over fetch. msal-node's own client has no
 * time-out on token requests and follows redirects; ours bounds each request and refuses
 * redirects, and it notes what each request met under MSAL's correlation id, so the caller can
 * say Entra's refusal in Entra's words (MSAL folds the description into a longer text) and tell
 * an unreachable endpoint from a slow one. Transport failures are thrown as MSAL `AuthError`s,
 * which MSAL passes on untouched.
 */
export class EntraNetworkModule implements INetworkModule {
  readonly #settings: EntraNetworkSettings;
  readonly #exchanges = new Map<string, EntraExchange>();

  constructor(settings: EntraNetworkSettings = {}) {
    this.#settings = settings;
  }

  /** The discovery documents MSAL reads (OpenID configuration, instance discovery). */
  sendGetRequestAsync<T>(url: string, options?: NetworkRequestOptions, timeout?: number): Promise<NetworkResponse<T>> {
    return this.#send<T>(url, 'GET', options, timeout);
  }

  /** The token requests MSAL makes. */
  sendPostRequestAsync<T>(url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> {
    return this.#send<T>(url, 'POST', options);
  }

  /** What the requests of `correlationId` met (the last of them), forgotten once read so the log never grows. */
  take(correlationId: string): EntraExchange | null {
    const exchange = this.#exchanges.get(correlationId) ?? null;
    this.#exchanges.delete(correlationId);
    return exchange;
  }

  async #send<T>(url: string, method: 'GET' | 'POST', options: NetworkRequestOptions = {}, timeout?: number): Promise<NetworkResponse<T>> {
    // The query string is MSAL's telemetry (client-request-id …): the endpoint named in words is the path.
    const endpoint = url.split('?')[0] ?? url;
    const note = (exchange: EntraExchange): void => {
      if (options.correlationId !== undefined) this.#exchanges.set(options.correlationId, exchange);
    };
    const timeoutMs = Math.min(this.#settings.timeoutMs ?? 15_000, timeout ?? Number.POSITIVE_INFINITY);
    let response: Response;
    try {
      response = await (this.#settings.fetch ?? fetch)(url, {
        method,
        headers: { Accept: 'application/json', ...options.headers },
        ...(method === 'POST' ? { body: options.body ?? '' } : {}),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TimeoutError';
      note(timedOut ? { kind: 'timedOut', url: endpoint } : { kind: 'unreachable', url: endpoint, detail: fetchFailureText(error) });
      throw new AuthError(timedOut ? 'entra_timed_out' : 'entra_unreachable', options.correlationId ?? '', fetchFailureText(error));
    }
    const body = parseJsonObject(await response.text().catch(() => ''));
    note({ kind: 'answered', url: endpoint, status: response.status, statusText: response.statusText, body });
    if (body === null)
      throw new AuthError('entra_not_json', options.correlationId ?? '', `HTTP ${response.status}: an answer that is not JSON`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // MSAL reads the OAuth fields of the JSON object itself; T is the shape it expects of them.
    return { status: response.status, headers, body: body as T };
  }
}
