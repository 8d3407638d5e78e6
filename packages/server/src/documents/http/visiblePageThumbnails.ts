import { DEFAULT_THUMBNAIL_WIDTH } from '@datahaven/core/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { derivedFileKey, enqueueThumbnails, pdfSourceKey, thumbnailKind } from '../../renditions';
import { PdfProtectedError } from '../../pdf/PdfProtectedError';
import { RenderTimeoutError } from '../../pdf/RenderTimeoutError';
import { MAX_THUMBNAIL_WIDTH, renderPageThumbnail } from '../../pdf/thumbnails';
import { viewerOf, visibleDocumentOr404 } from '../../access';
import type { DocumentDetailRow } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { HttpError, notFound } from '../../http/HttpError';
import { queryInteger, type RawQuery } from '../../http/requestHelpers';

/** The thumbnail routes' answer for a password PDF: it is kept as sent and shown only in the viewer, with the password. */
export const PROTECTED_PDF_MESSAGE =
  'This document is protected by a password; its pages are shown in the viewer once the password is entered.';

const MIN_THUMBNAIL_WIDTH = 16;

/** The `width` query parameter of a thumbnail route, held between 16 and MAX_THUMBNAIL_WIDTH pixels; the default when not sent. */
export function thumbnailWidthOf(query: RawQuery): number {
  return Math.min(MAX_THUMBNAIL_WIDTH, Math.max(MIN_THUMBNAIL_WIDTH, queryInteger(query, 'width') ?? DEFAULT_THUMBNAIL_WIDTH));
}

/** Which page thumbnails a route wants, and its words for "too slow, rendering in the background" (one page or several). */
export interface WantedThumbnails {
  /** The first page (1-based); past the document's last page → 404. */
  first: number;
  /** How many pages from `first` at most; the document's end cuts the run short. */
  count: number;
  /** The width in pixels (thumbnailWidthOf). */
  width: number;
  /** The 503's message when a render is too slow for the request. */
  renderingMessage: string;
}

/** The visible document and its page thumbnails' PNG keys in the file store; `pages` null when its type has no pages. */
export interface VisiblePageThumbnails {
  row: DocumentDetailRow;
  pages: { page: number; key: string }[] | null;
}

/**
 * The thumbnail work both thumbnail routes share (GET /documents/{id}/pages/{page}/thumbnail and
 * /documents/{id}/data/base64/thumbnails): the document as the caller may see it (else 404), the
 * page range checked against it, and each page from the cache or rendered now (409 for a password
 * PDF; 503 + Retry-After with a background job when a render is too slow for a request).
 */
export async function visiblePageThumbnails(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  wanted: WantedThumbnails,
): Promise<VisiblePageThumbnails> {
  const viewer = viewerOf(request);
  const row = await visibleDocumentOr404(deps.db, viewer, id);
  // The repaired copy of a damaged PDF or an image's conversion gives the thumbnails (pdfSourceKey); the data route serves the original.
  const pdfKey = await pdfSourceKey(deps, row);
  if (pdfKey === null) return { row, pages: null };
  if (wanted.first > row.total_pages) throw notFound(`The document has ${row.total_pages} page(s).`);
  const pages: { page: number; key: string }[] = [];
  for (let page = wanted.first; page <= Math.min(row.total_pages, wanted.first + wanted.count - 1); page++) {
    // The cache the thumbnails:render job fills on upload; a miss renders now, time-boxed by the PDFium pool.
    try {
      const key = await derivedFileKey(deps, pdfKey, thumbnailKind(page, wanted.width), 'image/png', async () => ({
        data: await deps.fileStore.withLocalFile(pdfKey, (path) => renderPageThumbnail(path, page, wanted.width)),
        pages: 1,
      }));
      pages.push({ page, key });
    } catch (error) {
      if (error instanceof PdfProtectedError) throw new HttpError(409, 'Conflict', PROTECTED_PDF_MESSAGE);
      if (!(error instanceof RenderTimeoutError)) throw error;
      // Too slow for a request (SECURITY row 7): the background job renders them; the client may retry.
      await enqueueThumbnails(deps.db, row.file_sha256, row.extension, deps.now().toISOString());
      reply.header('Retry-After', '10');
      throw new HttpError(503, 'InternalError', wanted.renderingMessage);
    }
  }
  return { row, pages };
}
