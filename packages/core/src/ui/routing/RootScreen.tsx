import type { ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useServices } from '../app/DatahavenServices';
import { HostEmptyState } from '../shell/HostEmptyState';
import { isAppRoute } from './appRoutes';
import { rewriteHashPath } from './rewriteHashPath';

/**
 * The root route: applies the '/#' rewrite, then returns to the last visited route of this
 * session (spec §2), then opens the host's home screen (folders for the ERP and the browser).
 */
export function RootScreen(): ReactElement {
  const location = useLocation();
  const { host, lastRoute } = useServices();
  const rewritten = rewriteHashPath(location.pathname + location.search + location.hash);
  if (rewritten !== null) return <Navigate to={rewritten} replace />;
  const last = lastRoute.get();
  if (last !== null && isAppRoute(last) && last !== '/') return <Navigate to={last} replace />;
  if (host.kind === 'erp' || host.kind === 'browser') return <Navigate to={{ pathname: '/folders', search: location.search }} replace />;
  return <HostEmptyState kind={host.kind} />;
}
