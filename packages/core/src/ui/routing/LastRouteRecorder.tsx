import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useServices } from '../app/DatahavenServices';
import { isAppRoute } from './appRoutes';

/**
 * Remembers each visited route in session storage so a reload comes back to it (spec §2), and
 * tells the host's router about every route shown (hosts that keep their own deep link). Renders nothing.
 */
export function LastRouteRecorder(): null {
  const location = useLocation();
  const { lastRoute, capabilities } = useServices();
  const onNavigated = capabilities.router.onNavigated;
  useEffect(() => {
    const route = location.pathname + location.search;
    if (isAppRoute(route)) lastRoute.set(route);
    onNavigated?.(route);
  }, [location.pathname, location.search, lastRoute, onNavigated]);
  return null;
}
