import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { tokenSecretPath } from '../../auth/tokenSecret';
import { loadConfig } from '../../config/Config';
import { openServices } from '../../openServices';
import type { AppDeps } from '../../services/AppDeps';
import { freePort } from '../freePort';
import { startNginxProxy } from './startNginxProxy';

/** The built server (`tsc -b packages/server`), started as an operator would. */
const MAIN = resolve(__dirname, '..', '..', '..', 'dist', 'main.js');

/** How long a process may take to start on a loaded 2-core machine before the harness gives up. */
const START_LIMIT_MS = 120_000;

/** One server process behind the proxy. */
export interface ScaleOutProcess {
  port: number;
  /** http://127.0.0.1:<port>: the process itself, past the proxy. */
  url: string;
  /** The running child's pid, or null while it is down. */
  pid(): number | null;
}

/** N server processes behind nginx on one PostgreSQL schema and one Azurite container. */
export interface ScaleOut {
  /** What clients call: nginx. */
  proxyUrl: string;
  processes: readonly ScaleOutProcess[];
  /** Services of this process on the same schema and container: for seeding and for counting what the processes did. */
  deps: AppDeps;
  /** SIGKILL to process `index` (no shutdown of any kind); resolves once it is gone. */
  kill(index: number): Promise<void>;
  /** Starts process `index` again on its port; resolves once it runs. */
  restart(index: number): Promise<void>;
  /** Stops nginx and every process, drops the schema, removes the folders (the container goes with its Azurite). */
  stop(): Promise<void>;
}

/** Where the processes keep their data: one PostgreSQL database (each run a schema of its own) and one Azure Blob endpoint. */
export interface ScaleOutOptions {
  processes: number;
  databaseUrl: string;
  blobConnectionString: string;
}

/**
 * Starts a scale-out on loopback as a deployment would run it on several machines: each process
 * has a data folder of its own holding the same token secret (as each machine would get the same
 * secret), all share one PostgreSQL schema (migrated once, here, before they start) and one blob
 * container, and nginx spreads the clients over them.
 */
export async function startScaleOut(options: ScaleOutOptions): Promise<ScaleOut> {
  const root = await mkdtemp(join(tmpdir(), 'datahaven-scale-out-'));
  const suffix = randomBytes(5).toString('hex');
  const schema = `scale_out_${suffix}`;
  const container = `scale-out-${suffix}`;
  const seedDir = join(root, 'seed');
  const shared = {
    DATAHAVEN_DATABASE_URL: options.databaseUrl,
    DATAHAVEN_BLOB_CONNECTION_STRING: options.blobConnectionString,
    DATAHAVEN_BLOB_CONTAINER: container,
  };
  const services = await openServices(loadConfig({ ...shared, DATAHAVEN_DATA_DIR: seedDir, DATAHAVEN_WEB_DIR: join(root, 'no-web') }), {
    postgresSchema: schema,
  });
  const ports = await Promise.all(Array.from({ length: options.processes }, () => freePort()));
  const children: (ChildProcess | null)[] = ports.map(() => null);
  const cleanups: (() => Promise<void>)[] = [];
  const proxyFolder = join(root, 'nginx');
  let proxyUrl = '';

  const start = async (index: number): Promise<void> => {
    const dataDir = join(root, `process-${index + 1}`);
    await mkdir(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    await copyFile(tokenSecretPath(seedDir), tokenSecretPath(dataDir));
    const child = spawn(process.execPath, [MAIN, 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        ...shared,
        DATAHAVEN_DATABASE_SCHEMA: schema,
        DATAHAVEN_PORT: String(ports[index]),
        DATAHAVEN_DATA_DIR: dataDir,
        DATAHAVEN_WEB_DIR: join(root, 'no-web'),
        DATAHAVEN_PUBLIC_URL: proxyUrl,
        DATAHAVEN_WORKERS: '1',
        DATAHAVEN_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children[index] = child;
    child.once('exit', () => {
      if (children[index] === child) children[index] = null;
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-4000)));
    await new Promise<void>((started, failed) => {
      let printed = '';
      const timer = setTimeout(
        () => failed(new Error(`Process ${index + 1} did not start within ${START_LIMIT_MS / 1000} s.\n${errors}`)),
        START_LIMIT_MS,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        printed = (printed + chunk.toString('utf8')).slice(-4000);
        if (printed.includes('Datahaven Documents is running')) {
          clearTimeout(timer);
          started();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        failed(new Error(`Process ${index + 1} exited at start (${code ?? signal}).\n${errors}`));
      });
    });
  };

  const kill = async (index: number): Promise<void> => {
    const child = children[index];
    if (child === null) return;
    const gone = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
    child.kill('SIGKILL');
    await gone;
  };

  const stop = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await Promise.all(children.map((_, index) => kill(index)));
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(services.deps.db);
    } finally {
      await services.close();
      await rm(root, { recursive: true, force: true });
    }
  };

  try {
    const proxy = await startNginxProxy(proxyFolder, ports);
    cleanups.push(() => proxy.stop());
    proxyUrl = proxy.url;
    await Promise.all(ports.map((_, index) => start(index)));
    return {
      proxyUrl,
      processes: ports.map((port, index) => ({ port, url: `http://127.0.0.1:${port}`, pid: () => children[index]?.pid ?? null })),
      deps: services.deps,
      kill,
      restart: start,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
