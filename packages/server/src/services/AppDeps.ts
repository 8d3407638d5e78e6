import type { Kysely, RawBuilder } from 'kysely';
import type { Config } from '../config/Config';
import type { DialectName } from '../db/createDatabase';
import type { Database } from '../db/schema';
import type { JobSignal } from '../jobs/JobSignal';
import type { FileStore } from '../storage/FileStore';

/**
 * The infrastructure every module works over (configuration, database, file store, clocks, the job
 * signal); a module that needs more says so in a type of its own (erp/ErpDeps: the ERP connectors).
 * The composition root (openServices) builds one object that is all of them; tests build it on a temp data dir.
 */
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
}
