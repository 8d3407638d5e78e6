import { SubmitAnswer, SubmitBody, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches, SubmitRequestBody } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../../access';
import type { ErpDeps } from '../../erp';
import { submitDocuments, submitRequestOf } from '../documentSubmitter';
import type { SubmitResult } from '../documentSubmitter';

// The answer schema holds every field of the command's result: the serialiser drops what it lacks.
const submitMatches: AnswerMatches<typeof SubmitAnswer, SubmitResult> = true;
void submitMatches;

/**
 * PUT /api/documents/submit → 200 `{ documents, autoApproved, autoApproveRefusal, promptToApprove,
 * launchRecord }` (docs/API.md "Queue intake"); 400 'A note is required to submit.'.
 */
export function registerSubmitRoutes(app: FastifyInstance, deps: ErpDeps): void {
  app.put<{ Body: SubmitRequestBody }>(
    '/documents/submit',
    { schema: { body: SubmitBody, response: okAnswer(SubmitAnswer) } },
    async (request) => {
      const viewer = viewerOf(request);
      return submitDocuments(deps, viewer, submitRequestOf(request.body));
    },
  );
}
