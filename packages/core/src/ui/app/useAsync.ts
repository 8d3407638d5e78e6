import { useEffect, useState, type DependencyList } from 'react';

/** The state of one asynchronous load. */
export type AsyncState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/**
 * Runs `load` whenever the dependencies change, aborting the previous run, and returns its state.
 * The function gets an AbortSignal so calls that are no longer wanted stop.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
    // The caller names the dependencies of `load`, exactly as with useEffect.
  }, deps);
  return state;
}
