import type { OptionValues } from '../../rules';
import { queryKeys } from '../../state/queryKeys';
import { useApiQuery } from './useApiQuery';
import { useServices } from './DatahavenServices';

/** The parsed options (one request per mount, shared through the query cache), or null until they arrive or when they failed. */
export function useOptionValues(): OptionValues | null {
  const { api } = useServices();
  // Options change only with the server's configuration: kept for the mount once read.
  return useApiQuery(queryKeys.options, () => api.options.getValues(), { staleTime: Infinity }).data;
}
