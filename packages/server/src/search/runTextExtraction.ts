import { randomBytes } from 'node:crypto';
import { databaseNowSql } from '../db/databaseNow';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { AppDeps } from '../http/AppDeps';
import { claimJob } from '../jobs/claimJob';
import type { ClaimedJob } from '../jobs/claimJob';
import { completeJob, failJob } from '../jobs/finishJob';
import type { JobHandler } from '../jobs/JobHandler';
import { DEFAULT_JOB_RETRY } from '../jobs/jobRetryPolicy';
import { readDatabaseClock } from '../jobs/readDatabaseClock';
import { extractPageText } from '../pdf/pageText';
import { dialectOf } from './dialectOf';
import { TEXT_EXTRACTION_JOB } from './enqueueTextExtraction';
import { reindexDocuments } from './reindexDocuments';
import { MAX_INDEXED_CHARS } from './searchWords';

/** How long a claimed extraction may run before another run may take it over. */
const CLAIM_MS = 10 * 60 * 1000;

/** What extraction needs; `databaseNow` defaults to the database's unshifted clock. */
type ExtractionDeps = Pick<AppDeps, 'db' | 'fileStore' | 'now'> & Partial<Pick<AppDeps, 'databaseNow'>>;

async function extractPdfText(path: string, pages: number): Promise<string> {
  const parts: string[] = [];
  let length = 0;
  for (let page = 1; page <= pages && length < MAX_INDEXED_CHARS * 2; page++) {
    const text = await extractPageText(path, page);
    parts.push(text);
    length += text.length + 1;
  }
  return parts.join('\n');
}

/**
 * The `search:extract-text` job: extracts every page's text of the PDF file `job.subject`
 * (PDFium in the worker pool), stores it in `file_texts` and re-indexes every document of that
 * file, marking the job done in the same transaction. Idempotent (the text is upserted), as a
 * run whose runner died is run again.
 */
export function textExtractionJobHandler(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>): JobHandler {
  return async (job) => {
    const sha = job.subject;
    const file = await deps.db.selectFrom('files').select('page_count').where('sha256', '=', sha).executeTakeFirstOrThrow();
    const text = await deps.fileStore.withLocalFile(sha, (path) => extractPdfText(path, file.page_count));
    await inWriteTransaction(deps.db, async (trx) => {
      const now = deps.now().toISOString();
      await trx
        .insertInto('file_texts')
        .values({ file_sha256: sha, text, extracted_at: now })
        .onConflict((oc) => oc.column('file_sha256').doUpdateSet({ text, extracted_at: now }))
        .execute();
      const documents = await trx.selectFrom('documents').select('id').where('file_sha256', '=', sha).where('deleted_at', 'is', null).execute();
      await reindexDocuments(trx, documents.map((document) => document.id));
      await completeJob(trx, job);
    });
  };
}

/**
 * Runs the pending text-extraction jobs of the given files now, in the request that enqueued
 * them, so an upload's page text is searchable when it answers. A job another run holds is
 * skipped; a failure is recorded like the job runner records it (retried later with backoff,
 * failed after the last run) and never thrown, since the upload itself has already committed.
 * Jobs left pending by a crash are picked up by the JobRunner.
 */
export async function runTextExtraction(deps: ExtractionDeps, fileSha256s: readonly string[]): Promise<void> {
  const databaseNow = deps.databaseNow ?? (() => databaseNowSql(dialectOf(deps.db)));
  const handle = textExtractionJobHandler(deps);
  for (const sha of new Set(fileSha256s)) {
    const token = `inline:${process.pid}:${randomBytes(4).toString('hex')}`;
    const now = await readDatabaseClock(deps.db, databaseNow());
    let job: ClaimedJob | undefined;
    try {
      job = await claimJob(deps.db, { kinds: [TEXT_EXTRACTION_JOB], subject: sha, token, now, claimMs: CLAIM_MS, ignoreRunAfter: true });
      if (job === undefined) continue;
      await handle(job);
    } catch (error) {
      if (job !== undefined) await failJob(deps.db, job, error, DEFAULT_JOB_RETRY, await readDatabaseClock(deps.db, databaseNow())).catch(() => undefined);
    }
  }
}
