/** Statuses that say "the same request may work later": throttled, unavailable, gateway time-out. */
export const RETRIABLE_GRAPH_STATUSES: ReadonlySet<number> = new Set([429, 503, 504]);

/** How often and how long a Graph caller retries (the app-only GraphClient and the mail drafts share it). */
export interface GraphRetrySettings {
  /** Attempts in all (at least 1). */
  maxAttempts: number;
  /** The longest single wait honoured in-process; Graph asking for longer fails the call in words. */
  maxWaitMs: number;
  /** Wait before a retry Graph gave no Retry-After for; doubled each attempt. */
  backoffMs: number;
}

/** What to do after a failed attempt. */
export type GraphRetryDecision =
  | { kind: 'wait'; ms: number }
  /** No more attempts: `attempts` were made. */
  | { kind: 'exhausted'; attempts: number }
  /** Graph asked for a wait longer than `maxWaitMs`. */
  | { kind: 'tooLong'; ms: number };

/**
 * Retry-After in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or
 * unreadable, so the caller's own backoff applies.
 */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** The doubling backoff before attempt `attempt + 1`. */
export function graphBackoffMs(settings: GraphRetrySettings, attempt: number): number {
  return settings.backoffMs * 2 ** (attempt - 1);
}

/**
 * After attempt `attempt` failed with a retriable status: wait Graph's Retry-After (or the
 * backoff) and try again, unless the attempts are spent or Graph asks for more than `maxWaitMs`.
 */
export function decideGraphRetry(
  settings: GraphRetrySettings,
  attempt: number,
  retryAfterHeader: string | null,
  nowMs: number,
): GraphRetryDecision {
  const ms = retryAfterMs(retryAfterHeader, nowMs) ?? graphBackoffMs(settings, attempt);
  if (attempt >= Math.max(1, settings.maxAttempts)) return { kind: 'exhausted', attempts: attempt };
  if (ms > settings.maxWaitMs) return { kind: 'tooLong', ms };
  return { kind: 'wait', ms };
}

/** Waits `ms` (the default `sleep` of the Graph callers). */
export function sleepMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
