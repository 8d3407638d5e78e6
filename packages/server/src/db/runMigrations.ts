import { Migrator, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { InCodeMigrationProvider, migrationsFor } from './migrations';
import type { DialectName } from './createDatabase';
import type { Database } from './schema';

/** Brings the database to the latest schema; resolves to the schema version (migrations applied). */
export async function runMigrations(db: Kysely<Database>, dialect: DialectName): Promise<number> {
  // On PostgreSQL, Kysely looks for its migration tables in every schema unless told which one;
  // with another schema in the same database already holding them (a second instance's, a
  // parallel test run's) it would skip creating its own and then fail on the missing lock table.
  const migrationTableSchema = dialect === 'postgres' ? await currentSchemaOf(db) : undefined;
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(dialect), ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return schemaVersionOf(dialect);
}

/** The first schema of the connection's search_path, where our tables live. */
async function currentSchemaOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL reports no current schema: check the search_path.');
  return schema;
}

/** The schema version this build migrates to: the number of in-code migrations. */
export function schemaVersionOf(dialect: DialectName): number {
  return Object.keys(migrationsFor(dialect)).length;
}
