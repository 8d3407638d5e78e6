import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';
import { RecentlyUsedMap } from './RecentlyUsedMap';

/** Statements one connection keeps prepared; beyond this the least recently used one is deallocated. */
export const MAX_PREPARED_PER_CONNECTION = 200;

/** Statements worth preparing: reads and row writes with parameters (no DDL, no transaction control). */
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * The prepared statements of one connection: by their text, the name each is prepared under,
 * least recently used first (a Map keeps insertion order). Keyed by the text itself, not a digest
 * of it: a SHA-1 of every statement took ~1–1.5 % of the server's main thread in a listing
 * (profiled), a Map's own string hash a fraction of that. A statement prepared again after being
 * dropped gets a new name (`serial`), so a name is never reused on a connection even when its
 * DEALLOCATE failed (it fails in a transaction already aborted).
 */
interface Prepared {
  names: RecentlyUsedMap<string, string>;
  serial: number;
}

/** Whether a pg error says a prepared statement's result columns changed under it (a table altered since it was prepared). */
function isStaleStatement(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as Error & { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(error.message)
  );
}

/**
 * A pg pool as Kysely's PostgresDialect wants it, whose connections send each parameterised
 * statement as a named prepared statement (`dh_<serial>`, one per text) once `enabled()` says so:
 * PostgreSQL then parses it once per connection and, after a few runs, reuses a generic plan.
 * The listing's document query (ten joins, correlated access checks) spent 2.2 ms of its 2.7 ms
 * in the planner on every request. Each connection keeps at most MAX_PREPARED_PER_CONNECTION
 * statements, deallocating the least recently used beyond that. `enabled` is read per statement so
 * the server turns it on after its migrations (a statement prepared before an ALTER TABLE of the
 * table it reads would fail once: PostgreSQL refuses a prepared statement whose result columns
 * changed); one that fails so anyway is dropped and prepared afresh on its next use.
 */
export function preparingPool(pool: Pool, enabled: () => boolean): PostgresPool {
  const prepared = new WeakMap<PoolClient, Prepared>();
  const wrappers = new WeakMap<PoolClient, PostgresPoolClient>();

  const run = async <R>(client: PoolClient, text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
    const values = [...parameters];
    if (values.length === 0 || !enabled() || !PREPARABLE.test(text))
      return client.query(text, values) as unknown as Promise<PostgresQueryResult<R>>;
    let state = prepared.get(client);
    if (state === undefined) {
      state = { names: new RecentlyUsedMap(MAX_PREPARED_PER_CONNECTION), serial: 0 };
      prepared.set(client, state);
    }
    const { names } = state;
    let name = names.use(text);
    if (name === undefined) {
      state.serial += 1;
      name = `dh_${state.serial}`;
      const evicted = names.set(text, name);
      if (evicted !== undefined) await drop(client, evicted[1]);
    }
    try {
      return (await client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (isStaleStatement(error)) {
        names.delete(text);
        await drop(client, name);
      }
      throw error;
    }
  };

  const wrap = (client: PoolClient): PostgresPoolClient => {
    const found = wrappers.get(client);
    if (found !== undefined) return found;
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sqlOrCursor: string | PostgresCursor<R>,
      parameters?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sqlOrCursor !== 'string') return (client as unknown as PostgresPoolClient).query(sqlOrCursor);
      return run<R>(client, sqlOrCursor, parameters ?? []);
    }
    const wrapper: PostgresPoolClient = { query, release: () => client.release() };
    wrappers.set(client, wrapper);
    return wrapper;
  };

  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

/**
 * Deallocates a statement on its connection (one round trip, only when one is evicted or went
 * stale) and makes pg forget it, so its next use is prepared anew. A DEALLOCATE refused (in a
 * transaction already aborted) leaves the statement on the server under a name never used again.
 */
async function drop(client: PoolClient, name: string): Promise<void> {
  const connection = (client as PoolClient & { connection?: { parsedStatements?: Record<string, string> } }).connection;
  if (connection?.parsedStatements !== undefined) delete connection.parsedStatements[name];
  await client.query(`deallocate "${name}"`).catch(() => undefined);
}
