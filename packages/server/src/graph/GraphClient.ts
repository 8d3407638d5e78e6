import type { AppTokenSource } from './AppTokenProvider';
import { fetchFailureText } from './fetchFailureText';
import { GraphRequestError } from './GraphRequestError';
import { RETRIABLE_GRAPH_STATUSES, decideRetry, retryBackoffMs, sleepMs } from '../retry';
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
  fetch?: typeof fetch;
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
 * The one port every Microsoft Graph call of the server goes through (app-only calls; the mail
 * drafts use the user's delegated token in mail/GraphMailClient): an app token per tenant from
 * `tokens`; a time-out per attempt; 429, 503 and 504 retried after Graph's Retry-After (seconds
 * or an HTTP date) or a doubling backoff, within `maxAttempts` and `maxWaitMs`; one retry with a
 * fresh token when Graph answers 401 (rotated secret, revoked token). Every failure is a
 * `GraphRequestError` whose message says what was attempted and Graph's own reason.
 */
export class GraphClient {
  readonly #graphUrl: string;
  readonly #options: GraphClientOptions;

  constructor(options: GraphClientOptions) {
    this.#graphUrl = options.graphUrl.replace(/\/+$/, '');
    this.#options = options;
  }

  /** Sends the request and resolves to Graph's JSON answer (undefined for an empty one, e.g. 204). */
  async send<T = unknown>(request: GraphRequest): Promise<T | undefined> {
    const retry = this.#retrySettings();
    const maxAttempts = retry.maxAttempts;
    const url = `${this.#graphUrl}${request.path}`;
    let refreshedToken = false;
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.#options.tokens.tokenFor(request.tenantId);
      let response: Response;
      try {
        response = await (this.#options.fetch ?? fetch)(url, {
          method: request.method,
          headers: {
            Authorization: `Bearer ${token}`,
            Accept: 'application/json',
            ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(this.#options.timeoutMs ?? 15_000),
          redirect: 'error',
        });
      } catch (error) {
        const reason = `Microsoft Graph could not be reached for ${request.purpose} (${url}): ${fetchFailureText(error)}`;
        if (attempt >= maxAttempts) throw new GraphRequestError(0, 'Unreachable', `${reason}; gave up after ${attempt} attempts.`);
        await this.#wait(this.#backoff(attempt), `${reason}; trying again`);
        continue;
      }
      if (response.ok) {
        const text = await response.text();
        return text === '' ? undefined : (JSON.parse(text) as T);
      }
      const failure = await errorOf(response, request.purpose);
      if (response.status === 401 && !refreshedToken) {
        // A token Entra issued but Graph no longer takes: fetch a new one once.
        refreshedToken = true;
        this.#options.tokens.invalidate(request.tenantId);
        continue;
      }
      if (!RETRIABLE_GRAPH_STATUSES.has(response.status)) throw failure;
      const decision = decideRetry(retry, attempt, response.headers.get('retry-after'), Date.now());
      if (decision.kind === 'exhausted')
        throw new GraphRequestError(failure.status, failure.code, `${failure.message} Gave up after ${attempt} attempts.`);
      if (decision.kind === 'tooLong') {
        throw new GraphRequestError(
          failure.status,
          failure.code,
          `${failure.message} Graph asked to wait ${Math.ceil(decision.ms / 1000)} s before trying again; the job tries again later.`,
        );
      }
      await this.#wait(
        decision.ms,
        `${failure.message} Trying again in ${Math.ceil(decision.ms / 1000)} s (attempt ${attempt + 1} of ${maxAttempts})`,
      );
    }
  }

  #retrySettings(): RetrySettings {
    return {
      maxAttempts: Math.max(1, this.#options.maxAttempts ?? 4),
      maxWaitMs: this.#options.maxWaitMs ?? 30_000,
      backoffMs: this.#options.backoffMs ?? 500,
    };
  }

  #backoff(attempt: number): number {
    return retryBackoffMs(this.#retrySettings(), attempt);
  }

  async #wait(ms: number, why: string): Promise<void> {
    this.#options.log?.(why);
    await (this.#options.sleep ?? sleepMs)(ms);
  }
}

/** Graph's refusal in words: its error code and message when the body is Graph's JSON error, else the status line. */
async function errorOf(response: Response, purpose: string): Promise<GraphRequestError> {
  const text = await response.text().catch(() => '');
  let code = `Http${response.status}`;
  let reason = `${response.status} ${response.statusText}`.trim();
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.code === 'string') code = parsed.error.code;
    if (typeof parsed.error?.message === 'string' && parsed.error.message !== '')
      reason = `${response.status} ${code}: ${parsed.error.message.replace(/\.+$/, '')}`;
  } catch {
    // Not Graph's JSON error body: the status line says it.
  }
  return new GraphRequestError(response.status, code, `Microsoft Graph refused ${purpose}: ${reason}.`);
}
