import type { Kysely } from 'kysely';
import type { DialectName } from './createDatabase';
import type { Database } from './schema';

/**
 * The dialect behind `db` (a Kysely instance or a transaction), read from how it compiles a
 * parameter: PostgreSQL numbers them (`$1`), SQLite writes `?`. Lets write hooks take only `trx`.
 */
export function dialectOf(db: Kysely<Database>): DialectName {
  const compiled = db.selectFrom('documents').select('id').where('id', '=', 0).compile();
  return compiled.sql.includes('$1') ? 'postgres' : 'sqlite';
}
