import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClaimedJob } from './claimJob';
import { FileFaultError } from './FileFaultError';
import { decideRetry } from '../retry';
import type { JobRetryPolicy } from './jobRetryPolicy';

/** Longest `last_error` kept. */
const MAX_ERROR_CHARS = 2000;

/**
 * Marks a claimed job done. Conditional on the claim, so a runner whose claim expired and was
 * taken over changes nothing; handlers call it inside the transaction that stores their result,
 * and the runner calls it again afterwards (then a no-op).
 */
export async function completeJob(db: Kysely<Database>, job: ClaimedJob): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'done', claimed_by: null, claimed_until: null })
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('claimed_by', '=', job.token)
    .execute();
}

/**
 * Ends a claimed job in the `protected` state: its file needs a password the server does not
 * have, so there is nothing to retry and nothing failed. Conditional on the claim like
 * completeJob; the runner's completeJob afterwards changes nothing.
 */
export async function endJobProtected(db: Kysely<Database>, job: ClaimedJob): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'protected', claimed_by: null, claimed_until: null, last_error: null })
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('claimed_by', '=', job.token)
    .execute();
}

/**
 * Records a failed run: back to pending after the policy's backoff (counted from the database
 * clock `now`) while runs remain, else `failed` — at once for a `FileFaultError` (the file is at
 * fault: another run would fail the same way); the error is kept in `last_error` either way.
 * Resolves to the state the job was left in (undefined when the claim was no longer held).
 */
export async function failJob(
  db: Kysely<Database>,
  job: ClaimedJob,
  error: unknown,
  policy: JobRetryPolicy,
  now: string,
): Promise<'pending' | 'failed' | undefined> {
  const message = (error instanceof Error ? error.message || String(error) : String(error)).slice(0, MAX_ERROR_CHARS);
  const nowMs = Date.parse(now);
  // The one retry policy (retry/) decides: attempts left and the doubling backoff; no in-process bound on the wait.
  const decision =
    error instanceof FileFaultError ? null : decideRetry({ ...policy, maxWaitMs: Number.POSITIVE_INFINITY }, job.attempts, null, nowMs);
  const retry = decision?.kind === 'wait';
  const result = await db
    .updateTable('jobs')
    .set({
      state: retry ? 'pending' : 'failed',
      claimed_by: null,
      claimed_until: null,
      last_error: message,
      ...(decision?.kind === 'wait' ? { run_after: new Date(nowMs + decision.ms).toISOString() } : {}),
    })
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('claimed_by', '=', job.token)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return retry ? 'pending' : 'failed';
}
