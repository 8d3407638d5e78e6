import type { Kysely } from 'kysely';
import { databaseNowSql } from '../db/databaseNow';
import type { Database } from '../db/schema';
import { dialectOf } from '../db/dialectOf';

/** `jobs.kind` of "extract the page text of a PDF file"; `jobs.subject` is the file's SHA-256. */
export const TEXT_EXTRACTION_JOB = 'search:extract-text';

/**
 * Records, inside the upload's transaction, that the PDF file `fileSha256` needs its text
 * extracted (skipped when its text or a pending job already exists). The job row is durable:
 * a crash between commit and extraction leaves it pending, and the JobRunner picks it up. It is
 * due at once by the database clock (the runners' clock), whatever the server's clock says.
 */
export async function enqueueTextExtraction(db: Kysely<Database>, fileSha256: string, now: string): Promise<void> {
  const known = await db.selectFrom('file_texts').select('file_sha256').where('file_sha256', '=', fileSha256).executeTakeFirst();
  if (known !== undefined) return;
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', TEXT_EXTRACTION_JOB)
    .where('subject', '=', fileSha256)
    .where('state', 'in', ['pending', 'running'])
    .executeTakeFirst();
  if (pending !== undefined) return;
  await db
    .insertInto('jobs')
    .values({ kind: TEXT_EXTRACTION_JOB, subject: fileSha256, run_after: databaseNowSql(dialectOf(db)), created_at: now })
    .execute();
}
