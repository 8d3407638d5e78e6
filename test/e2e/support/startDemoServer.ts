import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../packages/server/src/config';
import { createServer } from '../../../packages/server/src/createServer';

/** A running demo server on loopback and the way to stop it. */
export interface DemoServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string;
  /** The temporary data folder (SQLite file, files, secrets); removed by `close`. */
  dataDir: string;
  close(): Promise<void>;
}

const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/**
 * Starts the whole server in this process, exactly as `serve` builds it, on a fresh temporary
 * data folder with the demo world seeded, serving the built bundles of dist/web, listening on
 * 127.0.0.1 at a free port. Always SQLite: the server's own tests cover PostgreSQL.
 */
export async function startDemoServer(): Promise<DemoServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'datahaven-e2e-'));
  const config = loadConfig({
    DATAHAVEN_DATA_DIR: dataDir,
    DATAHAVEN_DEMO: '1',
    DATAHAVEN_PORT: '0',
    DATAHAVEN_WEB_DIR: join(REPO_ROOT, 'dist', 'web'),
  });
  try {
    const app = await createServer(config);
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
    } catch (error) {
      await app.close();
      throw error;
    }
    const { port } = app.server.address() as AddressInfo;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      dataDir,
      close: async () => {
        await app.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
