import { useEffect, useState } from 'react';
import { LIMITS, type ErpContext } from '../../model';
import type { HostContext } from '../../host';
import { useServices } from './DatahavenServices';

/** The record in view (ERP context; empty when the host has none), what else the host knows, and a counter that grows with every change; null while it loads. */
export interface HostContextState {
  context: ErpContext | null;
  /** Everything the host said (the record, Teams tab, Outlook item); null while it loads. */
  host: HostContext | null;
  /** Increases each time the context was read again, so screens re-fetch even when it looks equal. */
  revision: number;
}

/**
 * Reads the context from the host and reads it again when the host says it changed,
 * debounced by the spec's 200 ms so a burst of record switches costs one reload (spec §4).
 * Failing to get the context is logged and gives an empty context (spec §8).
 */
export function useHostContext(debounceMs: number = LIMITS.refreshDebounceMs): HostContextState {
  const { host } = useServices();
  const [state, setState] = useState<HostContextState>({ context: null, host: null, revision: 0 });
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (): void => {
      host.getContext().then(
        (context) => {
          if (active) setState((current) => ({ context: context.record, host: context, revision: current.revision + 1 }));
        },
        (error: unknown) => {
          console.warn('Failed to get the context from the host.', error);
          if (active) setState((current) => ({ context: {}, host: { record: {} }, revision: current.revision + 1 }));
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
