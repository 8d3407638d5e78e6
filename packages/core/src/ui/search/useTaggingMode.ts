import { useCallback, useEffect, useMemo } from 'react';
import { useServices, useStore } from '../app/DatahavenServices';
import { useSearchStores } from './useSearchStores';

/** Tagging mode as screens and toolbars see it. */
export interface TaggingMode {
  /** Whether the user holds 'Cabinet: Tagging'; null until the server answered. */
  available: boolean | null;
  /** While true, single-document actions, route, approve and reject are disabled (spec §4, §5). */
  on: boolean;
  setOn(on: boolean): void;
  toggle(): void;
}

/**
 * Tagging mode of this app (spec §4), shared by the search pane and the workflow toolbar: asks
 * for the 'Cabinet: Tagging' privilege once, and can only be turned on when it is held.
 */
export function useTaggingMode(): TaggingMode {
  const services = useServices();
  const { taggingMode } = useSearchStores();
  const { available, on } = useStore(taggingMode);
  const { privileges } = services.api;

  useEffect(() => {
    if (available !== null) return;
    let current = true;
    privileges
      .can('Cabinet: Tagging')
      .then((held) => {
        if (current) taggingMode.setAvailable(held);
      })
      // Without an answer the mode stays off: a failed check must not enable anything.
      .catch(() => {
        if (current) taggingMode.setAvailable(false);
      });
    return () => {
      current = false;
    };
  }, [available, privileges, taggingMode]);

  const setOn = useCallback((next: boolean) => taggingMode.setOn(next), [taggingMode]);
  const toggle = useCallback(() => taggingMode.toggle(), [taggingMode]);
  return useMemo(() => ({ available, on, setOn, toggle }), [available, on, setOn, toggle]);
}
