/**
 * Retry: the one policy every caller of a remote service follows (Retry-After honoured within a
 * bound, doubling backoff otherwise). Infrastructure: imports nothing of the server.
 */
export { RETRIABLE_GRAPH_STATUSES, decideRetry, retryAfterMs, retryBackoffMs, sleepMs } from './retryPolicy';
export type { RetryDecision, RetrySettings } from './retryPolicy';
