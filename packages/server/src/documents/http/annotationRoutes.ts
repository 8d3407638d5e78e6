import { AnnotationAnswer, AnnotationBody, AnnotationListAnswer, createdAnswer, okAnswer } from '@datahaven/core/contract';
import { MESSAGES, mergeAnnotationUpdate, validateAnnotation } from '@datahaven/core/rules';
import type { Annotation, AnnotationFields } from '@datahaven/core/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { annotationPermissionsFor, canEditAnnotation, refusalToAdd, refusalToEdit } from '../annotations/annotationPermissions';
import type { AnnotationPermissions } from '../annotations/annotationPermissions';
import {
  annotationFieldsOf,
  deleteAnnotation,
  findAnnotation,
  insertAnnotation,
  listAnnotations,
  presentAnnotation,
  updateAnnotation,
} from '../annotations/annotationStore';
import type { AnnotationRow } from '../annotations/annotationStore';
import { assertDocumentActionAllowed, findVisibleDocument, viewerOf } from '../../access';
import type { DocumentDetailRow, Viewer } from '../../access';
import { CONVERTIBLE_IMAGE_EXTENSIONS } from '../../pdf/imagesToPdf';
import type { AppDeps } from '../../services/AppDeps';
import { HttpError, badRequest, forbidden, notFound } from '../../http/HttpError';
import { documentIdParam, parseDocumentId, queryInteger, queryOf, queryString } from '../../http/requestHelpers';

/** Texts of the annotation answers that are not validation (ours: the spec has none). */
export const ANNOTATION_ROUTE_MESSAGES = {
  notFound: 'The annotation was not found. It has either been deleted or you cannot see its document.',
  badId: 'Annotation ids are UUIDs.',
  docIdRequired: 'Name the document with docId.',
  badPage: 'Pages are numbered from 1.',
  notAnnotatable: 'Only PDF and image documents can be annotated.',
  changedMeanwhile: 'The annotation has been changed or deleted by someone else. Reload the annotations and try again.',
} as const;

function annotationIdParam(request: FastifyRequest): string {
  // The route's params schema (contract PATH_PARAMETERS) has refused anything but a UUID.
  return (((request.params ?? {}) as Record<string, string | undefined>).id ?? '').toLowerCase();
}

function changedMeanwhile(): HttpError {
  return new HttpError(409, 'Conflict', ANNOTATION_ROUTE_MESSAGES.changedMeanwhile);
}

/** An annotation with its document, both visible to the caller, or 404 (missing and invisible look alike: SECURITY row 9). */
async function visibleAnnotationOr404(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
): Promise<{ annotation: AnnotationRow; document: DocumentDetailRow }> {
  const annotation = await findAnnotation(deps.db, id);
  if (annotation === undefined) throw notFound(ANNOTATION_ROUTE_MESSAGES.notFound);
  const document = await findVisibleDocument(deps.db, viewer, annotation.document_id);
  if (document === undefined) throw notFound(ANNOTATION_ROUTE_MESSAGES.notFound);
  return { annotation, document };
}

function validatedFields(body: unknown, document: DocumentDetailRow): AnnotationFields {
  const result = validateAnnotation(body, { pageCount: document.total_pages });
  if (!result.valid) throw badRequest(result.message);
  return result.value;
}

function requestedRowVersion(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as { rowVersion?: unknown }).rowVersion;
  return typeof value === 'number' ? value : undefined;
}

function present(row: AnnotationRow, permissions: AnnotationPermissions, viewer: Viewer): Annotation {
  return presentAnnotation(row, canEditAnnotation(permissions, viewer.userId, row.author_id));
}

/**
 * Annotations (embedded §7): `GET /annotations?docId=&page=`, `GET/PUT/DELETE /annotations/{id}`,
 * `POST /documents/{id}/annotations`. Reads need only the document to be visible (else 404);
 * writes need the privileges and queue flag of `annotationPermissions` (403), a valid shape
 * (400) and no other user's live lock on the document (409, checked inside the write's
 * transaction with the document row locked).
 */
export function registerAnnotationRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/annotations', { schema: { response: okAnswer(AnnotationListAnswer) } }, async (request): Promise<Annotation[]> => {
    const query = queryOf(request);
    const rawDocId = queryString(query, 'docId');
    if (rawDocId === undefined) throw badRequest(ANNOTATION_ROUTE_MESSAGES.docIdRequired);
    const docId = parseDocumentId(rawDocId);
    const page = queryInteger(query, 'page');
    if (page !== undefined && page < 1) throw badRequest(ANNOTATION_ROUTE_MESSAGES.badPage);
    const viewer = viewerOf(request);
    const document = await findVisibleDocument(deps.db, viewer, docId);
    if (document === undefined) throw notFound(MESSAGES.documentNotFound);
    const permissions = await annotationPermissionsFor(deps.db, viewer.userId, document);
    return (await listAnnotations(deps.db, docId, page)).map((row) => present(row, permissions, viewer));
  });

  app.get('/annotations/:id', { schema: { response: okAnswer(AnnotationAnswer) } }, async (request): Promise<Annotation> => {
    const id = annotationIdParam(request);
    const viewer = viewerOf(request);
    const { annotation, document } = await visibleAnnotationOr404(deps, viewer, id);
    return present(annotation, await annotationPermissionsFor(deps.db, viewer.userId, document), viewer);
  });

  app.post(
    '/documents/:id/annotations',
    { schema: { body: AnnotationBody, response: createdAnswer(AnnotationAnswer) } },
    async (request, reply) => {
      const docId = documentIdParam(request);
      const viewer = viewerOf(request);
      const document = await findVisibleDocument(deps.db, viewer, docId);
      if (document === undefined) throw notFound(MESSAGES.documentNotFound);
      const permissions = await annotationPermissionsFor(deps.db, viewer.userId, document);
      const refusal = refusalToAdd(permissions);
      if (refusal !== null) throw forbidden(refusal);
      if (document.extension !== 'pdf' && !CONVERTIBLE_IMAGE_EXTENSIONS.includes(document.extension)) {
        throw badRequest(ANNOTATION_ROUTE_MESSAGES.notAnnotatable);
      }
      const fields = validatedFields(request.body, document);
      const now = deps.now().toISOString();
      const id = await deps.db.transaction().execute(async (trx) => {
        await assertDocumentActionAllowed(trx, deps, viewer, [docId], 'annotate');
        return insertAnnotation(trx, docId, viewer.userId, fields, now);
      });
      const stored = await findAnnotation(deps.db, id);
      if (stored === undefined) throw changedMeanwhile();
      return reply.status(201).send(presentAnnotation(stored, true));
    },
  );

  app.put(
    '/annotations/:id',
    { schema: { body: AnnotationBody, response: okAnswer(AnnotationAnswer) } },
    async (request): Promise<Annotation> => {
      const id = annotationIdParam(request);
      const viewer = viewerOf(request);
      const { annotation, document } = await visibleAnnotationOr404(deps, viewer, id);
      const permissions = await annotationPermissionsFor(deps.db, viewer.userId, document);
      const refusal = refusalToEdit(permissions, viewer.userId, annotation.author_id);
      if (refusal !== null) throw forbidden(refusal);
      const fields = validatedFields(mergeAnnotationUpdate(annotationFieldsOf(annotation), request.body), document);
      const expected = requestedRowVersion(request.body) ?? annotation.row_version;
      if (expected !== annotation.row_version) throw changedMeanwhile();
      const now = deps.now().toISOString();
      const updated = await deps.db.transaction().execute(async (trx) => {
        await assertDocumentActionAllowed(trx, deps, viewer, [document.id], 'annotate');
        return updateAnnotation(trx, id, expected, fields, now);
      });
      if (!updated) throw changedMeanwhile();
      const stored = await findAnnotation(deps.db, id);
      if (stored === undefined) throw changedMeanwhile();
      return present(stored, permissions, viewer);
    },
  );

  app.delete('/annotations/:id', async (request, reply) => {
    const id = annotationIdParam(request);
    const viewer = viewerOf(request);
    const { annotation, document } = await visibleAnnotationOr404(deps, viewer, id);
    const permissions = await annotationPermissionsFor(deps.db, viewer.userId, document);
    const refusal = refusalToEdit(permissions, viewer.userId, annotation.author_id);
    if (refusal !== null) throw forbidden(refusal);
    await deps.db.transaction().execute(async (trx) => {
      await assertDocumentActionAllowed(trx, deps, viewer, [document.id], 'annotate');
      await deleteAnnotation(trx, id);
    });
    return reply.status(204).send();
  });
}
