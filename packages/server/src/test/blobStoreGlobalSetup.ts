import { startAzurite } from './startAzurite';
import type { Azurite } from './startAzurite';

/** Where the teardown finds the emulator this setup started (jest runs both in its main process). */
const AZURITE = Symbol.for('datahaven.test.azurite');

/** `globalThis` with the started emulator, if any. */
type WithAzurite = typeof globalThis & { [AZURITE]?: Azurite };

/**
 * jest globalSetup of the server project: with `DATAHAVEN_TEST_FILE_STORE=blob`, starts one
 * Azurite for the whole run and hands its connection string to the workers through
 * `DATAHAVEN_TEST_BLOB_CONNECTION_STRING` (workers inherit the environment); each test server
 * then uses a container of its own. Without it, nothing starts.
 * (A default export: jest loads globalSetup modules by their default export.)
 */
export default async function blobStoreGlobalSetup(): Promise<void> {
  if (process.env.DATAHAVEN_TEST_FILE_STORE !== 'blob' || process.env.DATAHAVEN_TEST_BLOB_CONNECTION_STRING) return;
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
