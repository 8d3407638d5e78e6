/** The answer of GET /api/version. */
export interface VersionInfo {
  version: string;
  build: string;
  schemaVersion: number;
}
