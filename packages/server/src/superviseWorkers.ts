import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import type { Config } from './config';
import { openServices } from './openServices';

/** How long the supervisor waits before replacing a worker that died after it had listened. */
const REPLACE_AFTER_MS = 1000;

/**
 * The primary of `serve` with DATAHAVEN_WORKERS above 1: runs the migrations (and creates the
 * token secret) once, then forks `config.workers` processes that each run `serve` and share the
 * port (node:cluster hands them connections in turn). One Node process runs JavaScript on one
 * core; on PostgreSQL the server's statements and answers are most of a request's CPU, so more
 * processes serve more requests (docs/ARCHITECTURE.md "Several processes").
 *
 * `onListening` runs once every worker listens. A worker that dies after it listened is replaced
 * a second later; one that dies before it ever listened (a configuration or database fault every
 * replacement would repeat) stops them all and the supervisor exits 1. SIGINT and SIGTERM stop
 * the workers (each closes its server and job runner) and the supervisor exits 0 once they are gone.
 */
export async function superviseWorkers(config: Config, onListening: () => void): Promise<void> {
  // Once, here: N processes migrating at once would queue on the migration lock, and the first
  // start would race to create the token secret.
  const services = await openServices(config);
  await services.close();

  let stopping = false;
  let announced = false;
  let failed = false;
  const listened = new Set<number>();
  const live = (): Worker[] => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  const stopAll = (): void => {
    stopping = true;
    for (const worker of live()) worker.process.kill('SIGTERM');
    if (live().length === 0) process.exit(failed ? 1 : 0);
  };

  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    if (!announced && listened.size >= config.workers) {
      announced = true;
      onListening();
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (live().length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const how = signal === null ? `code ${code}` : signal;
    if (!listened.has(worker.id)) {
      process.stderr.write(`A server process (pid ${worker.process.pid}) ended with ${how} before it listened; stopping the others.\n`);
      failed = true;
      stopAll();
      return;
    }
    process.stderr.write(`A server process (pid ${worker.process.pid}) ended with ${how}; starting another.\n`);
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, REPLACE_AFTER_MS);
  });
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
}
