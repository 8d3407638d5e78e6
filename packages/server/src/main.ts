#!/usr/bin/env node
// First: tracing instruments node:http and fetch, so it must start before anything loads them.
import { telemetry } from './telemetry';
import cluster from 'node:cluster';
import { loadConfig } from './config/Config';
import type { Config } from './config/Config';
import { createServer } from './createServer';
import { seedDemoData, startDemoErp } from './demo';
import type { DemoErpService } from './demo';
import { ServerLifecycle } from './http/operations/ServerLifecycle';
import { openServices } from './openServices';
import { superviseWorkers } from './superviseWorkers';

/** Past the shutdown bound, how long closing the database and the last spans may take before the process quits anyway. */
const LAST_STEPS_MS = 5_000;

const USAGE = 'Usage: node packages/server/dist/main.js [serve|migrate|seed]';

/** The URLs printed on start. */
export function startupUrls(config: Config): string[] {
  const base = config.publicUrl;
  // The demo ERP's metadata document names the OData service the connector reads (it answers with a token only).
  const demoErp = config.demoErp === null ? [] : [`http://127.0.0.1:${config.demoErp.port}/api/v2.0/$metadata`];
  return [
    ...(config.demo ? [`${base}/demo/erp`, `${base}/demo/erp?page=workflow`, `${base}/demo/teams`, `${base}/demo/outlook`] : []),
    ...demoErp,
    `${base}/`,
    `${base}/api/version`,
  ];
}

/** Starts the demo ERP on its loopback port, saying in words when the port is taken. */
async function serveDemoErp(demoErp: NonNullable<Config['demoErp']>): Promise<DemoErpService> {
  try {
    return await startDemoErp({ port: demoErp.port, clientId: demoErp.clientId, clientSecret: demoErp.clientSecret });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      throw new Error(`The demo ERP cannot listen on port ${demoErp.port}: it is in use. Set DATAHAVEN_DEMO_ERP_PORT to a free port.`);
    }
    throw error;
  }
}

function printRunning(config: Config): void {
  const lines = [
    '',
    `Datahaven Documents is running${config.workers > 1 ? ` in ${config.workers} processes` : ''}:`,
    ...startupUrls(config).map((u) => `  ${u}`),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

async function serve(config: Config): Promise<void> {
  // DATAHAVEN_WORKERS above 1: this process supervises; the forked ones (cluster.isWorker) serve.
  if (config.workers > 1 && cluster.isPrimary) return superviseWorkers(config, () => printRunning(config));
  // The demo ERP is a separate HTTP service the product reaches only through its connector (erp/).
  const demoErp = config.demoErp === null ? null : await serveDemoErp(config.demoErp);
  const lifecycle = new ServerLifecycle();
  const app = await createServer(config, { logger: true, lifecycle });
  await app.listen({ host: config.host, port: config.port });
  if (cluster.isPrimary) printRunning(config);
  // A worker gets SIGINT from the terminal's Ctrl+C and SIGTERM from its supervisor: it stops
  // once. A lone server stopped a second time (Ctrl+C again while a request or job holds it) quits at once.
  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      if (cluster.isPrimary) process.exit(130);
      return;
    }
    stopping = true;
    // The graceful stop: readiness 503 and no new job claims (draining), no new connections
    // (close), in-flight requests finish; at the bound the connections left are closed and the
    // jobs still running handed back (createServer), then the database closes and the last spans go.
    app.log.info({ boundMs: config.shutdownTimeoutMs }, 'stopping: finishing in-flight requests and jobs');
    lifecycle.beginDraining();
    const bound = setTimeout(() => {
      app.log.warn('shutdown bound reached: closing the connections still open');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    bound.unref();
    const last = setTimeout(() => process.exit(1), config.shutdownTimeoutMs + LAST_STEPS_MS);
    last.unref();
    void Promise.all([app.close(), demoErp?.close()])
      .then(() => telemetry?.shutdown())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function migrate(config: Config): Promise<void> {
  const services = await openServices(config);
  process.stdout.write(`Database at schema version ${services.deps.schemaVersion}.\n`);
  await services.close();
}

async function seed(config: Config): Promise<void> {
  const services = await openServices(config);
  try {
    const seeded = await seedDemoData(services.deps);
    process.stdout.write(seeded ? 'Demo data seeded.\n' : 'Demo data already present; nothing done.\n');
  } finally {
    await services.close();
  }
}

/** CLI entry: `serve` (default), `migrate`, `seed`. */
export async function main(argv: readonly string[]): Promise<void> {
  const command = argv[0] ?? 'serve';
  const config = loadConfig();
  if (command === 'serve') return serve(config);
  if (command === 'migrate') return migrate(config);
  if (command === 'seed') return seed(config);
  process.stderr.write(`${USAGE}\n`);
  process.exitCode = 2;
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
