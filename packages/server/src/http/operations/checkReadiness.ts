import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/createDatabase';
import { schemaVersionOf } from '../../db/runMigrations';
import type { Database } from '../../db/schema';
import type { FileStore } from '../../storage/FileStore';
import type { ServerLifecycle } from './ServerLifecycle';

/** One readiness check's verdict. */
export type CheckVerdict = 'ok' | 'failed';

/** What GET /health/ready answers: the verdict and each check's, never an error's text (it could name hosts or paths). */
export interface Readiness {
  ready: boolean;
  checks: { database: CheckVerdict; migrations: CheckVerdict; fileStore: CheckVerdict; shutdown: 'no' | 'draining' };
}

/** What readiness looks at. */
export interface ReadinessDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  fileStore: FileStore;
  lifecycle: ServerLifecycle;
  /** Told why a check failed (the log), since the answer itself does not say. */
  onCheckFailed: (check: string, error: unknown) => void;
}

/**
 * The bytes the file-store check writes: always the same, so the content-addressed store keeps
 * one copy, which no `files` row names and the orphan sweep removes after its grace period.
 */
const PROBE = Buffer.from('Datahaven Documents readiness probe\n', 'utf8');

/**
 * Whether this process should get traffic: the database answers, it holds every migration this
 * build knows, the file store takes a write, and the process is not stopping. Every check runs
 * even when one failed, so the answer names all that is wrong.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const run = async (name: string, check: () => Promise<boolean>): Promise<CheckVerdict> => {
    try {
      return (await check()) ? 'ok' : 'failed';
    } catch (error) {
      deps.onCheckFailed(name, error);
      return 'failed';
    }
  };
  const [database, migrations, fileStore] = await Promise.all([
    run('database', async () => (await sql<{ one: number }>`select 1 as one`.execute(deps.db)).rows.length === 1),
    run('migrations', async () => {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(deps.db);
      return Number(rows[0]?.n ?? 0) >= schemaVersionOf(deps.dialect);
    }),
    run('fileStore', async () => {
      await deps.fileStore.putBuffer(PROBE);
      return true;
    }),
  ]);
  const shutdown = deps.lifecycle.draining ? 'draining' : 'no';
  const ready = database === 'ok' && migrations === 'ok' && fileStore === 'ok' && shutdown === 'no';
  return { ready, checks: { database, migrations, fileStore, shutdown } };
}
