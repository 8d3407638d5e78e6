import { ApprovalStepBody, ApprovalStepListAnswer, WorkflowQueueListAnswer, okAnswer } from '@datahaven/core/contract';
import type { ApprovalStepRequest } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { findApprovalList, findApprovalRouteQueues, setApprovalStep } from '../approvalListEditor';
import type { AppDeps } from '../../services/AppDeps';
import { documentIdParam, integerParam } from '../../http/requestHelpers';
import { workflowViewerOf } from './workflowViewerOf';

/**
 * Approval lists (embedded §7; docs/API.md "Locks and approval lists"):
 * GET /api/documents/{id}/approvals → ApprovalStep[];
 * PUT /api/v2/documents/{id}/approvals/{n} `{ queueId: number | null }` → ApprovalStep[] (the new list);
 * GET /api/workflow/queues/{id}/routes/approval → WorkflowQueue[] a list there may name.
 * All three belong to the workflow area: 403 without 'Workflow Queues: OK'.
 */
export function registerApprovalRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/documents/:id/approvals', { schema: { response: okAnswer(ApprovalStepListAnswer) } }, async (request) => {
    const viewer = workflowViewerOf(request);
    return findApprovalList(deps, viewer, documentIdParam(request));
  });

  app.put<{ Body: ApprovalStepRequest }>(
    '/v2/documents/:id/approvals/:step',
    { schema: { body: ApprovalStepBody, response: okAnswer(ApprovalStepListAnswer) } },
    async (request) => {
      const docId = documentIdParam(request);
      const step = integerParam(request, 'step');
      const viewer = workflowViewerOf(request);
      return setApprovalStep(deps, viewer, docId, step, request.body);
    },
  );

  app.get('/workflow/queues/:id/routes/approval', { schema: { response: okAnswer(WorkflowQueueListAnswer) } }, async (request) => {
    const queueId = integerParam(request, 'id');
    const viewer = workflowViewerOf(request);
    return findApprovalRouteQueues(deps, viewer, queueId);
  });
}
