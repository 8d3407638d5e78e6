import { useEffect, useState } from 'react';
import { LIMITS } from '../../model';

/**
 * Whether the loading overlay shows: at once while uploads run, otherwise only once loading
 * has lasted longer than the spec's 300 ms, so quick calls never flash it (embedded §2).
 */
export function useDelayedLoading(loading: boolean, uploading: boolean, delayMs: number = LIMITS.loadingOverlayDelayMs): boolean {
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    if (!loading) {
      setDelayPassed(false);
      return undefined;
    }
    const timer = setTimeout(() => setDelayPassed(true), delayMs);
    return () => clearTimeout(timer);
  }, [loading, delayMs]);
  return uploading || (loading && delayPassed);
}
