import { WORKFLOW_PERMS, decodeBits } from './bitSet';

/** The workflow permission bitmask expanded into one boolean per permission (portal §6). */
export type WorkflowPermissions = Record<keyof typeof WORKFLOW_PERMS, boolean>;

/** Expands a document's workflowPerms bitmask into named booleans (portal §6). */
export function decodeWorkflowPermissions(workflowPerms: number): WorkflowPermissions {
  return decodeBits(WORKFLOW_PERMS, workflowPerms);
}
