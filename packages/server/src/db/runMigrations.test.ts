import { sql } from 'kysely';
import { runMigrations } from './runMigrations';
import { describeOnEachDatabase } from '../test/testServer';

describeOnEachDatabase('migrations', (server) => {
  it('are applied on start and running them again changes nothing', async () => {
    expect(server().deps.schemaVersion).toBe(3);
    expect(await runMigrations(server().deps.db, server().deps.dialect)).toBe(3);
    const tables = [
      'users', 'groups', 'user_groups', 'privileges', 'user_privileges', 'group_privileges', 'api_keys', 'integrated_tables',
      'subtypes', 'display_folders', 'integrated_table_access', 'erp_records', 'files', 'derived_files', 'documents',
      'record_links', 'notes', 'options', 'jobs',
    ] as const;
    for (const table of tables) {
      await expect(server().deps.db.selectFrom(table).selectAll().limit(1).execute()).resolves.toBeDefined();
    }
  });

  it('runs SQLite with foreign keys on, WAL and busy_timeout 5000; PostgreSQL enforces foreign keys', async () => {
    const db = server().deps.db;
    if (server().dialect === 'sqlite') {
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);
      expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows).toEqual([{ journal_mode: 'wal' }]);
      expect((await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows).toEqual([{ timeout: 5000 }]);
    } else {
      await expect(db.insertInto('user_groups').values({ user_id: 987654, group_id: 987654 }).execute()).rejects.toThrow();
    }
  });
});
