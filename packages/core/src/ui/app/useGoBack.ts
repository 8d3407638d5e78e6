import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Goes back one screen. When this screen is the first of the app's history (a fresh load, a
 * restored route, a deep link from the ERP) it goes to the folders instead: going back from there
 * would leave the app, and inside an iframe it would move the ERP page itself. React Router keys
 * the first entry 'default' in both the browser and the memory router, so no history is read here.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key !== 'default') navigate(-1);
    else navigate('/folders');
  }, [navigate, key]);
}
