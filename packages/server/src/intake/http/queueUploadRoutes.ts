import { CreatedDocumentsAnswer, SubmitAnswer, SubmitBody, createdAnswer, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches, SubmitRequestBody } from '@datahaven/core/contract';
import type { DmsDocument } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { submitDocuments, submitRequestOf } from '../../workflow/documentSubmitter';
import type { SubmitResult } from '../../workflow/documentSubmitter';
import { applyArrivalEvents, checkQueueImport, commitQueueImport } from '../queueImporter';
import { matchArrivalsToRecords } from '../smartQueueMatcher';
import { findVisibleDocuments } from '../../access/documentQueries';
import { presentDocument } from '../../access/documentPresenter';
import type { ErpDeps } from '../../erp/ErpDeps';
import { integerParam } from '../../http/requestHelpers';
import { viewerOf } from '../../auth/http/authPlugin';
import { stageRequestFiles } from './stageRequestFiles';

// The answer schema holds every field of the command's result: the serialiser drops what it lacks.
const submitMatches: AnswerMatches<typeof SubmitAnswer, SubmitResult> = true;
void submitMatches;

/**
 * Intake into queues (issue 12; docs/API.md "Queue intake"):
 * - POST /api/queues/{id}/documents (multipart `file` parts) → 201 the created documents, in the
 *   queue, unlinked — in a SmartQueue, linked to the one record its file name names (its OnAutoLink
 *   then applies; commands/smartQueueMatcher); refused before any byte is stored when the caller may not import there
 *   (403 / 404) or the queue is NoImporting (403 'Error: Cannot complete import! …').
 * - PUT /api/documents/submit → 200 `{ documents, autoApproved, autoApproveRefusal,
 *   promptToApprove, launchRecord }`; 400 'A note is required to submit.'.
 */
export function registerQueueUploadRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.post('/queues/:id/documents', { schema: { response: createdAnswer(CreatedDocumentsAnswer) } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const queue = await checkQueueImport(deps.db, viewer, integerParam(request, 'id'));
    const staged = await stageRequestFiles(deps, request, reply);
    if (staged === null) return reply;
    const ids = await commitQueueImport(deps, viewer, queue, staged);
    // SmartQueue: files whose names name a record are linked to it, and the queue's OnAutoLink applies to them.
    const matched = await matchArrivalsToRecords(deps, viewer, queue, ids, (error, message) => request.log.warn({ err: error }, message));
    await applyArrivalEvents(deps, viewer, matched);
    const documents: DmsDocument[] = (await findVisibleDocuments(deps.db, viewer, ids)).map(presentDocument);
    return reply.status(201).send(documents);
  });

  app.put<{ Body: SubmitRequestBody }>(
    '/documents/submit',
    { schema: { body: SubmitBody, response: okAnswer(SubmitAnswer) } },
    async (request) => {
      const viewer = viewerOf(request);
      return submitDocuments(deps, viewer, submitRequestOf(request.body));
    },
  );
}
