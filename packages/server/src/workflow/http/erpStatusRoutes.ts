import { DocumentErpStatusOrNullAnswer, okAnswer } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { viewerOf, visibleDocumentOr404 } from '../../access';
import type { ErpDeps } from '../../erp';
import { documentIdParam } from '../../http/requestHelpers';
import { readDocumentErpStatus } from '../documentErpStatusQuery';

/**
 * GET /api/documents/{id}/erp-status → where the write-back of the document's latest decision
 * to its linked purchase invoice stands ('ERP updated', 'ERP update pending', 'ERP update
 * failed: …'), or null when none was owed (docs/API.md "The ERP follows the decision"). Anyone
 * who sees the document may read it (404 otherwise, as for the document itself).
 */
export function registerErpStatusRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get('/documents/:id/erp-status', { schema: { response: okAnswer(DocumentErpStatusOrNullAnswer) } }, async (request) => {
    const id = documentIdParam(request);
    await visibleDocumentOr404(deps.db, viewerOf(request), id);
    return readDocumentErpStatus(deps.db, deps.entitySources, id);
  });
}
