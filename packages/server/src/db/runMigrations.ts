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
  const migrator = new Migrator({
    db,
    provider: new InCodeMigrationProvider(dialect),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely's introspection walks every schema of the database; when another instance or test run
  // drops its schema during that walk, PostgreSQL answers "schema … does not exist" for *that*
  // schema. The walk is read-only and the migrations run under Kysely's lock, so trying again is safe.
  // A table dropped mid-walk shows up as a missing column or relation instead; that can only be
  // another run's when no migration of ours failed (results name no Error), so it is retried too.
  const raced = (): boolean =>
    isOtherSchemaVanished(error, migrationTableSchema) || (dialect === 'postgres' && isCatalogRaceBeforeMigrating(error, results));
  for (let attempt = 1; attempt < MIGRATION_ATTEMPTS && raced(); attempt += 1) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return schemaVersionOf(dialect);
}

/** How often a migration run is tried when a concurrently dropped schema disturbed Kysely's introspection. */
const MIGRATION_ATTEMPTS = 50;

/** True when `error` is PostgreSQL's invalid_schema_name (3F000) about a schema other than ours. */
export function isOtherSchemaVanished(error: unknown, ownSchema: string | undefined): boolean {
  // Structural, not instanceof: pg's errors may come from another realm under jest.
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return false;
  if (error.code !== '3F000' || typeof error.message !== 'string') return false;
  return ownSchema === undefined || !error.message.includes(`"${ownSchema}"`);
}

/**
 * True when the run failed before any migration of ours ran (no result with status Error) with
 * PostgreSQL's undefined_column (42703) or undefined_table (42P01): Kysely's introspection met a
 * table that another run dropped between listing it and reading its columns.
 */
export function isCatalogRaceBeforeMigrating(error: unknown, results: readonly { status: string }[] | undefined): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (error.code !== '42703' && error.code !== '42P01') return false;
  return !(results ?? []).some((result) => result.status === 'Error');
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
