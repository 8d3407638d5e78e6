import { useEffect, useState } from 'react';
import { LIMITS, type ErpContext } from '../../model';
import { useServices } from './DatahavenServices';

/** The host's ERP context and a counter that grows with every change, or null while it loads. */
export interface HostContextState {
  context: ErpContext | null;
  /** Increases each time the context was read again, so screens re-fetch even when it looks equal. */
  revision: number;
}

/**
 * Reads the ERP context from the host and reads it again when the host says it changed,
 * debounced by the spec's 200 ms so a burst of record switches costs one reload (spec §4).
 * Failing to get the context is logged and gives an empty context (spec §8).
 */
export function useHostContext(debounceMs: number = LIMITS.refreshDebounceMs): HostContextState {
  const { host } = useServices();
  const [state, setState] = useState<HostContextState>({ context: null, revision: 0 });
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (): void => {
      host.getContext().then(
        (context) => {
          if (active) setState((current) => ({ context, revision: current.revision + 1 }));
        },
        (error: unknown) => {
          console.warn('Failed to get the context from the host.', error);
          if (active) setState((current) => ({ context: {}, revision: current.revision + 1 }));
        },
      );
    };
    read();
    const unsubscribe = host.onContextChanged(() => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(read, debounceMs);
    });
    return () => {
      active = false;
      if (timer !== undefined) clearTimeout(timer);
      unsubscribe();
    };
  }, [host, debounceMs]);
  return state;
}
