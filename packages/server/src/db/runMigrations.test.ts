import { sql } from 'kysely';
import { runMigrations } from './runMigrations';
import { migrationsFor } from './migrations';
import { describeOnEachDatabase } from '../test/testServer';

describeOnEachDatabase('migrations', (server) => {
  it('are applied on start and running them again changes nothing', async () => {
    const count = Object.keys(migrationsFor(server().deps.dialect)).length;
    expect(server().deps.schemaVersion).toBe(count);
    expect(await runMigrations(server().deps.db, server().deps.dialect)).toBe(count);
    const tables = [
      'users',
      'groups',
      'user_groups',
      'privileges',
      'user_privileges',
      'group_privileges',
      'api_keys',
      'integrated_tables',
      'subtypes',
      'display_folders',
      'integrated_table_access',
      'erp_records',
      'files',
      'derived_files',
      'documents',
      'record_links',
      'notes',
      'options',
      'jobs',
      'queue_types',
      'queues',
      'routes',
      'queue_user_access',
      'queue_group_access',
      'workflow_history',
      'document_locks',
      'workflow_delegates',
      'document_approvals',
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
