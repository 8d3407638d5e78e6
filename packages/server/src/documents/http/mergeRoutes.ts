import { DocumentAnswer, MergeBody, createdAnswer } from '@datahaven/core/contract';
import type { MergeRequestBody } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import type { FastifyInstance } from 'fastify';
import { mergeDocuments, mergeRequestOf } from '../documentRecombiner';
import { findVisibleDocument, presentDocument, viewerOf } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { forbidden, notFound } from '../../http/HttpError';

/**
 * POST /api/documents/merge `{ docIds, name?, deleteOriginals }` → 201 `DmsDocument` of the merged
 * document. Bad body or fewer than two documents → 400; no 'Cabinet: Split Document' (or, with
 * `deleteOriginals`, no 'Cabinet: Delete') → 403; an invisible document → 404; not all PDFs,
 * different links or 'Merge file size greater than the maximum' → 400.
 */
export function registerMergeRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post<{ Body: MergeRequestBody }>(
    '/documents/merge',
    { schema: { body: MergeBody, response: createdAnswer(DocumentAnswer) } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const merge = mergeRequestOf(request.body);
      if (!viewer.privileges.has('Cabinet: Split Document'))
        throw forbidden("Merging documents needs the 'Cabinet: Split Document' privilege.");
      if (merge.deleteOriginals && !viewer.privileges.has('Cabinet: Delete'))
        throw forbidden("Deleting the originals needs the 'Cabinet: Delete' privilege.");
      const id = await mergeDocuments(deps, viewer, merge);
      const row = await findVisibleDocument(deps.db, viewer, id);
      if (row === undefined) throw notFound(MESSAGES.documentNotFound);
      return reply.status(201).send(presentDocument(row));
    },
  );
}
