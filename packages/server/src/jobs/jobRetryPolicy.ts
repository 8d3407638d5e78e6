import type { RetrySettings } from '../retry';

/**
 * How often a failing job is tried and how long it waits in between: the one retry policy's
 * settings (retry/), without a bound on a single wait — a job waits in the database (`run_after`),
 * not in a process, so even hours cost nothing.
 */
export type JobRetryPolicy = Pick<RetrySettings, 'maxAttempts' | 'backoffMs'>;

/** Five runs, 30 s, 1, 2 and 4 minutes apart: outlives a restart or a short database outage. */
export const DEFAULT_JOB_RETRY: JobRetryPolicy = { maxAttempts: 5, backoffMs: 30_000 };
