import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useServices } from './DatahavenServices';

/** What useApiQuery hands back: the last data, the last failure, whether it is loading, and a way to load again. */
export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * Server data for a screen through the mount's QueryClient: cached and shared by `queryKey`
 * (queryKeys), fetched with the ApiClient (token, 401 retry and errors as ever; the signal aborts
 * it when nobody needs it any more), counted by the app's LoadingCounter. Failures reach the
 * alert area once, from the QueryClient (DatahavenServices), and stay here for the screen's empty state.
 */
export function useApiQuery<T>(
  queryKey: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  options: { enabled?: boolean; staleTime?: number } = {},
): Loaded<T> {
  const { loading } = useServices();
  // While a new key loads (another filter), the last answer stays on screen, as the screens always did.
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => loading.track(load(signal)),
    enabled: options.enabled,
    staleTime: options.staleTime,
    placeholderData: keepPreviousData,
  });
  return {
    data: query.data ?? null,
    error: query.error,
    loading: query.isPending && query.fetchStatus !== 'idle' ? true : query.isFetching,
    reload: () => void query.refetch(),
  };
}
