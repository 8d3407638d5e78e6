import { DocumentBase64Answer, DocumentThumbnailsBase64Answer, OUTLOOK_BASE64_MAX_CHARACTERS, okAnswer } from '@datahaven/core/contract';
import type { DocumentBase64, DocumentThumbnailsBase64 } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { annotatedPdfOf, wantsEmbeddedAnnotations } from '../annotations/annotatedPdf';
import { viewerOf, visibleDocumentOr404 } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { HttpError, forbidden } from '../../http/HttpError';
import { documentIdParam, queryInteger, queryOf, queryString } from '../../http/requestHelpers';
import { thumbnailWidthOf, visiblePageThumbnails } from './visiblePageThumbnails';
import { base64JsonStream, base64LengthOf } from './base64JsonStream';

/** The privilege the base64 data needs: it takes the file away, as a download (`download=true`) does. */
const EXPORT_PRIVILEGE = 'Cabinet: Export Documents';
/** Most thumbnails one call draws (each is rendered or read from the cache within the request). */
export const MAX_THUMBNAILS_PER_CALL = 20;
/** Thumbnails a call draws when `count` is not sent. */
const DEFAULT_THUMBNAIL_COUNT = 10;
const MEGABYTE = 1024 * 1024;

function megabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

/** The 413 words for a file whose base64 is longer than Outlook takes. */
export function tooLargeForOutlookMessage(fileName: string, size: number): string {
  const maxBytes = (OUTLOOK_BASE64_MAX_CHARACTERS / 4) * 3;
  return `'${fileName}' (${megabytes(size)}) is too large to attach in Outlook, which takes files of at most ${megabytes(maxBytes)} (${OUTLOOK_BASE64_MAX_CHARACTERS.toLocaleString('en-US')} characters in base64).`;
}

/** The compile-time check that the streamed fields are the answer's, base64 aside. */
type StreamedFields = Omit<DocumentBase64, 'base64'>;

/**
 * The spec's base64 data calls (embedded-client §7), for the Outlook compose pane's
 * `addFileAttachmentFromBase64Async`:
 * - `GET /documents/{id}/data/base64?embedAnnotations=` → `DocumentBase64Answer`, streamed with an
 *   exact Content-Length; the same access as `GET /documents/{id}/data?download=true` (visible,
 *   else 404; 'Cabinet: Export Documents', else 403) and the same file (annotations burned in on
 *   request); base64 over Outlook's 34,865,152 characters → 413 in words, before any byte is read.
 * - `GET /documents/{id}/data/base64/thumbnails?width=&first=&count=` → page thumbnails (PNG) as
 *   base64, as visible as `GET /documents/{id}/pages/{page}/thumbnail` (no export privilege: a
 *   preview does not take the file away).
 */
export function registerBase64Routes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/documents/:id/data/base64', { schema: { response: okAnswer(DocumentBase64Answer) } }, async (request, reply) => {
    const id = documentIdParam(request);
    const query = queryOf(request);
    const viewer = viewerOf(request);
    const row = await visibleDocumentOr404(deps.db, viewer, id);
    if (!viewer.privileges.has(EXPORT_PRIVILEGE)) {
      throw forbidden(`Downloading documents needs the '${EXPORT_PRIVILEGE}' privilege.`);
    }
    // As GET /documents/{id}/data: annotations burned in on request; none to burn → the stored file.
    const annotated = wantsEmbeddedAnnotations(queryString(query, 'embedAnnotations')) ? await annotatedPdfOf(deps, row) : null;
    const file =
      annotated === null
        ? { key: row.file_sha256, size: Number(row.size), mediaType: row.media_type, fileName: row.name }
        : { key: annotated.key, size: annotated.size, mediaType: 'application/pdf', fileName: annotated.fileName };
    if (base64LengthOf(file.size) > OUTLOOK_BASE64_MAX_CHARACTERS) {
      throw new HttpError(413, 'PayloadTooLarge', tooLargeForOutlookMessage(file.fileName, file.size));
    }
    const fields: StreamedFields = {
      documentId: row.id,
      fileName: file.fileName,
      mediaType: file.mediaType,
      size: file.size,
      annotationsEmbedded: annotated !== null,
    };
    const answer = base64JsonStream(fields, 'base64', file.size, (): Promise<Readable> => deps.fileStore.openRead(file.key));
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('Content-Length', String(answer.length))
      .type('application/json; charset=utf-8')
      .send(answer.stream);
  });

  app.get(
    '/documents/:id/data/base64/thumbnails',
    { schema: { response: okAnswer(DocumentThumbnailsBase64Answer) } },
    async (request, reply): Promise<DocumentThumbnailsBase64> => {
      const id = documentIdParam(request);
      const query = queryOf(request);
      const width = thumbnailWidthOf(query);
      const first = Math.max(1, queryInteger(query, 'first') ?? 1);
      const count = Math.min(MAX_THUMBNAILS_PER_CALL, Math.max(1, queryInteger(query, 'count') ?? DEFAULT_THUMBNAIL_COUNT));
      reply.header('Cache-Control', 'private, no-store');
      const { row, pages } = await visiblePageThumbnails(deps, request, reply, id, {
        first,
        count,
        width,
        renderingMessage: 'The page thumbnails are being rendered in the background. Try again shortly.',
      });
      // A file without pages (no PDF source) has no thumbnails: an empty answer, not an error, for the pane's loop.
      if (pages === null) return { documentId: row.id, totalPages: 0, width, thumbnails: [] };
      const thumbnails: DocumentThumbnailsBase64['thumbnails'] = [];
      for (const { page, key } of pages) {
        const chunks: Buffer[] = [];
        for await (const chunk of await deps.fileStore.openRead(key)) chunks.push(chunk as Buffer);
        thumbnails.push({ page, mediaType: 'image/png', base64: Buffer.concat(chunks).toString('base64') });
      }
      return { documentId: row.id, totalPages: row.total_pages, width, thumbnails };
    },
  );
}
