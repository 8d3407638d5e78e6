import { sql } from 'kysely';
import { loadConfig } from './config/Config';
import { createDatabase } from './db/createDatabase';
import { databaseTargetOf } from './openServices';
import { itNeeding } from './test/describeNeeding';
import { POSTGRES } from './test/testRequirements';

const postgres = { DATAHAVEN_DATABASE_URL: process.env.DATAHAVEN_TEST_DATABASE_URL || 'postgres://db.example/datahaven' };

describe('databaseTargetOf: each process its share of the PostgreSQL connections', () => {
  const poolSizeOf = (env: Record<string, string>): number | undefined => {
    const target = databaseTargetOf(loadConfig({ ...postgres, ...env }));
    return target.kind === 'postgres' ? target.poolSize : undefined;
  };

  it('splits DATAHAVEN_DATABASE_CONNECTIONS between the processes, rounding up, never below two', () => {
    expect(poolSizeOf({})).toBe(10);
    expect(poolSizeOf({ DATAHAVEN_WORKERS: '2' })).toBe(5);
    expect(poolSizeOf({ DATAHAVEN_WORKERS: '3' })).toBe(4);
    expect(poolSizeOf({ DATAHAVEN_WORKERS: '8' })).toBe(2);
    expect(poolSizeOf({ DATAHAVEN_WORKERS: '64' })).toBe(2);
    expect(poolSizeOf({ DATAHAVEN_WORKERS: '4', DATAHAVEN_DATABASE_CONNECTIONS: '40' })).toBe(10);
  });

  it('gives SQLite its file, with no pool', () => {
    expect(databaseTargetOf(loadConfig({ DATAHAVEN_DATA_DIR: '/srv/dh' }))).toEqual({ kind: 'sqlite', file: '/srv/dh/datahaven.sqlite' });
  });

  // On the real database: the pool opens no more backends than its share, however many statements wait.
  itNeeding(POSTGRES)('opens no more PostgreSQL backends than its share [postgres]', async () => {
    const target = databaseTargetOf(loadConfig({ ...postgres, DATAHAVEN_WORKERS: '5' }));
    expect(target).toMatchObject({ kind: 'postgres', poolSize: 2 });
    const handle = createDatabase(target);
    try {
      // Six statements at once, each holding its connection a moment, so they overlap.
      const pids = await Promise.all(
        Array.from({ length: 6 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(handle.db)),
      );
      expect(new Set(pids.map((result) => result.rows[0].pid)).size).toBe(2);
    } finally {
      await handle.close();
    }
  });
});
