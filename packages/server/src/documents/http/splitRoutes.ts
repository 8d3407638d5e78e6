import { CreatedDocumentsAnswer, SplitBody, createdAnswer } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import { parseSplitRequest, splitDocument } from '../documentSplitter';
import { findVisibleDocument, findVisibleDocuments, presentDocument, viewerOf } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { forbidden, notFound } from '../../http/HttpError';
import { documentIdParam } from '../../http/requestHelpers';

/**
 * POST /api/documents/{id}/split `{ ranges, deleteOriginal }` → 201 `DmsDocument[]` of the new
 * documents. Invisible → 404; no 'Cabinet: Split Document' (or, to delete the original, no
 * 'Cabinet: Delete') → 403; bad body or ranges → 400.
 */
export function registerSplitRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(
    '/documents/:id/split',
    { schema: { body: SplitBody, response: createdAnswer(CreatedDocumentsAnswer) } },
    async (request, reply) => {
      const id = documentIdParam(request);
      const viewer = viewerOf(request);
      const original = await findVisibleDocument(deps.db, viewer, id);
      if (original === undefined) throw notFound(MESSAGES.documentNotFound);
      if (!viewer.privileges.has('Cabinet: Split Document'))
        throw forbidden("Splitting documents needs the 'Cabinet: Split Document' privilege.");
      const split = parseSplitRequest(request.body);
      if (split.deleteOriginal && !viewer.privileges.has('Cabinet: Delete')) {
        throw forbidden("Deleting the original needs the 'Cabinet: Delete' privilege.");
      }
      const ids = await splitDocument(deps, viewer, original, split);
      const documents = (await findVisibleDocuments(deps.db, viewer, ids)).map(presentDocument);
      return reply.status(201).send(documents);
    },
  );
}
