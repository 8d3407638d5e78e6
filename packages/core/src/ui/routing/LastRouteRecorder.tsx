import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useServices } from '../app/DatahavenServices';
import { isAppRoute } from './appRoutes';

/** Remembers each visited route in session storage so a reload comes back to it (spec §2). Renders nothing. */
export function LastRouteRecorder(): null {
  const location = useLocation();
  const { lastRoute } = useServices();
  useEffect(() => {
    const route = location.pathname + location.search;
    if (isAppRoute(route)) lastRoute.set(route);
  }, [location.pathname, location.search, lastRoute]);
  return null;
}
