import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The database clock as ISO text (`deps.databaseNow()`, read once). Jobs are claimed, reclaimed
 * and retried by it, so several server instances agree on when a claim expired.
 */
export async function readDatabaseClock(db: Kysely<Database>, databaseNow: RawBuilder<string>): Promise<string> {
  const result = await sql<{ now: string }>`select ${databaseNow} as now`.execute(db);
  return result.rows[0].now;
}
