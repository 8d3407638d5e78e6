import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { RecentlyUsedMap } from './RecentlyUsedMap';

/** Statements kept compiled; beyond this the least recently used one is let go. */
export const MAX_CACHED_STATEMENTS = 200;

/** Statements worth keeping: reads and row writes (no DDL, pragmas or transaction control). */
const CACHEABLE = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * A better-sqlite3 database as Kysely's SqliteDialect wants it, that keeps each statement it
 * compiled (by its text, at most MAX_CACHED_STATEMENTS, least recently used dropped) once
 * `enabled()` says so. Kysely prepares every statement anew, and SQLite plans at prepare: the
 * listing's document query took 0.7 ms to prepare against well under that to run on a record's
 * few documents. Statements run synchronously on the one connection, so one is never in use twice
 * at once. `enabled` is read per statement so the server turns the cache on after its migrations;
 * SQLite recompiles a kept statement by itself when the schema changes under it.
 */
export function cachingSqliteDatabase(database: SqliteDatabase, enabled: () => boolean): SqliteDatabase {
  const cache = new RecentlyUsedMap<string, SqliteStatement>(MAX_CACHED_STATEMENTS);
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (sql) => {
      if (!enabled() || !CACHEABLE.test(sql)) return database.prepare(sql);
      const found = cache.use(sql);
      if (found !== undefined) return found;
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      return statement;
    },
  };
}
