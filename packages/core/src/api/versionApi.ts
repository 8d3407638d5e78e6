import type { VersionInfo } from '../model';
import type { ApiClient } from './ApiClient';

/** The version resource (GET /version). */
export interface VersionApi {
  getVersion(): Promise<VersionInfo>;
}

/** Creates the version resource over an ApiClient. */
export function versionApi(client: ApiClient): VersionApi {
  return { getVersion: () => client.get<VersionInfo>('/version') };
}
