import { useCallback, useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices, useStore } from '../app/DatahavenServices';
import { queryKeys } from '../../state/queryKeys';
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

  // The privilege through the query cache (asked once per mount); the store only hears the answer.
  const held = useQuery({
    queryKey: queryKeys.privilege('Cabinet: Tagging'),
    queryFn: () => privileges.can('Cabinet: Tagging'),
    staleTime: Infinity,
    // Without an answer the mode stays off (below); a failed check is no alert of its own.
    meta: { quiet: true },
  });
  const answer = held.data ?? (held.isError ? false : null);
  useEffect(() => {
    // A failed check must not enable anything: it counts as not held.
    if (answer !== null) taggingMode.setAvailable(answer);
  }, [answer, taggingMode]);

  const setOn = useCallback((next: boolean) => taggingMode.setOn(next), [taggingMode]);
  const toggle = useCallback(() => taggingMode.toggle(), [taggingMode]);
  return useMemo(() => ({ available, on, setOn, toggle }), [available, on, setOn, toggle]);
}
