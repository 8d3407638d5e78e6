import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from '../packages/server/src/test/freePort';

/** The built server running in processes of its own (`serve` with DATAHAVEN_WORKERS). */
export interface ServerProcesses {
  baseUrl: string;
  /** SIGTERM to the supervisor; resolves once it has exited (it stops its workers first). */
  stop(): Promise<void>;
}

/** What the processes serve: the bench's own PostgreSQL schema and data folder (so its token secret signs their tokens too). */
export interface ServerProcessesOptions {
  databaseUrl: string;
  schema: string;
  dataDir: string;
  workers: number;
}

const MAIN = resolve(__dirname, '..', 'packages', 'server', 'dist', 'main.js');
/** How long the processes may take to start on a loaded machine before the bench gives up. */
const START_LIMIT_MS = 120_000;

/**
 * Starts `node packages/server/dist/main.js serve` (built by `npm run bench`) with
 * DATAHAVEN_WORKERS on loopback, as an operator would, and resolves once it prints that it runs.
 */
export async function startServerProcesses(options: ServerProcessesOptions): Promise<ServerProcesses> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN, 'serve'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATAHAVEN_PORT: String(port),
      DATAHAVEN_DATA_DIR: options.dataDir,
      DATAHAVEN_WEB_DIR: join(options.dataDir, 'no-web'),
      DATAHAVEN_DATABASE_URL: options.databaseUrl,
      DATAHAVEN_DATABASE_SCHEMA: options.schema,
      DATAHAVEN_WORKERS: String(options.workers),
      // As the in-process server, which logs nothing: a line per request would be measured too.
      DATAHAVEN_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-4000)));
  await new Promise<void>((started, failed) => {
    let printed = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      failed(new Error(`The server processes did not start within ${START_LIMIT_MS / 1000} s.\n${errors}`));
    }, START_LIMIT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      printed = (printed + chunk.toString('utf8')).slice(-4000);
      if (printed.includes('Datahaven Documents is running')) {
        clearTimeout(timer);
        started();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      failed(new Error(`The server processes ended with code ${code} before they ran.\n${errors}`));
    });
  });
  child.stdout.resume();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
