import { PossibleDuplicateListAnswer, okAnswer } from '@datahaven/core/contract';
import type { PossibleDuplicate } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { viewerOf, visibleDocumentOr404 } from '../../access';
import type { AppDeps } from '../../services/AppDeps';
import { documentIdParam } from '../../http/requestHelpers';
import { readPossibleDuplicates } from '../possibleDuplicates';

/**
 * GET /api/documents/{id}/duplicates (issue 35; docs/API.md "Possible duplicates") → the other
 * documents this one may duplicate, as the viewer shows them ("Possible duplicate of …"); [] when
 * none. Whoever may see the document may read its marks (404 otherwise, as for the document); the
 * other document's id, name and queue only when they may see that one too.
 */
export function registerDuplicateRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get(
    '/documents/:id/duplicates',
    { schema: { response: okAnswer(PossibleDuplicateListAnswer) } },
    async (request): Promise<PossibleDuplicate[]> => {
      const viewer = viewerOf(request);
      const document = await visibleDocumentOr404(deps.db, viewer, documentIdParam(request));
      return (await readPossibleDuplicates(deps.db, viewer, [document.id])).get(document.id) ?? [];
    },
  );
}
