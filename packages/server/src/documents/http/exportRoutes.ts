import { ExportDefaultsAnswer, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { viewerOf } from '../../access';
import { attachmentHeaders } from '../../http/attachmentHeaders';
import { parseDocumentIdList, queryOf, queryString } from '../../http/requestHelpers';
import type { AppDeps } from '../../services/AppDeps';
import { writeZip } from '../../zip/writeZip';
import { embedAnnotationsByDefault, wantsEmbeddedAnnotations } from '../annotations/annotatedPdf';
import { EXPORT_FORBIDDEN, documentsForExport, exportedFilesOf } from '../exportedFiles';
/** File name of the archive of a multi-document download. */
export const ZIP_FILE_NAME = 'Documents.zip';

/** The spec says `docId` for downloads and `docIds` for e-mail; both are read. */
export const EXPORT_ID_PARAMETERS = ['docIds', 'docId'];

/** Extensions whose content is already compressed: stored in the zip as they are. */
const STORED_EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff', 'docx', 'xlsx', 'pptx', 'zip']);

/**
 * Download and print (issue 4 item 5; e-mail drafts are the mail module's, mail/http/emailLinkRoutes):
 * - `GET /documents/data?docId[]=…&embedAnnotations=` — up to 10 documents as one streamed zip
 *   (unique names; 'Cabinet: Export Documents', which is every document's `exportFileData`).
 *   One document downloads through `GET /documents/{id}/data?download=true`.
 * - `GET /export/defaults` — `{ embedAnnotations }`: what the calls above do without `embedAnnotations=`
 *   (`DATAHAVEN_EMBED_ANNOTATIONS`), so the client can show the "With annotations" choice as it will apply.
 */
export function registerExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/export/defaults', { schema: { response: okAnswer(ExportDefaultsAnswer) } }, async (request, reply) => {
    viewerOf(request);
    return reply.header('Cache-Control', 'private, no-store').send({ embedAnnotations: embedAnnotationsByDefault() });
  });

  app.get('/documents/data', async (request, reply) => {
    const query = queryOf(request);
    const viewer = viewerOf(request);
    const rows = await documentsForExport(deps, viewer, parseDocumentIdList(query, EXPORT_ID_PARAMETERS), {
      privilege: 'Cabinet: Export Documents',
      forbiddenMessage: EXPORT_FORBIDDEN,
    });
    const files = await exportedFilesOf(deps, rows, wantsEmbeddedAnnotations(queryString(query, 'embedAnnotations')));
    const stream: Readable = writeZip(
      files.map((file) => ({
        name: file.name.replace(/[\\/]/g, '_'),
        open: file.open,
        store: STORED_EXTENSIONS.has(file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()),
      })),
    );
    return attachmentHeaders(reply, ZIP_FILE_NAME, 'application/zip').send(stream);
  });
}
