import { useEffect } from 'react';
import { MESSAGES } from '../../rules';

/**
 * Logs errors that escape every handler (event handlers, promises nobody awaited) as
 * 'An Unhandled Error Occured' (spec §8), while the app is mounted. Renders nothing.
 */
export function UnhandledErrorLogger(): null {
  useEffect(() => {
    const onError = (event: ErrorEvent): void => console.error(MESSAGES.unhandledError, event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent): void => console.error(MESSAGES.unhandledError, event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
