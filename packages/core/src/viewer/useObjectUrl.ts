import { useEffect, useState } from 'react';

/** The state of a blob being fetched for display. */
export type ObjectUrlState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; error: unknown };

/**
 * Fetches a blob (with the bearer, which an `<img src>` cannot send) and exposes it as an object
 * URL, revoked when the component unmounts or the source changes. `load` must be stable per source.
 */
export function useObjectUrl(load: ((signal: AbortSignal) => Promise<Blob>) | null): ObjectUrlState {
  const [state, setState] = useState<ObjectUrlState>({ status: 'loading' });
  useEffect(() => {
    if (!load) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    load(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [load]);
  return state;
}
