import type { ClaimedJob } from './claimJob';

/**
 * Does the work of one claimed job. Throwing marks the run failed (retried with backoff);
 * returning marks it done. Must be idempotent: a run whose runner died is run again.
 */
export type JobHandler = (job: ClaimedJob) => Promise<void>;
