import { inWriteTransaction } from '../db/inWriteTransaction';
import type { AppDeps } from '../services/AppDeps';
import { pdfSourceKey } from '../renditions';
import { completeJob, endJobProtected } from '../jobs/finishJob';
import { PdfProtectedError } from '../pdf/PdfProtectedError';
import type { JobHandler } from '../jobs/JobHandler';
import { extractPageText } from '../pdf/pageText';
import { reindexDocuments } from './reindexDocuments';
import { MAX_INDEXED_CHARS } from './searchWords';
import type { JobDefinition } from '../jobs/JobDefinition';
import { TEXT_EXTRACTION_JOB } from './enqueueTextExtraction';

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
 * run whose runner died is run again. A damaged PDF is read through its repaired copy; a
 * password PDF ends the job as `protected`.
 */
export function textExtractionJobHandler(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>): JobHandler {
  return async (job) => {
    const sha = job.subject;
    const file = await deps.db.selectFrom('files').select('page_count').where('sha256', '=', sha).executeTakeFirstOrThrow();
    // The repaired copy of a damaged PDF gives its text; the stored original stays as sent.
    const readable = (await pdfSourceKey(deps, { file_sha256: sha, extension: 'pdf', total_pages: file.page_count })) ?? sha;
    let text: string;
    try {
      text = await deps.fileStore.withLocalFile(readable, (path) => extractPdfText(path, file.page_count));
    } catch (error) {
      // A password PDF keeps no text for the index: the job ends as `protected`, not as a failure.
      if (!(error instanceof PdfProtectedError)) throw error;
      await endJobProtected(deps.db, job);
      return;
    }
    await inWriteTransaction(deps.db, async (trx) => {
      const now = deps.now().toISOString();
      await trx
        .insertInto('file_texts')
        .values({ file_sha256: sha, text, extracted_at: now })
        .onConflict((oc) => oc.column('file_sha256').doUpdateSet({ text, extracted_at: now }))
        .execute();
      const documents = await trx
        .selectFrom('documents')
        .select('id')
        .where('file_sha256', '=', sha)
        .where('deleted_at', 'is', null)
        .execute();
      await reindexDocuments(
        trx,
        documents.map((document) => document.id),
      );
      await completeJob(trx, job);
    });
  };
}

/** The `search:extract-text` job kind of the search module. */
export const textExtractionJob: JobDefinition<Pick<AppDeps, 'db' | 'fileStore' | 'now'>> = {
  kind: TEXT_EXTRACTION_JOB,
  handler: (deps) => textExtractionJobHandler(deps),
};
