import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Runs one user action (state change + its system note) in one transaction. On SQLite every
 * transaction begins IMMEDIATE (see createDatabase), so a read-then-write cannot be overtaken;
 * on PostgreSQL the writes are conditional on what was read (row_version).
 * Inside `work` use only `trx`: the SQLite connection is held by the transaction.
 */
export function inWriteTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
