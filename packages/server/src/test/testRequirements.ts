import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { RequirementAbsence, TestRequirement } from './TestRequirement';
import { findNginx } from './scaleOut/startNginxProxy';

/** Whether `command` is an executable file in one of PATH's folders (no process is started). */
function onPath(command: string): boolean {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (folder === '') continue;
    try {
      accessSync(join(folder, command), constants.X_OK);
      return true;
    } catch {
      // Not in this folder.
    }
  }
  return false;
}

/** Whether an npm package's file resolves from here (a devDependency left out of the install does not). */
function resolves(specifier: string): boolean {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL for the server's integration tests: `DATAHAVEN_TEST_DATABASE_URL`. A leg meant to
 * cover SQLite only says so with `DATAHAVEN_TEST_SQLITE_ONLY=1` (its PostgreSQL tests are then
 * skipped even under CI=true, with that reason).
 */
export const POSTGRES: TestRequirement = {
  name: 'PostgreSQL',
  howToProvide:
    'set DATAHAVEN_TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test), or DATAHAVEN_TEST_SQLITE_ONLY=1 for a run meant to cover SQLite only',
  absence(): RequirementAbsence | null {
    if (process.env.DATAHAVEN_TEST_SQLITE_ONLY === '1') return { reason: 'SQLite-only run: DATAHAVEN_TEST_SQLITE_ONLY=1', declared: true };
    if (!process.env.DATAHAVEN_TEST_DATABASE_URL) return { reason: 'DATAHAVEN_TEST_DATABASE_URL not set', declared: false };
    return null;
  },
};

/**
 * Azure Blob Storage's emulator for the blob file store's tests: the run's Azurite
 * (`DATAHAVEN_TEST_BLOB_CONNECTION_STRING`, set by the server project's globalSetup) or the npm
 * package `azurite` (a devDependency) to start one.
 */
export const AZURITE: TestRequirement = {
  name: 'Azurite',
  howToProvide: 'install the devDependencies (npm ci), which hold the npm package azurite',
  absence(): RequirementAbsence | null {
    if (process.env.DATAHAVEN_TEST_BLOB_CONNECTION_STRING || resolves('azurite/dist/src/blob/main.js')) return null;
    return { reason: 'Azurite (npm azurite) not installed', declared: false };
  },
};

/**
 * The blob file store when the run asks for it (`DATAHAVEN_TEST_FILE_STORE=blob`): then every test
 * server needs Azurite; otherwise test servers use the disk store and need nothing.
 */
export const TEST_FILE_STORE: TestRequirement = {
  name: 'the test file store',
  howToProvide: AZURITE.howToProvide,
  absence(): RequirementAbsence | null {
    return process.env.DATAHAVEN_TEST_FILE_STORE === 'blob' ? AZURITE.absence() : null;
  },
};

/** The machine's python3: its standard `email` and `zipfile` read what we write, as an independent reader. */
export const PYTHON3: TestRequirement = {
  name: 'python3',
  howToProvide: 'install python3 (Debian: apt-get install python3-minimal)',
  absence(): RequirementAbsence | null {
    return onPath('python3') ? null : { reason: 'python3 not on PATH', declared: false };
  },
};

/** Debian's nginx, the reverse proxy in front of the scale-out test's server processes. */
export const NGINX: TestRequirement = {
  name: 'nginx',
  howToProvide: 'install nginx (Debian: apt-get install nginx; .ci/run does)',
  absence(): RequirementAbsence | null {
    return findNginx() === null ? { reason: 'nginx not installed', declared: false } : null;
  },
};
