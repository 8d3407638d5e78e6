import { isCiRun } from './isCiRun';
import { startAzurite } from './startAzurite';
import { AZURITE as AZURITE_INSTALLED } from './testRequirements';
import type { Azurite } from './startAzurite';

/** Where the teardown finds the emulator this setup started (jest runs both in its main process). */
const AZURITE = Symbol.for('datahaven.test.azurite');

/** `globalThis` with the started emulator, if any. */
type WithAzurite = typeof globalThis & { [AZURITE]?: Azurite };

/**
 * jest globalSetup of the server project: with `DATAHAVEN_TEST_FILE_STORE=blob`, starts one
 * Azurite for the whole run and hands its connection string to the workers through
 * `DATAHAVEN_TEST_BLOB_CONNECTION_STRING` (workers inherit the environment); each test server
 * then uses a container of its own. Without it, nothing starts; nor when Azurite is not installed
 * (then the suites that need it are skipped by name, or, under CI=true, the run fails here).
 * (A default export: jest loads globalSetup modules by their default export.)
 */
export default async function blobStoreGlobalSetup(): Promise<void> {
  if (process.env.DATAHAVEN_TEST_FILE_STORE !== 'blob' || process.env.DATAHAVEN_TEST_BLOB_CONNECTION_STRING) return;
  const absence = AZURITE_INSTALLED.absence();
  if (absence !== null) {
    // Locally the test servers' blocks are then declared skipped with this reason (testServer's
    // describeOn needs TEST_FILE_STORE); a CI run never skips, so it stops here, in words.
    if (isCiRun())
      throw new Error(
        `DATAHAVEN_TEST_FILE_STORE=blob needs Azurite (${absence.reason}) and CI=true never skips: ${AZURITE_INSTALLED.howToProvide}.`,
      );
    return;
  }
  const azurite = await startAzurite();
  (globalThis as WithAzurite)[AZURITE] = azurite;
  process.env.DATAHAVEN_TEST_BLOB_CONNECTION_STRING = azurite.connectionString;
}

/** jest globalTeardown of the server project: stops the Azurite the setup started. */
export async function stopBlobStoreAzurite(): Promise<void> {
  const azurite = (globalThis as WithAzurite)[AZURITE];
  if (azurite === undefined) return;
  delete (globalThis as WithAzurite)[AZURITE];
  delete process.env.DATAHAVEN_TEST_BLOB_CONNECTION_STRING;
  await azurite.stop();
}
