import {
  DeletedDocumentsAnswer,
  DocumentAnswer,
  DocumentChangesBody,
  DocumentListAnswer,
  DocumentViewAnswer as DocumentViewAnswerSchema,
  okAnswer,
} from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import { isViewable, parseOptions } from '@datahaven/core/rules';
import type { DmsDocument } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { annotatedPdfOf, pdfFileNameOf, wantsEmbeddedAnnotations } from '../annotations/annotatedPdf';
import { deleteDocuments, editDocument, parseDocumentChanges } from '../documentEditor';
import { parseNamingRequest, resolveDocumentName } from '../documentNamer';
import { pdfSourceKey, previewFailureOf } from '../../renditions';
import { recordView } from '../noteWriter';
import { findVisibleDocuments, presentDocument, viewerOf, visibleDocumentOr404 } from '../../access';
import type { DocumentDetailRow } from '../../access';
import { readOptions } from '../../db/optionStore';
import { CONVERTIBLE_IMAGE_EXTENSIONS } from '../../pdf/imagesToPdf';
import type { ErpDeps } from '../../erp';
import { HttpError, badRequest, forbidden, notFound } from '../../http/HttpError';
import { withinRequestTime } from '../../http/withinRequestTime';
import { documentIdParam, parseDocumentIdList, queryFlag, queryOf, queryString, integerParam } from '../../http/requestHelpers';
import { sendStoredFile } from './sendStoredFile';
import { thumbnailWidthOf, visiblePageThumbnails } from './visiblePageThumbnails';

/** The answer of GET /api/documents/{id}/view. */
export interface DocumentViewAnswer {
  document: DmsDocument;
  dataUrl: string;
  viewable: boolean;
}

// The answer schema holds every field of DocumentViewAnswer: the serialiser drops what it lacks.
const viewAnswerMatches: AnswerMatches<typeof DocumentViewAnswerSchema, DocumentViewAnswer> = true;
void viewAnswerMatches;

/** The privilege a download (`download=true`) needs, as the zip of several documents does. */
const EXPORT_PRIVILEGE = 'Cabinet: Export Documents';
/** Extensions the viewer shows through the converted PDF rather than the original bytes (an e-invoice XML: its readable view). */
const SHOWN_AS_PDF = new Set(['tif', 'tiff', 'bmp', 'xml']);
/** Extensions with a PDF form `asPdf=true` answers with: images and e-invoice XML (renditions/pdfSourceKey). */
const SERVED_AS_PDF = new Set([...CONVERTIBLE_IMAGE_EXTENSIONS, 'xml']);

/**
 * renditions/pdfSourceKey (the one place the PDF form is worked out: a damaged PDF's repaired copy,
 * an image's cached conversion, else null) within a request: a file whose preview failed by its
 * own fault answers 415 "Preview not available: …" at once; a conversion longer than the
 * request's time box answers 503 + Retry-After and goes on.
 */
async function pdfKeyOf(deps: ErpDeps, row: DocumentDetailRow): Promise<string | null> {
  const failure = await previewFailureOf(deps.db, row.file_sha256);
  if (failure !== null) throw new HttpError(415, 'UnsupportedFileType', failure);
  return withinRequestTime(pdfSourceKey(deps, row), deps.config.requestWorkMs);
}

/**
 * The documents resource: read one or many, data (ranges), view, thumbnail, edit, delete (the
 * upload, POST /api/documents, is the intake module's). Every read is filtered by the caller's access in SQL; invisible = 404.
 */
export function registerDocumentRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get('/documents', { schema: { response: okAnswer(DocumentListAnswer) } }, async (request): Promise<DmsDocument[]> => {
    const ids = parseDocumentIdList(queryOf(request));
    if (ids.length === 0) throw badRequest('Name the documents with docId[].');
    const viewer = viewerOf(request);
    return (await findVisibleDocuments(deps.db, viewer, ids)).map(presentDocument);
  });

  app.get('/documents/:id', { schema: { response: okAnswer(DocumentAnswer) } }, async (request): Promise<DmsDocument> => {
    const viewer = viewerOf(request);
    return presentDocument(await visibleDocumentOr404(deps.db, viewer, documentIdParam(request)));
  });

  app.get('/documents/:id/data', async (request, reply) => {
    const id = documentIdParam(request);
    const query = queryOf(request);
    const viewer = viewerOf(request);
    const row = await visibleDocumentOr404(deps.db, viewer, id);
    const attachment = queryFlag(query, 'download');
    // A download takes the file away, as the zip route does: it needs the export privilege (viewing does not).
    if (attachment && !viewer.privileges.has(EXPORT_PRIVILEGE)) {
      throw forbidden(`Downloading documents needs the '${EXPORT_PRIVILEGE}' privilege.`);
    }
    const urlEncodeFileName = queryFlag(query, 'urlEncodeFileName');
    if (wantsEmbeddedAnnotations(queryString(query, 'embedAnnotations'))) {
      // Annotations burned in (issue 4): a PDF even for images; none to burn → the usual answer below.
      const annotated = await annotatedPdfOf(deps, row);
      if (annotated !== null) {
        return sendStoredFile(request, reply, deps.fileStore, {
          ...annotated,
          mediaType: 'application/pdf',
          attachment,
          urlEncodeFileName,
        });
      }
    }
    if (queryFlag(query, 'asPdf') && SERVED_AS_PDF.has(row.extension)) {
      const key = await pdfKeyOf(deps, row);
      if (key !== null) {
        const size = await deps.fileStore.size(key);
        return sendStoredFile(request, reply, deps.fileStore, {
          key,
          size,
          mediaType: 'application/pdf',
          fileName: pdfFileNameOf(row.name),
          attachment,
          urlEncodeFileName,
        });
      }
    }
    return sendStoredFile(request, reply, deps.fileStore, {
      key: row.file_sha256,
      size: Number(row.size),
      mediaType: row.media_type,
      fileName: row.name,
      attachment,
      urlEncodeFileName,
    });
  });

  app.get(
    '/documents/:id/view',
    { schema: { response: okAnswer(DocumentViewAnswerSchema) } },
    async (request): Promise<DocumentViewAnswer> => {
      const id = documentIdParam(request);
      const viewer = viewerOf(request);
      const row = await visibleDocumentOr404(deps.db, viewer, id);
      await recordView(deps.db, viewer.userId, id, deps.now());
      const document = presentDocument(row);
      const options = parseOptions(await readOptions(deps.db));
      return {
        document,
        dataUrl: SHOWN_AS_PDF.has(row.extension) ? `/api/documents/${id}/data?asPdf=true` : `/api/documents/${id}/data`,
        // An e-invoice XML is viewable through its readable view, when it can be read as one.
        viewable: row.extension === 'xml' ? (await pdfKeyOf(deps, row)) !== null : isViewable(document, options).viewable,
      };
    },
  );

  app.get<{ Params: { id: string; page: string } }>('/documents/:id/pages/:page/thumbnail', async (request, reply) => {
    const id = documentIdParam(request);
    const page = integerParam(request, 'page');
    const width = thumbnailWidthOf(queryOf(request));
    const { pages } = await visiblePageThumbnails(deps, request, reply, id, {
      first: page,
      count: 1,
      width,
      renderingMessage: 'The page thumbnail is being rendered in the background. Try again shortly.',
    });
    if (pages === null) throw notFound('This document type has no page thumbnails.');
    const { key } = pages[0];
    const size = await deps.fileStore.size(key);
    return sendStoredFile(request, reply, deps.fileStore, {
      key,
      size,
      mediaType: 'image/png',
      fileName: `page-${page}.png`,
      attachment: false,
      urlEncodeFileName: false,
    });
  });

  app.put(
    '/documents/:id',
    { schema: { body: DocumentChangesBody, response: okAnswer(DocumentAnswer) } },
    async (request): Promise<DmsDocument> => {
      const id = documentIdParam(request);
      const viewer = viewerOf(request);
      const row = await visibleDocumentOr404(deps.db, viewer, id);
      const changes = parseDocumentChanges(request.body);
      // name / autoname (linked documents only) is resolved and checked by the naming command; the
      // editor writes it with the other fields in one transaction, so the request applies whole or not at all.
      const naming = parseNamingRequest(request.body);
      const newName = naming === undefined ? null : await resolveDocumentName(deps, viewer, row, naming);
      await editDocument(deps, viewer, row, changes, newName);
      return presentDocument(await visibleDocumentOr404(deps.db, viewer, id));
    },
  );

  app.delete('/documents', { schema: { response: okAnswer(DeletedDocumentsAnswer) } }, async (request) => {
    const ids = parseDocumentIdList(queryOf(request));
    if (ids.length === 0) throw badRequest('Name the documents with docId[].');
    const viewer = viewerOf(request);
    if (!viewer.privileges.has('Cabinet: Delete')) {
      throw forbidden("Deleting documents needs the 'Cabinet: Delete' privilege.");
    }
    const visible = (await findVisibleDocuments(deps.db, viewer, ids)).map((r) => r.id);
    return { deleted: await deleteDocuments(deps, viewer, visible) };
  });
}
