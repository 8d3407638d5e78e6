import type { Kysely } from 'kysely';
import { derivedFileKey } from './derivedFiles';
import { hasPdfForm, pdfSourceKey } from './pdfSourceKey';
import { databaseNowSql } from '../db/databaseNow';
import type { Database } from '../db/schema';
import type { AppDeps } from '../services/AppDeps';
import { PdfWorkError } from '../pdf/PdfWorkError';
import { RenderTimeoutError } from '../pdf/RenderTimeoutError';
import { renderPageThumbnail } from '../pdf/thumbnails';
import { dialectOf } from '../db/dialectOf';
import { FileFaultError } from '../jobs/FileFaultError';
import { PdfProtectedError } from '../pdf/PdfProtectedError';
import { endJobProtected } from '../jobs/finishJob';
import type { JobHandler } from '../jobs/JobHandler';
import { withTimeBudget } from '../jobs/withTimeBudget';
import type { BudgetedJobHandler } from '../jobs/withTimeBudget';
import type { JobDefinition } from '../jobs/JobDefinition';

/** `jobs.kind` of "render the page thumbnails of a stored file"; `jobs.subject` is the file's SHA-256. */
export const THUMBNAIL_JOB = 'thumbnails:render';

/** Width the viewer's thumbnail sidebar asks for (the thumbnail route's default). */
export const PRERENDERED_THUMBNAIL_WIDTH = 160;

/**
 * Pages rendered ahead per file: what the thumbnail sidebar and the split tools show first.
 * Later pages of a long document render on demand (and are cached) when scrolled to.
 */
export const PRERENDERED_PAGES = 50;

/** How every "this file has no preview" message starts (the job's file-fault failures, shown by the routes). */
export const PREVIEW_NOT_AVAILABLE = 'Preview not available:';

/** Time budget of one run: 50 renders and one conversion, each time-boxed, fit well inside it on a busy machine. */
export const THUMBNAIL_JOB_BUDGET_MS = 10 * 60 * 1000;

/**
 * Failures of the file itself (the worker could not convert or render it, or it ran past its
 * time box) become a `FileFaultError` saying "Preview not available: …": failed once, no retry.
 */
function asFileFault(error: unknown): unknown {
  if (
    error instanceof FileFaultError ||
    error instanceof PdfWorkError ||
    error instanceof RenderTimeoutError ||
    error instanceof RangeError
  ) {
    return new FileFaultError(`${PREVIEW_NOT_AVAILABLE} ${error.message}`);
  }
  return error;
}

/** The `derived_files.kind` of a page thumbnail (shared with the thumbnail route's cache). */
export function thumbnailKind(page: number, width: number): string {
  return `thumb:${page}:${width}`;
}

/**
 * Records, inside the transaction that stores a document, that its file's thumbnails should be
 * rendered (skipped for types without pages and when a job is already pending). Due at once by
 * the database clock; the JobRunner picks it up after the commit, so uploads never wait for it.
 */
export async function enqueueThumbnails(db: Kysely<Database>, fileSha256: string, extension: string, now: string): Promise<void> {
  if (!hasPdfForm(extension)) return;
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', THUMBNAIL_JOB)
    .where('subject', '=', fileSha256)
    .where('state', 'in', ['pending', 'running'])
    .executeTakeFirst();
  if (pending !== undefined) return;
  await db
    .insertInto('jobs')
    .values({ kind: THUMBNAIL_JOB, subject: fileSha256, run_after: databaseNowSql(dialectOf(db)), created_at: now })
    .execute();
}

/**
 * The `thumbnails:render` job: converts the file to PDF when it is an image (TIFF pages
 * included; cached), then renders the first PRERENDERED_PAGES pages at the sidebar's width into
 * the `derived_files` cache, one page at a time in the PDFium pool. Idempotent: pages already
 * cached are skipped, so a run whose runner died just continues. A file the worker cannot
 * convert or render, or one that runs past the budget, fails once with "Preview not available: …".
 */
export function thumbnailJobHandler(
  deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>,
  budgetMs: number = THUMBNAIL_JOB_BUDGET_MS,
): JobHandler {
  const handler = withTimeBudget(renderThumbnails(deps), budgetMs);
  return async (job) => {
    try {
      await handler(job);
    } catch (error) {
      throw asFileFault(error);
    }
  };
}

function renderThumbnails(deps: Pick<AppDeps, 'db' | 'fileStore' | 'now'>): BudgetedJobHandler {
  return async (job, signal) => {
    const document = await deps.db
      .selectFrom('documents')
      .select(['file_sha256', 'extension', 'total_pages'])
      .where('file_sha256', '=', job.subject)
      .orderBy('id')
      .executeTakeFirst();
    if (document === undefined) return;
    const pdfKey = await pdfSourceKey(deps, document);
    if (pdfKey === null) return;
    const pages = Math.min(document.total_pages, PRERENDERED_PAGES);
    try {
      for (let page = 1; page <= pages; page++) {
        signal.throwIfAborted();
        await derivedFileKey(deps, pdfKey, thumbnailKind(page, PRERENDERED_THUMBNAIL_WIDTH), 'image/png', async () => ({
          data: await deps.fileStore.withLocalFile(pdfKey, (path) => renderPageThumbnail(path, page, PRERENDERED_THUMBNAIL_WIDTH)),
          pages: 1,
        }));
      }
    } catch (error) {
      // A password PDF has no page images for us: the job ends as `protected`, not as a failure to retry.
      if (!(error instanceof PdfProtectedError)) throw error;
      await endJobProtected(deps.db, job);
    }
  };
}

/** The `thumbnails:render` job kind of the renditions module. */
export const thumbnailJob: JobDefinition<Pick<AppDeps, 'db' | 'fileStore' | 'now'>> = {
  kind: THUMBNAIL_JOB,
  handler: (deps) => thumbnailJobHandler(deps),
};
