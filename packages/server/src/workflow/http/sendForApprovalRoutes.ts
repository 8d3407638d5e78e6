import {
  DocumentRejectionStatusAnswer,
  SendForApprovalAnswer,
  SendForApprovalBody,
  SendForApprovalPreviewAnswer,
  okAnswer,
} from '@datahaven/core/contract';
import type { AnswerMatches, SendForApprovalRequestBody } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { viewerOf, visibleDocumentOr404 } from '../../access';
import { documentIdParam, integerParam } from '../../http/requestHelpers';
import { readLastRejections } from '../lastRejections';
import type { ErpDeps } from '../../erp';
import { readSendForApprovalTarget, sendForApproval, sendForApprovalRequestOf } from '../documentSender';
import type { SendForApprovalResult } from '../documentSender';

// The answer schema holds every field of the command's result: the serialiser drops what it lacks.
const sendMatches: AnswerMatches<typeof SendForApprovalAnswer, SendForApprovalResult> = true;
void sendMatches;

/**
 * GET /api/queues/{id}/send-for-approval → `{ sendForApproval }`: where a send from the queue would
 * stop (queue id and name, the queues passed), or null where it leads nowhere for the caller
 * (documentSender readSendForApprovalTarget); the client offers the action only with a target.
 * GET /api/documents/{id}/rejection → `{ rejection }`: the reject that put the document in its
 * queue (reason, who, when, from where), for the viewer's bar; 404 for a document the caller
 * does not see, as for the document itself.
 * PUT /api/documents/send-for-approval → 200 `{ documents, queueId, queueName, passedQueueIds }`
 * (docs/API.md "Send for approval"); no privilege or Route flag → 403; no way onto the auto-route,
 * a route block or a missing required note on the way → 400 in words; a stale window → 409.
 */
export function registerSendForApprovalRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.get('/queues/:id/send-for-approval', { schema: { response: okAnswer(SendForApprovalPreviewAnswer) } }, async (request) => ({
    sendForApproval: await readSendForApprovalTarget(deps.db, viewerOf(request), integerParam(request, 'id')),
  }));
  app.get('/documents/:id/rejection', { schema: { response: okAnswer(DocumentRejectionStatusAnswer) } }, async (request) => {
    const id = documentIdParam(request);
    await visibleDocumentOr404(deps.db, viewerOf(request), id);
    return { rejection: (await readLastRejections(deps.db, [id])).get(id) ?? null };
  });
  app.put<{ Body: SendForApprovalRequestBody }>(
    '/documents/send-for-approval',
    { schema: { body: SendForApprovalBody, response: okAnswer(SendForApprovalAnswer) } },
    async (request) => sendForApproval(deps, viewerOf(request), sendForApprovalRequestOf(request.body)),
  );
}
