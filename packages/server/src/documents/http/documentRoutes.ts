import {
  CreatedDocumentsAnswer,
  DeletedDocumentsAnswer,
  DocumentAnswer,
  DocumentChangesBody,
  DocumentListAnswer,
  DocumentViewAnswer as DocumentViewAnswerSchema,
  createdAnswer,
  okAnswer,
} from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import { isViewable, parseOptions } from '@datahaven/core/rules';
import type { DmsDocument } from '@datahaven/core/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { annotatedPdfOf, pdfFileNameOf, wantsEmbeddedAnnotations } from '../annotations/annotatedPdf';
import { deleteDocuments, editDocument, parseDocumentChanges } from '../documentEditor';
import { parseNamingRequest, resolveDocumentName } from '../documentNamer';
import { commitUploads } from '../../intake/documentUploader';
import { applyArrivalEvents } from '../../intake/queueImporter';
import { pdfSourceKey } from '../../renditions/pdfSourceKey';
import { recordView } from '../noteWriter';
import { findVisibleDocuments } from '../../access/documentQueries';
import type { DocumentDetailRow } from '../../access/documentQueries';
import { readOptions } from '../../db/optionStore';
import { resolveRecordContext } from '../../db/recordContext';
import { CONVERTIBLE_IMAGE_EXTENSIONS } from '../../pdf/imagesToPdf';
import { previewFailureOf } from '../../renditions/previewFailureOf';
import { canUploadTo } from '../../access/documentVisibility';
import { visibleDocumentOr404 } from '../../access/visibleDocumentOr404';
import { presentDocument } from '../../access/documentPresenter';
import type { ErpDeps } from '../../erp/ErpDeps';
import { HttpError, badRequest, forbidden, notFound } from '../../http/HttpError';
import { withinRequestTime } from '../../http/withinRequestTime';
import { recordContextOf } from '../../http/recordContextQuery';
import {
  documentIdParam,
  parseDocumentIdList,
  queryFlag,
  queryInteger,
  queryOf,
  queryString,
  integerParam,
} from '../../http/requestHelpers';
import { viewerOf } from '../../auth/http/authPlugin';
import { sendStoredFile } from './sendStoredFile';
import { stageRequestFiles } from '../../intake/http/stageRequestFiles';
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
/** Extensions the viewer shows through the converted PDF rather than the original bytes. */
const SHOWN_AS_PDF = new Set(['tif', 'tiff', 'bmp']);

/**
 * commands/pdfSourceKey (the one place the PDF form is worked out: a damaged PDF's repaired copy,
 * an image's cached conversion, else null) within a request: a file whose preview failed by its
 * own fault answers 415 "Preview not available: …" at once; a conversion longer than the
 * request's time box answers 503 + Retry-After and goes on.
 */
async function pdfKeyOf(deps: ErpDeps, row: DocumentDetailRow): Promise<string | null> {
  const failure = await previewFailureOf(deps.db, row.file_sha256);
  if (failure !== null) throw new HttpError(415, 'UnsupportedFileType', failure);
  return withinRequestTime(pdfSourceKey(deps, row), deps.config.requestWorkMs);
}

/** Stores the uploaded files as documents; null when a retry with the same Idempotency-Key was answered with the first answer. */
async function handleUpload(deps: ErpDeps, request: FastifyRequest, reply: FastifyReply): Promise<DmsDocument[] | null> {
  const query = queryOf(request);
  const context = recordContextOf(query);
  if (context.recordId === undefined || (context.sitId === undefined && context.tableId === undefined && context.typeName === undefined)) {
    throw badRequest('An upload needs a record id and a type name, sit id or table id.');
  }
  const resolved = await resolveRecordContext(deps.db, context);
  if (resolved === undefined || resolved.recordId === null) throw badRequest('No integrated table matches the context.');
  const viewer = viewerOf(request);
  if (!viewer.privileges.has('Cabinet: Import Documents')) {
    throw forbidden("Uploading needs the 'Cabinet: Import Documents' privilege.");
  }
  if (!(await canUploadTo(deps.db, viewer, resolved.sit.id, resolved.dataAreaId))) {
    throw forbidden(`You may not upload documents to ${resolved.sit.label} records.`);
  }
  const subtypeId = queryInteger(query, 'subtypeId') ?? null;
  if (subtypeId !== null) {
    const subtype = await deps.db
      .selectFrom('subtypes')
      .select('id')
      .where('id', '=', subtypeId)
      .where('integrated_table_id', '=', resolved.sit.id)
      .executeTakeFirst();
    if (subtype === undefined) throw badRequest(`Subtype ${subtypeId} does not belong to ${resolved.sit.label}.`);
  }
  const staged = await stageRequestFiles(deps, request, reply);
  if (staged === null) return null;
  const ids = await commitUploads(deps, viewer, { context: { ...resolved, recordId: resolved.recordId }, subtypeId }, staged);
  await applyArrivalEvents(deps, viewer, ids);
  const rows = await findVisibleDocuments(deps.db, viewer, ids);
  return rows.map(presentDocument);
}

/**
 * The documents resource: upload, read one or many, data (ranges), view, thumbnail, edit,
 * delete. Every read is filtered by the caller's access in SQL; invisible = 404.
 */
export function registerDocumentRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.post('/documents', { schema: { response: createdAnswer(CreatedDocumentsAnswer) } }, async (request, reply) => {
    const documents = await handleUpload(deps, request, reply);
    return documents === null ? reply : reply.status(201).send(documents);
  });

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
    if (queryFlag(query, 'asPdf') && row.extension !== 'pdf' && CONVERTIBLE_IMAGE_EXTENSIONS.includes(row.extension)) {
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
        viewable: isViewable(document, options).viewable,
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
