import type { Kysely } from 'kysely';

/** Listeners told after one SQLite database may have committed writes (its connection released after a write). */
export class CommitSignal {
  readonly #listeners = new Set<() => void>();

  /** Calls `listener` after every commit from now on; the answer stops it. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells every listener (the driver calls it once a commit returned). */
  committed(): void {
    for (const listener of this.#listeners) listener();
  }
}

/** The commit signal of each SQLite database createDatabase opened; PostgreSQL has NOTIFY instead. */
const SIGNALS = new WeakMap<Kysely<never>, CommitSignal>();

/** Registers a database's commit signal (createDatabase does, for SQLite). */
export function registerCommitSignal<DB>(db: Kysely<DB>, signal: CommitSignal): void {
  SIGNALS.set(db as unknown as Kysely<never>, signal);
}

/** The commit signal of a SQLite database opened by createDatabase, or undefined (PostgreSQL, or a database opened elsewhere). */
export function commitSignalOf<DB>(db: Kysely<DB>): CommitSignal | undefined {
  return SIGNALS.get(db as unknown as Kysely<never>);
}
