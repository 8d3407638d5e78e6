import type { Context, MiddlewareOptions } from '@microsoft/microsoft-graph-client';
import type { RetryDecision } from '../retry';

/** Why an attempt is tried again: Graph's refusal (its body unread) or a connection that gave no answer. */
export type GraphRetryCause = { kind: 'refused'; response: Response } | { kind: 'unreachable'; error: unknown };

/** A refusal as Graph sent it: status line and body text, read before the library parses the body. */
export interface GraphRefusal {
  status: number;
  statusText: string;
  text: string;
}

/**
 * One Graph call's state as it passes the middleware chain (a `MiddlewareOptions` of the
 * Microsoft Graph client, so it travels with the request): the caller's hook before each retry,
 * and what the middleware saw when the call ended without Graph's yes — so the caller can say in
 * words what went wrong, whatever the library made of it. A middleware that finds no state on
 * its request uses its own (one per upload session, whose PUTs the library sends).
 */
export class GraphCallState implements MiddlewareOptions {
  /** Told before each wait; the default reads a refusal's body so the connection is free for the retry. */
  readonly onRetry: (cause: GraphRetryCause, waitMs: number, attempt: number) => Promise<void>;
  /** The last answer when it was not 2xx. */
  refusal: GraphRefusal | null = null;
  /** Why retrying stopped on a retriable answer: attempts spent or a Retry-After too long. */
  stopped: Exclude<RetryDecision, { kind: 'wait' }> | null = null;
  /** The connection's failure when no attempt got an answer, and the attempts made. */
  unreachable: { error: unknown; attempts: number } | null = null;
  /** An error thrown before the request went out (an app token Entra refused), as it was thrown. */
  thrown: unknown = undefined;

  constructor(onRetry?: (cause: GraphRetryCause, waitMs: number, attempt: number) => Promise<void>) {
    this.onRetry =
      onRetry ??
      (async (cause) => {
        if (cause.kind === 'refused') await cause.response.arrayBuffer().catch(() => undefined);
      });
  }

  /** The state the caller gave the request, else `fallback`. */
  static of(context: Context, fallback: GraphCallState): GraphCallState {
    const given = context.middlewareControl?.getMiddlewareOptions(GraphCallState);
    return given instanceof GraphCallState ? given : fallback;
  }

  /** Forgets the previous request's outcome (a fallback state serves one request after another). */
  reset(): void {
    this.refusal = null;
    this.stopped = null;
    this.unreachable = null;
    this.thrown = undefined;
  }
}
