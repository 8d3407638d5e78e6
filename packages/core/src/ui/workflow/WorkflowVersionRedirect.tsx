import { useMemo, type ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { WorkflowPreferences } from '../../state/WorkflowPreferences';
import { useServices } from '../app/DatahavenServices';

/** `/workflow`: goes to /workflow1 or /workflow2 by the stored workflow interface version (default workflow2), keeping the query. */
export function WorkflowVersionRedirect(): ReactElement {
  const location = useLocation();
  const { host } = useServices();
  const version = useMemo(() => new WorkflowPreferences(host.storage.local).interfaceVersion(), [host]);
  return <Navigate to={`/${version}${location.search}`} replace />;
}
