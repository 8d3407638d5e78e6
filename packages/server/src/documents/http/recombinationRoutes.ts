import { CreatedDocumentsAnswer, RecombinationBody, createdAnswer } from '@datahaven/core/contract';
import type { RecombinationRequestBody } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { recombinationRequestOf, recombineDocuments } from '../documentRecombiner';
import { findVisibleDocuments, presentDocument, viewerOf } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { forbidden } from '../../http/HttpError';

/**
 * POST /api/documents/recombination `{ documents: [{ parts: [{ documentId, firstPage, lastPage }], name? }], delete }`
 * → 201 `DmsDocument[]` of the new documents in request order. Bad body → 400; no
 * 'Cabinet: Split Document' (or, with `delete`, no 'Cabinet: Delete') → 403; a source the caller
 * cannot see → 404; pages outside a source or a source that is not a PDF → 400.
 */
export function registerRecombinationRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Body: RecombinationRequestBody }>(
    '/documents/recombination',
    { schema: { body: RecombinationBody, response: createdAnswer(CreatedDocumentsAnswer) } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const recombination = recombinationRequestOf(request.body);
      if (!viewer.privileges.has('Cabinet: Split Document'))
        throw forbidden("Recombining documents needs the 'Cabinet: Split Document' privilege.");
      if (recombination.delete && !viewer.privileges.has('Cabinet: Delete'))
        throw forbidden("Deleting the source documents needs the 'Cabinet: Delete' privilege.");
      const ids = await recombineDocuments(deps, viewer, recombination);
      const byId = new Map((await findVisibleDocuments(deps.db, viewer, ids)).map((row) => [row.id, row]));
      const documents = ids.flatMap((id) => {
        const row = byId.get(id);
        return row === undefined ? [] : [presentDocument(row)];
      });
      return reply.status(201).send(documents);
    },
  );
}
