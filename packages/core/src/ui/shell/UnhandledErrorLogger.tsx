import { useEffect } from 'react';
import { MESSAGES } from '../../locale/messages';
import { useServices } from '../app/DatahavenServices';

/**
 * Logs errors that escape every handler (event handlers, promises nobody awaited) as
 * 'An Unhandled Error Occured' (spec §8), while the app is mounted. Renders nothing.
 */
export function UnhandledErrorLogger(): null {
  const { capabilities } = useServices();
  useEffect(() => capabilities.onUnhandledError((error) => console.error(MESSAGES.unhandledError, error)), [capabilities]);
  return null;
}
