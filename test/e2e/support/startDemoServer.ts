import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../packages/server/src/config/Config';
import { createServer } from '../../../packages/server/src/createServer';
import { startDemoErp, type DemoErpService } from '../../../packages/server/src/demo';

/** A running demo server on loopback and the way to stop it. */
export interface DemoServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string;
  /** The temporary data folder (SQLite file, files, secrets); removed by `close`. */
  dataDir: string;
  /** The demo ERP the server's 'bc' source reads, on its own loopback port (tests may stop and restart it). */
  erp: DemoErpService;
  /** Starts the demo ERP again on its port after a test stopped it. */
  restartErp(): Promise<DemoErpService>;
  close(): Promise<void>;
}

/** The OAuth client the e2e server signs in to its demo ERP with. */
const ERP_CLIENT = { clientId: 'e2e-client', clientSecret: 'e2e-secret' };

const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/**
 * Starts the whole server in this process, exactly as `serve` builds it, on a fresh temporary
 * data folder with the demo world seeded, serving the built bundles of dist/web (or `webDir`: the
 * ui bench serves a copy with its reference files beside them), listening on 127.0.0.1 at a free
 * port. Always SQLite: the server's own tests cover PostgreSQL.
 */
export async function startDemoServer(options: { webDir?: string } = {}): Promise<DemoServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'datahaven-e2e-'));
  // The demo ERP first, on a free port, as `npm start` starts it beside the server; the 'bc'
  // source is configured to it explicitly, since its port is only known once it listens.
  let erp = await startDemoErp({ port: 0, ...ERP_CLIENT });
  const erpPort = erp.port;
  const config = loadConfig({
    DATAHAVEN_DATA_DIR: dataDir,
    DATAHAVEN_DEMO: '1',
    // As `npm start`: the demo runs offline, so the pane pages name our own copy of office.js.
    DATAHAVEN_OFFICE_JS: 'self',
    DATAHAVEN_PORT: '0',
    DATAHAVEN_WEB_DIR: options.webDir ?? join(REPO_ROOT, 'dist', 'web'),
    DATAHAVEN_ERP_SOURCES: 'bc',
    DATAHAVEN_ERP_BC_API_URL: erp.apiUrl,
    DATAHAVEN_ERP_BC_TOKEN_URL: erp.tokenUrl,
    DATAHAVEN_ERP_BC_TENANT: 'demo',
    DATAHAVEN_ERP_BC_CLIENT_ID: ERP_CLIENT.clientId,
    DATAHAVEN_ERP_BC_CLIENT_SECRET: ERP_CLIENT.clientSecret,
    DATAHAVEN_ERP_BC_COMPANY: 'CRONUS',
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
    const server: DemoServer = {
      baseUrl: `http://127.0.0.1:${port}`,
      dataDir,
      erp,
      restartErp: async () => {
        erp = await startDemoErp({ port: erpPort, ...ERP_CLIENT });
        server.erp = erp;
        return erp;
      },
      close: async () => {
        await app.close();
        await server.erp.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
    return server;
  } catch (error) {
    await erp.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
