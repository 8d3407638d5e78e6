import { DocumentAccessAnswer, okAnswer } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import { hasQueueFeature } from '@datahaven/core/model';
import type { DocumentAccess } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { findVisibleDocument } from '../documentQueries';
import { ACCESS_PRIVILEGES, presentDocumentAccess } from '../accessPresenter';
import { lockStateOf } from '../documentPresenter';
import { PAGED_EXTENSIONS, isSplittable } from '../isSplittable';
import type { AppDeps } from '../../services/AppDeps';
import { notFound } from '../../http/HttpError';
import { documentIdParam } from '../../http/requestHelpers';
import { viewerOf } from './viewerOf';

/** GET /api/documents/{id}/access → DocumentAccess computed on the server. */
export function registerAccessRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/documents/:id/access', { schema: { response: okAnswer(DocumentAccessAnswer) } }, async (request): Promise<DocumentAccess> => {
    const viewer = viewerOf(request);
    const document = await findVisibleDocument(deps.db, viewer, documentIdParam(request));
    if (document === undefined) throw notFound(MESSAGES.documentNotFound);
    const privileges = new Map(ACCESS_PRIVILEGES.map((name) => [name, viewer.privileges.has(name)]));
    return presentDocumentAccess(
      privileges,
      { splittable: isSplittable(document), pdf: PAGED_EXTENSIONS.has(document.extension), linked: document.link_record_id !== null },
      {
        inQueue: document.queue_id !== null,
        queueAccess: Number(document.queue_access),
        lockOwner: lockStateOf(document).owner,
        isManager: viewer.isManager,
        optIn:
          document.queue_features1 !== null &&
          hasQueueFeature({ features1: Number(document.queue_features1), features2: 0 }, 'OptInWorkflow'),
      },
    );
  });
}
