import { join } from 'node:path';
import { sql } from 'kysely';
import { loadOrCreateTokenSecret } from './auth';
import type { Config } from './config/Config';
import { createDatabase } from './db/createDatabase';
import type { DatabaseTarget } from './db/createDatabase';
import { databaseNowSql } from './db/databaseNow';
import { runMigrations } from './db/runMigrations';
import { EntitySources } from './erp';
import type { ErpDeps } from './erp';
import { JobSignal } from './jobs/JobSignal';
import { openFileStore } from './storage/openFileStore';
import { ensurePrivateFile, ensurePrivateFolder } from './storage/privateModes';

/**
 * Everything the server's modules work over, built once by `openServices`: the infrastructure
 * (services/AppDeps) and what modules declare beyond it (erp/ErpDeps: the ERP connectors).
 */
export type ServerDeps = ErpDeps;

/** Open services and the way to release them. */
export interface Services {
  deps: ServerDeps;
  /** The database connections now (the operations port's pool gauges). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Options of `openServices` (tests pass a PostgreSQL schema and a clock). */
export interface OpenServicesOptions {
  /** PostgreSQL schema to use through search_path; created if missing. */
  postgresSchema?: string;
  now?: () => Date;
  /** Shift of the database clock in ms, read on every use (tests expire locks with it); 0 by default. */
  databaseClockOffsetMs?: () => number;
}

/** The fewest connections a process's PostgreSQL pool gets, however many processes share the total. */
const MIN_POOL_SIZE = 2;

/**
 * Database target of a configuration: PostgreSQL when a URL is set, else `<dataDir>/datahaven.sqlite`.
 * A PostgreSQL pool is this process's share of DATAHAVEN_DATABASE_CONNECTIONS (rounded up, at
 * least MIN_POOL_SIZE), so more processes do not multiply the backends: in the 200-approver race on two
 * cores, two processes with ten connections each answered at p99 1.29–1.46 s, with five each at
 * 0.88–1.20 s (docs/ARCHITECTURE.md "Several processes").
 */
export function databaseTargetOf(config: Config, postgresSchema?: string): DatabaseTarget {
  if (config.databaseUrl !== null) {
    const poolSize = Math.max(MIN_POOL_SIZE, Math.ceil(config.databaseConnections / config.workers));
    return { kind: 'postgres', url: config.databaseUrl, schema: postgresSchema, poolSize };
  }
  return { kind: 'sqlite', file: join(config.dataDir, 'datahaven.sqlite') };
}

/** Creates the data folder, opens the database, runs migrations, opens the file store and the token secret. */
export async function openServices(config: Config, options: OpenServicesOptions = {}): Promise<Services> {
  await ensurePrivateFolder(config.dataDir);
  // Created 0600 before SQLite opens it (its -wal and -shm files take its mode).
  if (config.databaseUrl === null) await ensurePrivateFile(join(config.dataDir, 'datahaven.sqlite'));
  // A test's own schema, else the configured one (DATAHAVEN_DATABASE_SCHEMA), else the search_path's.
  const schema = options.postgresSchema ?? config.databaseSchema ?? undefined;
  const handle = createDatabase(databaseTargetOf(config, schema), { traceQueries: config.tracing });
  try {
    if (schema !== undefined && handle.dialect === 'postgres') {
      // The schema must exist before the pool's search_path can use it. Looked up first: CREATE
      // SCHEMA IF NOT EXISTS needs the database's CREATE privilege even when the schema exists,
      // which a role given a schema made by its DBA lacks.
      const found = await sql<{ one: number }>`select 1 as one from pg_namespace where nspname = ${schema}`.execute(handle.db);
      if (found.rows.length === 0) await sql`create schema if not exists ${sql.id(schema)}`.execute(handle.db);
    }
    const schemaVersion = await runMigrations(handle.db, handle.dialect);
    // After the migrations: no statement is prepared against a table they still alter.
    handle.startPreparingStatements();
    const deps: ServerDeps = {
      config,
      db: handle.db,
      dialect: handle.dialect,
      fileStore: await openFileStore(config),
      tokenSecret: await loadOrCreateTokenSecret(config.dataDir),
      schemaVersion,
      now: options.now ?? (() => new Date()),
      databaseNow: () => databaseNowSql(handle.dialect, options.databaseClockOffsetMs?.() ?? 0),
      jobSignal: new JobSignal(),
      entitySources: new EntitySources(config.erpSources),
    };
    return { deps, poolStats: () => handle.poolStats(), close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
