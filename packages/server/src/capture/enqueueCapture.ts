import type { Kysely } from 'kysely';
import { databaseNowSql } from '../db/databaseNow';
import { dialectOf } from '../db/dialectOf';
import type { Database } from '../db/schema';

/** `jobs.kind` of "read the invoice facts of a document"; `jobs.subject` is the document id. */
export const CAPTURE_JOB = 'capture:read-facts';

/**
 * Records, inside the transaction that makes a document, that its invoice facts should be read
 * (skipped when a job for it is already pending). Due at once by the database clock; the job
 * runner picks it up after the commit, so the upload never waits for it.
 */
export async function enqueueCapture(db: Kysely<Database>, documentId: number, now: string): Promise<void> {
  const subject = String(documentId);
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', CAPTURE_JOB)
    .where('subject', '=', subject)
    .where('state', 'in', ['pending', 'running'])
    .executeTakeFirst();
  if (pending !== undefined) return;
  await db
    .insertInto('jobs')
    .values({ kind: CAPTURE_JOB, subject, run_after: databaseNowSql(dialectOf(db)), created_at: now })
    .execute();
}
