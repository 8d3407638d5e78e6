import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClaimedJob } from './claimJob';

/**
 * Gives a claimed job back unfinished (its runner is stopping): pending again and due at the
 * database clock `now`, so another runner takes it at once rather than when the claim would have
 * expired, and the run is not counted as an attempt. Conditional on the claim like completeJob:
 * a claim already finished or taken over changes nothing. Resolves whether it was handed back.
 */
export async function handBackClaim(db: Kysely<Database>, job: ClaimedJob, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ state: 'pending', claimed_by: null, claimed_until: null, run_after: now, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('claimed_by', '=', job.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
