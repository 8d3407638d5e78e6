import type { Option, OptionName } from '../model';
import { parseOptions, type OptionValues } from '../rules';
import type { ApiClient } from './ApiClient';

/** The options resource; options load once per instance (spec §4 "Configuration and options load once"). */
export interface OptionsApi {
  /** The raw options list (GET /options), fetched once and shared by every caller. */
  getOptions(): Promise<Option[]>;
  /** The options parsed into typed values (defaults for missing ones). */
  getValues(): Promise<OptionValues>;
  /** One option (GET /options/{name}), always from the server. */
  getOption(name: OptionName): Promise<Option>;
  /** Forgets the loaded options so the next call fetches them again. */
  reload(): void;
}

/** Creates the options resource over an ApiClient. */
export function optionsApi(client: ApiClient): OptionsApi {
  let loading: Promise<Option[]> | null = null;
  const getOptions = (): Promise<Option[]> => {
    if (loading === null) {
      loading = client.get<Option[]>('/options');
      // A failed load must not stick: the next caller tries again.
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  return {
    getOptions,
    getValues: async () => parseOptions(await getOptions()),
    getOption: (name) => client.get<Option>(`/options/${encodeURIComponent(name)}`),
    reload: () => {
      loading = null;
    },
  };
}
