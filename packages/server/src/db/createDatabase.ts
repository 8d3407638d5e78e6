import { setImmediate as nextTurn } from 'node:timers';
import { Kysely, PostgresDialect, SqliteDialect, SqliteDriver, CompiledQuery } from 'kysely';
import { BetterSqlite3 } from './BetterSqlite3';
import type { DatabaseConnection, Driver } from 'kysely';
import { Pool, types as pgTypes } from 'pg';
import { cachingSqliteDatabase } from './cachingSqliteDatabase';
import { CommitSignal, registerCommitSignal } from './commitSignal';
import { preparingPool } from './preparingPool';
import { queryTracingLogger } from './queryTracingLogger';
import type { Database } from './schema';

/** Which engine a `DatabaseHandle` talks to. */
export type DialectName = 'sqlite' | 'postgres';

/** Where the database lives: a SQLite file, or a PostgreSQL URL with an optional schema (search_path). */
export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'postgres';
      url: string;
      schema?: string /** Connections this process's pool opens at most (DEFAULT_POOL_SIZE unless given). */;
      poolSize?: number;
    };

/** A PostgreSQL pool's size when the target names none: the server's default (DATAHAVEN_DATABASE_CONNECTIONS) for one process. */
export const DEFAULT_POOL_SIZE = 10;

/** An open database with its dialect name and a way to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /**
   * From now on, keep statements prepared: PostgreSQL gets parameterised statements as named
   * prepared statements (preparingPool), SQLite keeps its compiled statements
   * (cachingSqliteDatabase). Called once the migrations ran.
   */
  startPreparingStatements(): void;
  /**
   * The connections now: open, idle, callers waiting (PostgreSQL's pool; SQLite's one connection,
   * idle when nobody holds it), for the operations port's pool gauges.
   */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Options of `createDatabase`. */
export interface CreateDatabaseOptions {
  /** A span for every statement (queryTracingLogger): only when tracing is on. */
  traceQueries?: boolean;
}

/**
 * Every SQLite transaction of this server is a read-then-write one, so each begins IMMEDIATE:
 * the write lock is taken up front and busy_timeout applies, instead of failing with
 * SQLITE_BUSY when a deferred read transaction later tries to upgrade.
 *
 * The one connection is handed out first come, first served through a queue. Kysely's own mutex
 * wakes every waiter on each release and all but one go back to sleep: with 200 approvers or 50
 * listing clients waiting, each statement paid for hundreds of wake-ups, and the order among
 * them was left to chance (the workflow bench's p99 was 8 s against a p50 a fraction of that).
 * Waiters here are resumed one at a time, in arrival order, so Kysely's mutex is always free
 * when reached.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #waiters: (() => void)[] = [];
  #held = false;
  readonly #commits: CommitSignal;
  readonly #totalChanges: () => number;
  #changesSeen = 0;

  constructor(config: ConstructorParameters<typeof SqliteDriver>[0], commits: CommitSignal, totalChanges: () => number) {
    super(config);
    this.#commits = commits;
    this.#totalChanges = totalChanges;
  }

  /** Who waits for the connection now, and whether somebody holds it. */
  get stats(): { held: boolean; waiting: number } {
    return { held: this.#held, waiting: this.#waiters.length };
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiters.push(resolve));
    this.#held = true;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    // The connection is released after a transaction ended or a statement outside one ran: if it
    // wrote anything, tell live updates (live/), which read only what committed. A read changes
    // no count, so their own reads do not wake them again.
    const changes = this.#totalChanges();
    if (changes !== this.#changesSeen) {
      this.#changesSeen = changes;
      this.#commits.committed();
    }
    const next = this.#waiters.shift();
    // Hand over without releasing in between, so nobody arriving now can overtake the queue; and
    // from the next turn of the event loop: better-sqlite3 answers synchronously, so handing over
    // at once would run every queued statement in one long chain of microtasks while no socket is
    // read or accepted (the workflow bench's new connections waited seconds to be accepted).
    if (next === undefined) this.#held = false;
    else nextTurn(next);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  readonly #commits: CommitSignal;
  readonly #totalChanges: () => number;
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0], commits: CommitSignal, totalChanges: () => number) {
    super(config);
    this.#config = config;
    this.#commits = commits;
    this.#totalChanges = totalChanges;
  }
  /** The driver Kysely made (one per Kysely instance), for the pool gauges. */
  driver: ImmediateSqliteDriver | null = null;
  override createDriver(): Driver {
    this.driver = new ImmediateSqliteDriver(this.#config, this.#commits, this.#totalChanges);
    return this.driver;
  }
}

/** int8 (COUNT(*), bigint sizes) as JavaScript numbers; our values stay far below 2^53. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;
function pgTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
  return format === 'binary' ? pgTypes.getTypeParser(oid, 'binary') : pgTypes.getTypeParser(oid, 'text');
}

/** Opens the database: better-sqlite3 (WAL, busy_timeout 5000, foreign keys) or a pg Pool. */
export function createDatabase(target: DatabaseTarget, options: CreateDatabaseOptions = {}): DatabaseHandle {
  if (target.kind === 'sqlite') {
    const sqlite = new BetterSqlite3(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    let caching = false;
    const commits = new CommitSignal();
    const totalChangesStatement = sqlite.prepare('select total_changes() as n').pluck();
    const totalChanges = (): number => Number(totalChangesStatement.get());
    const dialect = new ImmediateSqliteDialect({ database: cachingSqliteDatabase(sqlite, () => caching) }, commits, totalChanges);
    const db = new Kysely<Database>({ dialect, ...(options.traceQueries ? { log: queryTracingLogger('sqlite') } : {}) });
    registerCommitSignal(db, commits);
    return {
      db,
      dialect: 'sqlite',
      startPreparingStatements: () => {
        caching = true;
      },
      poolStats: () => {
        const stats = dialect.driver?.stats ?? { held: false, waiting: 0 };
        return { total: 1, idle: stats.held ? 0 : 1, waiting: stats.waiting };
      },
      close: () => db.destroy(),
    };
  }
  const schema = target.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const pool = new Pool({
    connectionString: target.url,
    max: target.poolSize ?? DEFAULT_POOL_SIZE,
    types: { getTypeParser: pgTypeParser },
    // JIT off: our statements are short OLTP queries whose correlated access checks look costly to
    // the planner, and JIT compiling them took ~3 s per call here against ~10 ms interpreted.
    options: ['-c jit=off', ...(schema ? [`-c search_path=${schema}`] : [])].join(' '),
  });
  let preparing = false;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparingPool(pool, () => preparing) }),
    ...(options.traceQueries ? { log: queryTracingLogger('postgresql') } : {}),
  });
  return {
    db,
    dialect: 'postgres',
    startPreparingStatements: () => {
      preparing = true;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}
