import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClaimedJob } from './claimJob';

/**
 * Extends a running job's claim to `claimedUntil` (database-clock ISO text), conditional on the
 * claim still being this runner's. Resolves false when it is not (the claim expired and another
 * runner took the job over, or the job finished): the caller's later finish then changes nothing.
 */
export async function renewClaim(db: Kysely<Database>, job: ClaimedJob, claimedUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ claimed_until: claimedUntil })
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('claimed_by', '=', job.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
