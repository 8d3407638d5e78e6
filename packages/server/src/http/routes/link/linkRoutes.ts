import { DocumentLinkOrNullAnswer, okAnswer } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import type { DocumentLink } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { findVisibleDocument } from '../../../policies/documentQueries';
import { presentDocumentLink } from '../../../presenters/documentPresenter';
import type { AppDeps } from '../../../services/AppDeps';
import { notFound } from '../../HttpError';
import { documentIdParam, viewerOf } from '../../requestHelpers';

/** GET /api/documents/{id}/link → the primary DocumentLink, or null when unlinked. */
export function registerLinkRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/documents/:id/link', { schema: { response: okAnswer(DocumentLinkOrNullAnswer) } }, async (request, reply) => {
    const viewer = await viewerOf(request, deps);
    const row = await findVisibleDocument(deps.db, viewer, documentIdParam(request));
    if (row === undefined) throw notFound(MESSAGES.documentNotFound);
    const link: DocumentLink | null = presentDocumentLink(row);
    // Serialise null explicitly: Fastify would otherwise send an empty body.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(link));
  });
}
