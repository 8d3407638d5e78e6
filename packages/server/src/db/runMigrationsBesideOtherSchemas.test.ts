import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describeNeeding } from '../test/describeNeeding';
import { POSTGRES } from '../test/testRequirements';
import { createDatabase, type DatabaseHandle } from './createDatabase';
import { runMigrations } from './runMigrations';

/** Creates Kysely's migration tables in `schema`, as another instance or test run would have them. */
async function plantMigrationTables(handle: DatabaseHandle, schema: string): Promise<void> {
  await sql`create table ${sql.id(schema, 'kysely_migration')} (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
    handle.db,
  );
  await sql`create table ${sql.id(schema, 'kysely_migration_lock')} (id varchar(255) primary key, is_locked integer not null default 0)`.execute(
    handle.db,
  );
}

describeNeeding(POSTGRES)('runMigrations [postgres]', () => {
  it('migrates its own schema while another schema of the same connection already holds migration tables', async () => {
    const suffix = randomBytes(4).toString('hex');
    const url = process.env.DATAHAVEN_TEST_DATABASE_URL ?? '';
    const other = `t_other_${suffix}`;
    const own = `t_own_${suffix}`;
    const admin = createDatabase({ kind: 'postgres', url });
    try {
      await sql`create schema ${sql.id(other)}`.execute(admin.db);
      await plantMigrationTables(admin, other);
      await sql`create schema ${sql.id(own)}`.execute(admin.db);
      const scoped = createDatabase({ kind: 'postgres', url, schema: own });
      try {
        await expect(runMigrations(scoped.db, 'postgres')).resolves.toBeGreaterThan(0);
        const tables = await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = ${own}`.execute(admin.db);
        expect(tables.rows.map((row) => row.name)).toEqual(
          expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'documents']),
        );
      } finally {
        await scoped.close();
      }
    } finally {
      await sql`drop schema if exists ${sql.id(other)} cascade`.execute(admin.db);
      await sql`drop schema if exists ${sql.id(own)} cascade`.execute(admin.db);
      await admin.close();
    }
  });
});

describe('runMigrations [sqlite]', () => {
  it("migrates its own database while an attached database (SQLite's other schema) already holds migration tables", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'datahaven-migrate-'));
    const handle = createDatabase({ kind: 'sqlite', file: join(dir, 'own.sqlite') });
    try {
      await sql`attach database ${join(dir, 'other.sqlite')} as other`.execute(handle.db);
      await plantMigrationTables(handle, 'other');
      await expect(runMigrations(handle.db, 'sqlite')).resolves.toBeGreaterThan(0);
      const tables = await sql<{ name: string }>`select name from main.sqlite_master where type = 'table'`.execute(handle.db);
      expect(tables.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'documents']),
      );
    } finally {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
