import { ApprovalBody, RejectBody, RouteBody, WorkflowActionAnswer, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches, WorkflowActionBody } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { duplicateOverrideReasonOf } from '../duplicateGuard';
import { recordWorkflowAction, workflowActionRequestOf } from '../workflowActionRecorder';
import type { WorkflowAction, WorkflowActionResult } from '../workflowActionRecorder';
import type { ErpDeps } from '../../erp';
import { viewerOf } from '../../access';

const PATHS: Record<WorkflowAction, string> = { approve: '/documents/approval', reject: '/documents/reject', route: '/documents/route' };
const BODIES = { approve: ApprovalBody, reject: RejectBody, route: RouteBody } as const;
// The answer schema holds every field of the command's result: the serialiser drops what it lacks.
const answerMatches: AnswerMatches<typeof WorkflowActionAnswer, WorkflowActionResult> = true;
void answerMatches;

/**
 * PUT /api/documents/approval, /reject and /route (embedded §7 "Workflow actions") → 200
 * `{ documents: [{ id, queueId, rowVersion }] }`; invisible document → 404; no queue flag → 403;
 * bad body, missing required note, no target queue or route, a possible duplicate approved without
 * `duplicateOverrideReason` → 400; a document whose queue or
 * row version changed → 409 'Document Queue Out Of Sync With Window' and nothing changes.
 */
export function registerWorkflowRoutes(app: FastifyInstance, deps: ErpDeps): void {
  for (const [action, path] of Object.entries(PATHS) as [WorkflowAction, string][]) {
    app.put<{ Body: WorkflowActionBody }>(
      path,
      { schema: { body: BODIES[action], response: okAnswer(WorkflowActionAnswer) } },
      async (request) => {
        const viewer = viewerOf(request);
        const body = workflowActionRequestOf(action, request.body);
        // Ours beside the spec's fields (issue 35): the reason to approve possible duplicates anyway.
        return recordWorkflowAction(deps, viewer, { ...body, duplicateOverrideReason: duplicateOverrideReasonOf(action, request.body) });
      },
    );
  }
}
