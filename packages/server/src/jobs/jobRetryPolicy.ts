/** How often a failing job is tried and how long it waits in between. */
export interface JobRetryPolicy {
  /** Runs in all (the first included) before the job is marked failed. */
  maxAttempts: number;
  /** Wait before the second run; each further run waits twice as long as the one before. */
  backoffMs: number;
}

/** Five runs, 30 s, 1, 2 and 4 minutes apart: outlives a restart or a short database outage. */
export const DEFAULT_JOB_RETRY: JobRetryPolicy = { maxAttempts: 5, backoffMs: 30_000 };

/** The wait after run number `attempts` failed (exponential backoff). */
export function retryDelayMs(policy: JobRetryPolicy, attempts: number): number {
  return policy.backoffMs * 2 ** Math.max(0, attempts - 1);
}
