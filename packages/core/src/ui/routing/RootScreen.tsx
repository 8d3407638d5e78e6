import type { ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useServices } from '../app/DatahavenServices';
import { HostEmptyState } from '../shell/HostEmptyState';
import { isAppRoute } from './appRoutes';
import { rewriteHashPath } from './rewriteHashPath';

/**
 * The root route: applies the '/#' rewrite, then returns to the last visited route of this
 * session (spec §2), then opens the host's home: the record's folders, or the host's notice.
 */
export function RootScreen(): ReactElement {
  const location = useLocation();
  const { capabilities, lastRoute } = useServices();
  const rewritten = rewriteHashPath(location.pathname + location.search + location.hash);
  if (rewritten !== null) return <Navigate to={rewritten} replace />;
  const last = lastRoute.get();
  if (last !== null && isAppRoute(last) && last !== '/') return <Navigate to={last} replace />;
  const { home } = capabilities;
  if (home.kind === 'notice') return <HostEmptyState title={home.title} body={home.body} />;
  return <Navigate to={{ pathname: '/folders', search: location.search }} replace />;
}
