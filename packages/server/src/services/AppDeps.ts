import type { Kysely, RawBuilder } from 'kysely';
import type { Config } from '../config/Config';
import type { DialectName } from '../db/createDatabase';
import type { EntitySources } from '../erp/EntitySources';
import type { Database } from '../db/schema';
import type { JobSignal } from '../jobs/JobSignal';
import type { FileStore } from '../storage/FileStore';

/** Everything the HTTP app and the commands need; tests build it on a temp data dir. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  fileStore: FileStore;
  /** HMAC-SHA256 secret of the two-part token. */
  tokenSecret: Buffer;
  /** Schema version reported by GET /api/version. */
  schemaVersion: number;
  /** The clock; injectable so tests can expire tokens. */
  now: () => Date;
  /** The database clock as an SQL expression (db/databaseNow.ts); lock expiry is judged by it. */
  databaseNow: () => RawBuilder<string>;
  /** Wakes this process's job runner once a command committed new jobs (jobs/JobSignal.ts). */
  jobSignal: JobSignal;
  /** The ERP entity sources by prefix (erp/), reached over HTTP; configured from config.erpSources. */
  entitySources: EntitySources;
}
