import type { FastifyRequest } from 'fastify';
import type { PrivilegeName } from '@datahaven/core/model';
import { accessRefusalsFor, viewerOf } from '../../access';
import type { Viewer } from '../../access';
import { forbidden } from '../../http/HttpError';

/** The privilege that opens the workflow area (portal §6: the sidebar shows Workflow with it). */
export const WORKFLOW_AREA_PRIVILEGE: PrivilegeName = 'Workflow Queues: OK';

/**
 * The caller as a viewer of the workflow area: 403 without 'Workflow Queues: OK'. The structure
 * calls and the approval lists serve only the workflow screens, so a user the client would not
 * show the workflow area to gets nothing from them either.
 */
export function workflowViewerOf(request: FastifyRequest): Viewer {
  const viewer = viewerOf(request);
  if (!viewer.privileges.has(WORKFLOW_AREA_PRIVILEGE)) {
    throw forbidden((language) => accessRefusalsFor(language).privilegeNeeded('workflowArea', WORKFLOW_AREA_PRIVILEGE));
  }
  return viewer;
}
