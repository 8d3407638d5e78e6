import { AuthenticationHandlerOptions, ResponseType } from '@microsoft/microsoft-graph-client';
import type { Client } from '@microsoft/microsoft-graph-client';
import type { AppTokenSource } from './AppTokenProvider';
import { AppTokenAuthenticationProvider } from './AppTokenAuthenticationProvider';
import { createGraphSdkClient } from './createGraphSdkClient';
import { fetchFailureText } from './fetchFailureText';
import { GraphCallState } from './GraphCallState';
import type { GraphRefusal } from './GraphCallState';
import { GraphRequestError } from './GraphRequestError';
import { sleepMs } from '../retry';
import type { RetrySettings } from '../retry';

/** One app-only Graph request. */
export interface GraphRequest {
  /** The tenant whose data the call touches (its app token is used). */
  tenantId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below the Graph URL's version, e.g. `/users/{id}/teamwork/sendActivityNotification`. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** What the call does, for error messages ("the activity notification to user …"). */
  purpose: string;
}

/** Options of a `GraphClient`. */
export interface GraphClientOptions {
  /** Graph's URL with its version, no trailing slash (DATAHAVEN_GRAPH_URL; https://graph.microsoft.com/v1.0). */
  graphUrl: string;
  tokens: AppTokenSource;
  /** Time-out of one attempt (default 15 s). */
  timeoutMs?: number;
  /** Attempts in all for throttling, unavailability and lost connections (default 4). */
  maxAttempts?: number;
  /**
   * The longest wait honoured in-process (default 30 s): Graph asking for a longer Retry-After
   * fails the call in words, and the caller's job tries again after its own backoff, so a job
   * never holds its lane for minutes.
   */
  maxWaitMs?: number;
  /** Wait before a retry Graph gave no Retry-After for; doubled each time (default 500 ms). */
  backoffMs?: number;
  /** Told of every retry, in words. */
  log?: (message: string) => void;
  /** How to wait (tests may count the waits). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The one port every app-only Microsoft Graph call of the server goes through (the mail drafts use
 * the user's delegated token in mail/GraphMailClient), on @microsoft/microsoft-graph-client with
 * our middleware (createGraphSdkClient): an app token per tenant from `tokens`; a time-out per
 * attempt; 429, 503 and 504 retried after Graph's Retry-After (seconds or an HTTP date) or a
 * doubling backoff, within `maxAttempts` and `maxWaitMs`, and a lost connection after the
 * backoff; one retry with a fresh token when Graph answers 401 (rotated secret, revoked token).
 * Every failure is a `GraphRequestError` whose message says what was attempted and Graph's own
 * reason.
 */
export class GraphClient {
  readonly #graphUrl: string;
  readonly #options: GraphClientOptions;
  readonly #retry: RetrySettings;
  readonly #client: Client;

  constructor(options: GraphClientOptions) {
    this.#graphUrl = options.graphUrl.replace(/\/+$/, '');
    this.#options = options;
    this.#retry = {
      maxAttempts: Math.max(1, options.maxAttempts ?? 4),
      maxWaitMs: options.maxWaitMs ?? 30_000,
      backoffMs: options.backoffMs ?? 500,
    };
    this.#client = createGraphSdkClient({
      baseUrl: this.#graphUrl,
      authentication: 'perRequest',
      retry: this.#retry,
      timeoutMs: options.timeoutMs ?? 15_000,
      retryUnreachable: true,
      sleep: options.sleep ?? sleepMs,
    });
  }

  /** Sends the request and resolves to Graph's JSON answer (undefined for an empty one, e.g. 204). */
  async send<T = unknown>(request: GraphRequest): Promise<T | undefined> {
    const url = `${this.#graphUrl}${request.path}`;
    const unreachable = (error: unknown): string =>
      `Microsoft Graph could not be reached for ${request.purpose} (${url}): ${fetchFailureText(error)}`;
    const state = new GraphCallState(async (cause, waitMs, attempt) => {
      if (cause.kind === 'unreachable') {
        this.#options.log?.(`${unreachable(cause.error)}; trying again`);
        return;
      }
      const failure = errorOf(
        { status: cause.response.status, statusText: cause.response.statusText, text: await cause.response.text().catch(() => '') },
        request.purpose,
      );
      this.#options.log?.(
        `${failure.message} Trying again in ${Math.ceil(waitMs / 1000)} s (attempt ${attempt + 1} of ${this.#retry.maxAttempts})`,
      );
    });
    const call = this.#client
      .api(request.path)
      .header('Accept', 'application/json')
      .middlewareOptions([
        state,
        new AuthenticationHandlerOptions(new AppTokenAuthenticationProvider(this.#options.tokens, request.tenantId)),
      ])
      .responseType(ResponseType.RAW);
    let response: Response;
    try {
      response = await sendAs(call, request.method, request.body);
    } catch (error) {
      if (state.unreachable !== null)
        throw new GraphRequestError(
          0,
          'Unreachable',
          `${unreachable(state.unreachable.error)}; gave up after ${state.unreachable.attempts} attempts.`,
        );
      throw state.thrown ?? error;
    }
    if (state.refusal === null) {
      const text = await response.text();
      return text === '' ? undefined : (JSON.parse(text) as T);
    }
    await response.arrayBuffer().catch(() => undefined);
    const failure = errorOf(state.refusal, request.purpose);
    const stopped = state.stopped;
    if (stopped?.kind === 'exhausted')
      throw new GraphRequestError(failure.status, failure.code, `${failure.message} Gave up after ${stopped.attempts} attempts.`);
    if (stopped?.kind === 'tooLong') {
      throw new GraphRequestError(
        failure.status,
        failure.code,
        `${failure.message} Graph asked to wait ${Math.ceil(stopped.ms / 1000)} s before trying again; the job tries again later.`,
      );
    }
    throw failure;
  }
}

/** The library request sent with `method` (JSON body, if any); resolves to Graph's raw answer. */
async function sendAs(call: ReturnType<Client['api']>, method: GraphRequest['method'], body: unknown): Promise<Response> {
  switch (method) {
    case 'GET':
      return call.get();
    case 'DELETE':
      return call.delete();
    case 'POST':
      return call.post(body);
    case 'PATCH':
      return call.patch(body);
  }
}

/** Graph's refusal in words: its error code and message when the body is Graph's JSON error, else the status line. */
function errorOf(refusal: GraphRefusal, purpose: string): GraphRequestError {
  let code = `Http${refusal.status}`;
  let reason = `${refusal.status} ${refusal.statusText}`.trim();
  try {
    const parsed = JSON.parse(refusal.text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.code === 'string') code = parsed.error.code;
    if (typeof parsed.error?.message === 'string' && parsed.error.message !== '')
      reason = `${refusal.status} ${code}: ${parsed.error.message.replace(/\.+$/, '')}`;
  } catch {
    // Not Graph's JSON error body: the status line says it.
  }
  return new GraphRequestError(refusal.status, code, `Microsoft Graph refused ${purpose}: ${reason}.`);
}
