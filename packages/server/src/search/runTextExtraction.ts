import { inWriteTransaction } from '../db/inWriteTransaction';
import type { AppDeps } from '../http/AppDeps';
import { extractPageText } from '../pdf/pageText';
import { TEXT_EXTRACTION_JOB } from './enqueueTextExtraction';
import { reindexDocument } from './reindexDocument';
import { MAX_INDEXED_CHARS } from './searchWords';

/** How long a claimed extraction may run before another run may take it over. */
const CLAIM_MS = 10 * 60 * 1000;

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
 * Runs the pending text-extraction jobs of the given files now (all pages through PDFium in the
 * worker pool), stores the text in `file_texts` and re-indexes every document of those files in
 * one transaction per file. A job another run holds is skipped; a failure marks the job failed
 * with its error and never throws, since the upload itself has already committed.
 */
export async function runTextExtraction(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>, fileSha256s: readonly string[]): Promise<void> {
  for (const sha of new Set(fileSha256s)) {
    const started = deps.now();
    const claimedUntil = new Date(started.getTime() + CLAIM_MS).toISOString();
    const job = await deps.db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', claimed_by: `pid:${process.pid}`, claimed_until: claimedUntil, attempts: eb('attempts', '+', 1) }))
      .where('kind', '=', TEXT_EXTRACTION_JOB)
      .where('subject', '=', sha)
      .where('state', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (job === undefined) continue;
    try {
      const file = await deps.db.selectFrom('files').select('page_count').where('sha256', '=', sha).executeTakeFirstOrThrow();
      const text = await extractPdfText(deps.fileStore.pathOf(sha), file.page_count);
      await inWriteTransaction(deps.db, async (trx) => {
        const now = deps.now().toISOString();
        await trx
          .insertInto('file_texts')
          .values({ file_sha256: sha, text, extracted_at: now })
          .onConflict((oc) => oc.column('file_sha256').doUpdateSet({ text, extracted_at: now }))
          .execute();
        const documents = await trx.selectFrom('documents').select('id').where('file_sha256', '=', sha).where('deleted_at', 'is', null).execute();
        for (const document of documents) await reindexDocument(trx, document.id);
        await trx.updateTable('jobs').set({ state: 'done', claimed_by: null, claimed_until: null }).where('id', '=', job.id).execute();
      });
    } catch (error) {
      await deps.db
        .updateTable('jobs')
        .set({ state: 'failed', claimed_by: null, claimed_until: null, last_error: String(error).slice(0, 2000) })
        .where('id', '=', job.id)
        .execute();
    }
  }
}
