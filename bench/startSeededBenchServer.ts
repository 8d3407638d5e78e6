import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../packages/server/src/config/Config';
import { buildServerApp } from '../packages/server/src/buildServerApp';
import { openServices } from '../packages/server/src/openServices';
import type { AppDeps } from '../packages/server/src/services/AppDeps';

/** What a bench needs of its server: where it listens, its services, what the seed returned, and the way to tear it all down. */
export interface SeededBenchServer<T> {
  baseUrl: string;
  deps: AppDeps;
  seeded: T;
  /** The PostgreSQL schema the bench's tables live in; null on SQLite. */
  postgresSchema: string | null;
  /** Stops listening (idempotent); the database stays open for counting afterwards. */
  stopHttp(): Promise<void>;
  /** Stops listening, drops the PostgreSQL schema, closes the database and removes the data folder. */
  close(): Promise<void>;
}

/** How a bench wants its server. */
export interface BenchServerOptions<T> {
  /** Names the temporary data folder and the PostgreSQL schema (`<name>_<random>`). */
  name: string;
  /** PostgreSQL URL, or null for SQLite in the data folder. */
  databaseUrl: string | null;
  /** Fills the database before the first request; its result comes back as `seeded`. */
  seed(deps: AppDeps): Promise<T>;
  /**
   * Refreshes the planner's statistics after seeding (`vacuum analyze` / `pragma optimize`): what
   * autovacuum or a maintenance job would have done by the time a library is this size.
   */
  analyze: boolean;
}

/**
 * The common start of the server benches: a fresh data folder (and PostgreSQL schema of its
 * own), the real services with migrations, the seed, statistics, then the real app listening on
 * 127.0.0.1 only. Whatever fails on the way is torn down before the error is rethrown.
 */
export async function startSeededBenchServer<T>(options: BenchServerOptions<T>): Promise<SeededBenchServer<T>> {
  const dataDir = await mkdtemp(join(tmpdir(), `datahaven-${options.name}-bench-`));
  const schema = `${options.name}_${randomBytes(5).toString('hex')}`;
  const { databaseUrl } = options;
  const postgres = databaseUrl !== null;
  const removeDataDir = (): Promise<void> => rm(dataDir, { recursive: true, force: true });
  let services;
  try {
    const config = loadConfig({
      DATAHAVEN_DATA_DIR: dataDir,
      DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
      // Nothing from a CDN while measuring: our own copy of office.js.
      DATAHAVEN_OFFICE_JS: 'self',
      ...(databaseUrl === null ? {} : { DATAHAVEN_DATABASE_URL: databaseUrl }),
    });
    services = await openServices(config, postgres ? { postgresSchema: schema } : {});
  } catch (error) {
    await removeDataDir();
    throw error;
  }
  const { deps } = services;
  const closeServices = async (): Promise<void> => {
    try {
      if (postgres) await dropSchema(deps, schema);
    } finally {
      await services.close();
      await removeDataDir();
    }
  };
  let app;
  try {
    const seeded = await options.seed(deps);
    if (options.analyze) {
      // Vacuum too: 100,000 fresh rows trigger autovacuum on the new tables (their GIN index
      // included), tens of seconds of CPU that landed in whichever measured run came next. Only
      // this schema's tables: the database may hold other runs' schemas.
      if (postgres) {
        const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(deps.db);
        await sql`vacuum (analyze, skip_locked) ${sql.join(tables.rows.map((table) => sql.id(table.name)))}`.execute(deps.db);
      } else await sql`pragma optimize`.execute(deps.db);
    }
    app = await buildServerApp(deps, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('The bench server has no TCP address.');
    const listening = app;
    let stopped: Promise<void> | null = null;
    const stopHttp = (): Promise<void> => (stopped ??= listening.close());
    return {
      baseUrl: `http://127.0.0.1:${address.port}`,
      deps,
      seeded,
      postgresSchema: postgres ? schema : null,
      stopHttp,
      close: async () => {
        try {
          await stopHttp();
        } finally {
          await closeServices();
        }
      },
    };
  } catch (error) {
    try {
      await app?.close();
    } finally {
      await closeServices();
    }
    throw error;
  }
}

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

/**
 * Drops the bench's schema. A request the load generator left in flight when its time ran out
 * (autocannon stops without waiting for answers, and the server stops listening once the sockets
 * are gone) may still be writing: its locks and the drop's, taken table by table, can cross, and
 * PostgreSQL then aborts one of the two. When the drop is the one aborted, the request's
 * transaction goes on to its end, so the drop is tried again (a few times, no waiting needed).
 */
async function dropSchema(deps: AppDeps, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(deps.db);
      return;
    } catch (error) {
      if (attempt >= 5 || (error as { code?: unknown }).code !== DEADLOCK) throw error;
    }
  }
}
