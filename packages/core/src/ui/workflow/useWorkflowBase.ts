import { createContext, useContext } from 'react';

/** The two prefixes the workflow area is served under (portal §2): the portal's and the responsive view's. */
export type WorkflowBase = '/portal/workflow' | '/workflow2';

/** The prefix of the workflow area being shown, so its links stay under it. */
export const WorkflowBaseContext = createContext<WorkflowBase>('/portal/workflow');

/** The prefix of the surrounding workflow area ('/portal/workflow' or '/workflow2'). */
export function useWorkflowBase(): WorkflowBase {
  return useContext(WorkflowBaseContext);
}
