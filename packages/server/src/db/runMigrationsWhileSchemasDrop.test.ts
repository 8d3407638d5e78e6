import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase } from './createDatabase';
import { describeNeeding } from '../test/describeNeeding';
import { POSTGRES } from '../test/testRequirements';
import { isCatalogRaceBeforeMigrating, isOtherSchemaVanished, runMigrations } from './runMigrations';

const url = process.env.DATAHAVEN_TEST_DATABASE_URL ?? '';

describe('isOtherSchemaVanished', () => {
  const vanished = (schema: string): Error & { code: string } =>
    Object.assign(new Error(`schema "${schema}" does not exist`), { code: '3F000' });

  it('is true for PostgreSQL invalid_schema_name about another schema', () => {
    expect(isOtherSchemaVanished(vanished('t_other'), 't_own')).toBe(true);
  });

  it('is false about our own schema, for other codes and for non-errors', () => {
    expect(isOtherSchemaVanished(vanished('t_own'), 't_own')).toBe(false);
    expect(isOtherSchemaVanished(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }), 't_own')).toBe(false);
    expect(isOtherSchemaVanished(undefined, 't_own')).toBe(false);
  });
});

describe('isCatalogRaceBeforeMigrating', () => {
  const missingColumn = Object.assign(new Error('column "id" of relation "rows" does not exist'), { code: '42703' });

  it('is true for a missing column or relation met before any migration failed', () => {
    expect(isCatalogRaceBeforeMigrating(missingColumn, undefined)).toBe(true);
    expect(
      isCatalogRaceBeforeMigrating(Object.assign(new Error('relation "rows" does not exist'), { code: '42P01' }), [{ status: 'Success' }]),
    ).toBe(true);
  });

  it('is false once a migration of ours failed, for other codes and for non-errors', () => {
    expect(isCatalogRaceBeforeMigrating(missingColumn, [{ status: 'Success' }, { status: 'Error' }])).toBe(false);
    expect(isCatalogRaceBeforeMigrating(Object.assign(new Error('syntax error'), { code: '42601' }), undefined)).toBe(false);
    expect(isCatalogRaceBeforeMigrating(undefined, undefined)).toBe(false);
  });
});

// Parallel jest workers drop their schemas while others migrate; Kysely's introspection of every
// schema then meets a schema that vanished mid-walk. Only meaningful on PostgreSQL.
describeNeeding(POSTGRES)('runMigrations while other runs drop their schemas [postgres]', () => {
  it('migrates every schema although others are created and dropped meanwhile', async () => {
    const admin = createDatabase({ kind: 'postgres', url });
    const suffix = randomBytes(4).toString('hex');
    let churning = true;
    const churn = (async () => {
      for (let round = 0; churning; round += 1) {
        const other = `t_churn_${suffix}_${round}`;
        await sql`create schema ${sql.id(other)}`.execute(admin.db);
        await sql`create table ${sql.id(other, 'rows')} (id serial primary key, a text, b text, c text)`.execute(admin.db);
        await sql`drop schema ${sql.id(other)} cascade`.execute(admin.db);
      }
    })();
    const own = Array.from({ length: 4 }, (_, index) => `t_mig_${suffix}_${index}`);
    try {
      for (const schema of own) {
        await sql`create schema ${sql.id(schema)}`.execute(admin.db);
        const scoped = createDatabase({ kind: 'postgres', url, schema });
        try {
          await expect(runMigrations(scoped.db, 'postgres')).resolves.toBeGreaterThan(0);
        } finally {
          await scoped.close();
        }
      }
    } finally {
      churning = false;
      await churn;
      for (const schema of own) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    }
  });
});
