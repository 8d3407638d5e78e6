import { sql } from 'kysely';
import { Client } from 'pg';
import { commitSignalOf } from '../db/commitSignal';
import { LIVE_CHANGES_CHANNEL } from '../db/liveChangesMigration';
import type { AppDeps } from '../services/AppDeps';
import type { LiveChange, LiveFeedMessage } from './LiveChange';

/** The committed changes of one database, as they commit, to every listener of this process. */
export interface ChangeFeed {
  /** Calls `listener` with each change from now on (and a gap when some may be lost); the answer stops it. */
  subscribe(listener: (message: LiveFeedMessage) => void): () => void;
  /** Stops listening to the database. */
  close(): Promise<void>;
}

/** How many of the latest `live_changes` rows are kept for streams resuming (Last-Event-ID). */
export const KEPT_CHANGES = 5000;
/** How often the table is pruned to KEPT_CHANGES. */
const PRUNE_INTERVAL_MS = 5 * 60 * 1000;
/** The PostgreSQL listener's reconnect delays: doubling from the first to the last. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_LAST_MS = 10_000;

/** A notification's payload, as the trigger of migration 0023 writes it. */
interface NotifiedChange extends LiveChange {
  schema: string;
}

class Listeners {
  readonly #all = new Set<(message: LiveFeedMessage) => void>();
  add(listener: (message: LiveFeedMessage) => void): () => void {
    this.#all.add(listener);
    return () => this.#all.delete(listener);
  }
  tell(message: LiveFeedMessage): void {
    for (const listener of this.#all) listener(message);
  }
}

async function pruneChanges(deps: AppDeps): Promise<void> {
  await sql`delete from live_changes where id <= (select max(id) from live_changes) - ${KEPT_CHANGES}`.execute(deps.db);
}

/**
 * SQLite (one process): after each release of the connection that wrote, the rows after the last
 * one seen. Reads queue behind the writing transaction on the one connection, so only what
 * committed is ever read; SQLite's single writer hands ids out in commit order.
 */
async function openSqliteFeed(deps: AppDeps, listeners: Listeners): Promise<() => Promise<void>> {
  const signal = commitSignalOf(deps.db);
  if (signal === undefined) throw new Error('The SQLite database has no commit signal (open it with db/createDatabase).');
  const last = await deps.db
    .selectFrom('live_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  let seen = Number(last?.id ?? 0);
  let reading: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const read = async (): Promise<void> => {
    do {
      again = false;
      const rows = await deps.db.selectFrom('live_changes').selectAll().where('id', '>', seen).orderBy('id').execute();
      for (const row of rows) {
        seen = row.id;
        listeners.tell({ kind: 'change', change: row });
      }
    } while (again && !closed);
  };
  const stop = signal.subscribe(() => {
    if (closed) return;
    if (reading !== null) {
      again = true;
      return;
    }
    reading = read()
      .catch(() => listeners.tell({ kind: 'gap' }))
      .finally(() => {
        reading = null;
      });
  });
  return async () => {
    closed = true;
    stop();
    await reading;
  };
}

/**
 * PostgreSQL (any number of processes): a dedicated client LISTENs on the channel; NOTIFY is sent
 * by the trigger inside the changing transaction, so PostgreSQL delivers it at commit and never
 * for a rollback, to every process. On a lost connection it reconnects with backoff and tells a
 * gap (what was notified meanwhile is lost to it).
 */
async function openPostgresFeed(deps: AppDeps, listeners: Listeners): Promise<() => Promise<void>> {
  const url = deps.config.databaseUrl;
  if (url === null) throw new Error('PostgreSQL without a database URL.');
  const schemaRow = await sql<{ schema: string }>`select current_schema() as schema`.execute(deps.db);
  const schema = schemaRow.rows[0]?.schema ?? 'public';
  let client: Client | null = null;
  let closed = false;
  let delay = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== LIVE_CHANGES_CHANNEL || message.payload === undefined) return;
      const notified = JSON.parse(message.payload) as NotifiedChange;
      if (notified.schema !== schema) return;
      const { schema: _schema, ...change } = notified;
      listeners.tell({ kind: 'change', change: { ...change, id: Number(change.id) } });
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (closed || client !== next) return;
      client = null;
      listeners.tell({ kind: 'gap' });
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${LIVE_CHANGES_CHANNEL}`);
    client = next;
    delay = RECONNECT_FIRST_MS;
  };
  const scheduleReconnect = (): void => {
    if (closed) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch(() => {
        delay = Math.min(delay * 2, RECONNECT_LAST_MS);
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  };
  await connect();
  return async () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    const open = client;
    client = null;
    await open?.end().catch(() => undefined);
  };
}

/** Opens the change feed of `deps.db`: NOTIFY on PostgreSQL, the commit signal on SQLite; prunes the table now and then. */
export async function openChangeFeed(deps: AppDeps): Promise<ChangeFeed> {
  const listeners = new Listeners();
  const stop = deps.dialect === 'postgres' ? await openPostgresFeed(deps, listeners) : await openSqliteFeed(deps, listeners);
  const prune = setInterval(() => void pruneChanges(deps).catch(() => undefined), PRUNE_INTERVAL_MS);
  prune.unref();
  return {
    subscribe: (listener) => listeners.add(listener),
    close: async () => {
      clearInterval(prune);
      await stop();
    },
  };
}
