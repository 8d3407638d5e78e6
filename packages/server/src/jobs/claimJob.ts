import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A job this runner holds: its row, and the claim token every later write is conditional on. */
export interface ClaimedJob {
  id: number;
  kind: string;
  subject: string;
  /** Runs started so far, this one included. */
  attempts: number;
  /** `jobs.claimed_by` of this claim; a finish that no longer holds it changes nothing. */
  token: string;
}

/** What to claim: one due job of `kinds` (optionally of one `subject`), as `token`, by the database clock `now`. */
export interface ClaimRequest {
  kinds: readonly string[];
  subject?: string;
  token: string;
  /** The database clock (ISO text, as `jobs` stores instants). */
  now: string;
  /** How long the claim holds before another runner may take the job over. */
  claimMs: number;
  /** Claim a pending job even before its `run_after` (the upload running the job it just enqueued). */
  ignoreRunAfter?: boolean;
}

/** How many due jobs one claim looks at before giving up to a busier runner. */
const CANDIDATES = 8;

/**
 * Claims one due job atomically: a pending job whose `run_after` has come, or a running one whose
 * claim has expired (its runner died). The claim is one conditional UPDATE that repeats the "due"
 * condition, so of two runners racing for a row exactly one gets it back (SQLite serialises the
 * writes; PostgreSQL re-checks the WHERE on the row the winner committed). Resolves to undefined
 * when nothing is due.
 */
export async function claimJob(db: Kysely<Database>, request: ClaimRequest): Promise<ClaimedJob | undefined> {
  if (request.kinds.length === 0) return undefined;
  const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('kind', 'in', [...request.kinds]),
      ...(request.subject === undefined ? [] : [eb('subject', '=', request.subject)]),
      eb.or([
        eb.and([eb('state', '=', 'pending'), ...(request.ignoreRunAfter ? [] : [eb('run_after', '<=', request.now)])]),
        eb.and([eb('state', '=', 'running'), eb('claimed_until', '<', request.now)]),
      ]),
    ]);
  const candidates = await db.selectFrom('jobs').select('id').where(due).orderBy('run_after').orderBy('id').limit(CANDIDATES).execute();
  const claimedUntil = new Date(Date.parse(request.now) + request.claimMs).toISOString();
  for (const candidate of candidates) {
    const claimed = await db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', claimed_by: request.token, claimed_until: claimedUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', candidate.id)
      .where(due)
      .returning(['id', 'kind', 'subject', 'attempts'])
      .executeTakeFirst();
    if (claimed !== undefined) return { ...claimed, token: request.token };
  }
  return undefined;
}
