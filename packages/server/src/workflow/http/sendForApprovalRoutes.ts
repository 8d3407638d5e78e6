import { SendForApprovalAnswer, SendForApprovalBody, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches, SendForApprovalRequestBody } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../../access';
import type { ErpDeps } from '../../erp';
import { sendForApproval, sendForApprovalRequestOf } from '../documentSender';
import type { SendForApprovalResult } from '../documentSender';

// The answer schema holds every field of the command's result: the serialiser drops what it lacks.
const sendMatches: AnswerMatches<typeof SendForApprovalAnswer, SendForApprovalResult> = true;
void sendMatches;

/**
 * PUT /api/documents/send-for-approval → 200 `{ documents, queueId, queueName, passedQueueIds }`
 * (docs/API.md "Send for approval"); no privilege or Route flag → 403; no way onto the auto-route,
 * a route block or a missing required note on the way → 400 in words; a stale window → 409.
 */
export function registerSendForApprovalRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.put<{ Body: SendForApprovalRequestBody }>(
    '/documents/send-for-approval',
    { schema: { body: SendForApprovalBody, response: okAnswer(SendForApprovalAnswer) } },
    async (request) => sendForApproval(deps, viewerOf(request), sendForApprovalRequestOf(request.body)),
  );
}
