import { useState, type ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useServices } from '../app/DatahavenServices';
import { isWorkflowRoute } from '../routing/appRoutes';

/** The workflow root view (portal §2 "auto"), where /workflow2 lands without a stored route. */
export const WORKFLOW_ROOT_PATH = '/portal/workflow/auto';

/**
 * `/workflow2` (query dataAreaId; also `/workflow1`, which has no UI of its own here): goes to
 * the last stored route when it is a workflow screen, and clears it; otherwise to the portal
 * workflow root view, keeping the query.
 */
export function WorkflowRedirect(): ReactElement {
  const location = useLocation();
  const { lastRoute } = useServices();
  // Taken once per mount: taking clears the stored route, so a re-render must not take again.
  const [target] = useState(() => lastRoute.take(isWorkflowRoute) ?? `${WORKFLOW_ROOT_PATH}${location.search}`);
  return <Navigate to={target} replace />;
}
