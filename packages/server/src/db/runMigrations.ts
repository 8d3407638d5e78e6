import { Migrator } from 'kysely';
import type { Kysely } from 'kysely';
import { InCodeMigrationProvider, migrationsFor } from './migrations';
import type { DialectName } from './createDatabase';
import type { Database } from './schema';

/** Brings the database to the latest schema; resolves to the schema version (migrations applied). */
export async function runMigrations(db: Kysely<Database>, dialect: DialectName): Promise<number> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return schemaVersionOf(dialect);
}

/** The schema version this build migrates to: the number of in-code migrations. */
export function schemaVersionOf(dialect: DialectName): number {
  return Object.keys(migrationsFor(dialect)).length;
}
