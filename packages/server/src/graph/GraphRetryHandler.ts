import type { Context, Middleware } from '@microsoft/microsoft-graph-client';
import { RETRIABLE_GRAPH_STATUSES, decideRetry, retryBackoffMs } from '../retry';
import type { RetrySettings } from '../retry';
import { GraphCallState } from './GraphCallState';

/** How a `GraphRetryHandler` sends and retries. */
export interface GraphRetrySettings {
  retry: RetrySettings;
  /** Time-out of one attempt. */
  timeoutMs: number;
  /** True: a connection that gives no answer is tried again after the backoff (a job waits); false: fails at once (a user waits). */
  retryUnreachable: boolean;
  sleep: (ms: number) => Promise<void>;
}

/**
 * The Graph client's retry middleware, in place of the library's RetryHandler: the library's
 * caps a Retry-After at 180 s and waits it, skips streamed PUTs and cannot say why it stopped,
 * whereas our one policy (retry/) waits Graph's Retry-After only up to `maxWaitMs` and ends the
 * call in words past it. Each attempt gets its own time-out and refuses redirects (a bearer token
 * or a document's bytes never follow Graph elsewhere). 429, 503 and 504 are retried within
 * `maxAttempts`; the last answer goes up the chain as it is, with the reason retrying stopped in
 * the call's `GraphCallState`.
 */
export class GraphRetryHandler implements Middleware {
  readonly #settings: GraphRetrySettings;
  readonly #fallback: GraphCallState;
  #next: Middleware | undefined;

  /** `fallback`: the state of requests that bring none. */
  constructor(settings: GraphRetrySettings, fallback: GraphCallState = new GraphCallState()) {
    this.#settings = settings;
    this.#fallback = fallback;
  }

  /** Sends the request through the rest of the chain, again while the policy says so. */
  async execute(context: Context): Promise<void> {
    const next = this.#next;
    if (next === undefined) throw new Error('GraphRetryHandler needs a next middleware (the HTTP message handler).');
    const state = GraphCallState.of(context, this.#fallback);
    const { retry, timeoutMs, retryUnreachable, sleep } = this.#settings;
    for (let attempt = 1; ; attempt += 1) {
      state.reset();
      context.options = { ...context.options, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' };
      try {
        await next.execute(context);
      } catch (error) {
        if (!retryUnreachable || attempt >= retry.maxAttempts) {
          state.unreachable = { error, attempts: attempt };
          throw error;
        }
        const ms = retryBackoffMs(retry, attempt);
        await state.onRetry({ kind: 'unreachable', error }, ms, attempt);
        await sleep(ms);
        continue;
      }
      const response = context.response;
      if (response === undefined || response.ok) return;
      if (RETRIABLE_GRAPH_STATUSES.has(response.status)) {
        const decision = decideRetry(retry, attempt, response.headers.get('retry-after'), Date.now());
        if (decision.kind === 'wait') {
          await state.onRetry({ kind: 'refused', response }, decision.ms, attempt);
          await sleep(decision.ms);
          continue;
        }
        state.stopped = decision;
      }
      // Read from a copy: the library parses the answer itself (and a caller may read it too).
      const text = await response
        .clone()
        .text()
        .catch(() => '');
      state.refusal = { status: response.status, statusText: response.statusText, text };
      return;
    }
  }

  /** Sets the next middleware in the chain. */
  setNext(next: Middleware): void {
    this.#next = next;
  }
}
