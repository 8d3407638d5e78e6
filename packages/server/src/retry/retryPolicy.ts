/** Statuses that say "the same request may work later": throttled, unavailable, gateway time-out. */
export const RETRIABLE_GRAPH_STATUSES: ReadonlySet<number> = new Set([429, 503, 504]);

/**
 * How often and how long a caller of a remote service retries. One policy for every caller that
 * waits and tries again (Graph, the ERP's entity sources, background jobs), so Retry-After and
 * backoff mean the same everywhere.
 */
export interface RetrySettings {
  /** Attempts in all (at least 1). */
  maxAttempts: number;
  /** The longest single wait honoured in-process; a service asking for longer fails the call in words. */
  maxWaitMs: number;
  /** Wait before a retry the service gave no Retry-After for; doubled each attempt. */
  backoffMs: number;
}

/** What to do after a failed attempt. */
export type RetryDecision =
  | { kind: 'wait'; ms: number }
  /** No more attempts: `attempts` were made. */
  | { kind: 'exhausted'; attempts: number }
  /** The service asked for a wait longer than `maxWaitMs`. */
  | { kind: 'tooLong'; ms: number };

/**
 * Retry-After in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or
 * unreadable, so the caller's own backoff applies.
 */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month; Date.parse alone would take '-5' or '2' for a year.
  if (!/^[A-Za-z]{3}/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** The doubling backoff before attempt `attempt + 1`. */
export function retryBackoffMs(settings: Pick<RetrySettings, 'backoffMs'>, attempt: number): number {
  return settings.backoffMs * 2 ** (attempt - 1);
}

/**
 * After attempt `attempt` failed with a retriable status: wait the service's Retry-After (or the
 * backoff) and try again, unless the attempts are spent or the service asks for more than `maxWaitMs`.
 */
export function decideRetry(settings: RetrySettings, attempt: number, retryAfterHeader: string | null, nowMs: number): RetryDecision {
  const ms = retryAfterMs(retryAfterHeader, nowMs) ?? retryBackoffMs(settings, attempt);
  if (attempt >= Math.max(1, settings.maxAttempts)) return { kind: 'exhausted', attempts: attempt };
  if (ms > settings.maxWaitMs) return { kind: 'tooLong', ms };
  return { kind: 'wait', ms };
}

/** Waits `ms` (the default `sleep` of the retrying callers). */
export function sleepMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
