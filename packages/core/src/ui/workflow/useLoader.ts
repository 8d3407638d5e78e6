import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../app/DatahavenServices';

/** What useLoader hands back: the last data, the last failure, and a way to load again. */
export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * Loads data for a screen while `key` stays the same: counted by the app's LoadingCounter,
 * aborted when the key changes or the screen leaves, failures reported to the AlertArea
 * (spec §8 wording comes from the ApiError) and kept for the screen's own empty state.
 */
export function useLoader<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const { loading: counter, alerts } = useServices();
  const loadRef = useRef(load);
  loadRef.current = load;
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    counter.track(loadRef.current(controller.signal)).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        alerts.report(error);
        setState({ data: null, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [key, reloads, counter, alerts]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { ...state, reload };
}
