import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** The history position react-router keeps in `history.state.idx` (0 for the first entry of this app). */
function historyIndex(): number {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return 0;
  const idx = (state as { idx?: unknown }).idx;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * Goes back one screen. When this screen is the first of the app's history (a reload, a restored
 * route, a deep link from the ERP) it goes to the folders instead: going back from there would
 * leave the app, and inside an iframe it would move the ERP page itself.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (historyIndex() > 0) navigate(-1);
    else navigate('/folders');
  }, [navigate]);
}
