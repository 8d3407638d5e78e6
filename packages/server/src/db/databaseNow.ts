import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { DialectName } from './createDatabase';

/**
 * The database's own clock as ISO-8601 UTC text with milliseconds (the format of every stored
 * instant, so it compares as text). Lock expiry is judged by this clock rather than the server's,
 * so several server instances agree on whether a lock still holds. `offsetMs` shifts it: tests
 * move time forward this way; production passes 0.
 */
export function databaseNowSql(dialect: DialectName, offsetMs = 0): RawBuilder<string> {
  const seconds = (offsetMs / 1000).toFixed(3);
  if (dialect === 'sqlite') {
    return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${offsetMs >= 0 ? '+' : ''}${seconds} seconds`})`;
  }
  return sql<string>`to_char((clock_timestamp() + ${seconds}::numeric * interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
