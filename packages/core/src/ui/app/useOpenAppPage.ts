import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OpenUrlOptions } from '../../host';
import { useServices } from './DatahavenServices';

/** The router state of a page opened in place: its screen may offer Back to where it was opened from. */
interface OpenedInPlaceState {
  openedInPlace: true;
}

/** Whether the router state says this page was opened in place by useOpenAppPage (so Back returns to the opener). */
export function wasOpenedInPlace(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<OpenedInPlaceState>).openedInPlace === true;
}

/**
 * Opens one of the app's own pages that the portal shows as a popup (the approval list): in a
 * window of its own, or — for a host whose appPages is 'inPlace' (a Teams tab, where a window
 * would be served without the tab's sign-in) — in this frame's router, so the page's Back returns.
 */
export function useOpenAppPage(): (path: string, options?: OpenUrlOptions) => void {
  const { capabilities } = useServices();
  const navigate = useNavigate();
  return useCallback(
    (path, options) => {
      if (capabilities.appPages === 'inPlace') navigate(path, { state: { openedInPlace: true } satisfies OpenedInPlaceState });
      else capabilities.openUrl(path, options);
    },
    [capabilities, navigate],
  );
}
