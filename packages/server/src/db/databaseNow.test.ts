import { sql } from 'kysely';
import { describeOnEachDatabase } from '../test/testServer';
import { databaseNowSql } from './databaseNow';

describeOnEachDatabase('databaseNowSql', (server) => {
  it('reads the database clock as ISO text that a shift moves by the asked amount', async () => {
    const { db, dialect } = server().deps;
    const row = await sql<{
      now: string;
      later: string;
    }>`select ${databaseNowSql(dialect)} as now, ${databaseNowSql(dialect, 90_000)} as later`.execute(db);
    const { now, later } = row.rows[0];
    expect(now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(now) - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(later) - Date.parse(now)).toBeGreaterThanOrEqual(90_000);
    expect(Date.parse(later) - Date.parse(now)).toBeLessThan(95_000);
  });
});
