import { CreatedDocumentsAnswer, createdAnswer } from '@datahaven/core/contract';
import type { DmsDocument } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { findVisibleDocuments, presentDocument, viewerOf } from '../../access';
import type { ErpDeps } from '../../erp';
import { integerParam } from '../../http/requestHelpers';
import { rateLimited } from '../../http/rateLimited';
import { intakeDocuments } from '../intakeDocuments';
import { checkQueueImport } from '../checkQueueImport';
import { stageRequestFiles } from './stageRequestFiles';
import { committingStagedFiles } from '../stagedFiles';

/**
 * Intake into queues (docs/API.md "Queue intake"): POST /api/queues/{id}/documents (multipart
 * `file` parts) → 201 the created documents, in the queue, unlinked — in a SmartQueue, linked to
 * the one record its file name names (its OnAutoLink then applies; intake/smartQueueMatcher);
 * refused before any byte is stored when the caller may not import there (403 / 404) or the queue
 * is NoImporting (403 'Error: Cannot complete import! …'); 429 past the caller's uploads a minute.
 */
export function registerQueueUploadRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.post(
    '/queues/:id/documents',
    { schema: { response: createdAnswer(CreatedDocumentsAnswer) }, config: rateLimited(deps.config.rateLimits.uploads) },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const queue = await checkQueueImport(deps.db, viewer, integerParam(request, 'id'));
      const staged = await stageRequestFiles(deps, request, reply);
      if (staged === null) return reply;
      const ids = await committingStagedFiles(deps, staged, () =>
        intakeDocuments(deps, viewer, { kind: 'queue', queue }, staged, {
          onMatchWarning: (error, message) => request.log.warn({ err: error }, message),
        }),
      );
      const documents: DmsDocument[] = (await findVisibleDocuments(deps.db, viewer, ids)).map(presentDocument);
      return reply.status(201).send(documents);
    },
  );
}
