import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { rm } from 'node:fs/promises';
import type { Config } from './config/Config';
import { openServices } from './openServices';
import { blobCacheDir } from './storage/openFileStore';

/** How long the supervisor waits before replacing a worker; doubled for each replacement in a row that dies before it listens. */
const REPLACE_AFTER_MS = 1000;
/** The longest wait between replacements (a database down for a while is retried this often). */
const REPLACE_AFTER_MAX_MS = 30_000;
/** How long workers may take to close (requests in flight, the job in hand) before SIGKILL. */
const STOP_LIMIT_MS = 30_000;

/**
 * The primary of `serve` with DATAHAVEN_WORKERS above 1: runs the migrations (and creates the
 * token secret) once, then forks `config.workers` processes that each run `serve` and share the
 * port (node:cluster hands them connections in turn). One Node process runs JavaScript on one
 * core; on PostgreSQL the server's statements and answers are most of a request's CPU, so more
 * processes serve more requests (docs/ARCHITECTURE.md "Several processes").
 *
 * `onListening` runs once all the first workers listen. If one of those dies before it listened
 * (a configuration fault, the port taken: every replacement would repeat it), the supervisor stops
 * them all and exits 1. Once running, a worker that dies is replaced a second later; replacements
 * that die before listening (the database down for a while) are retried at doubling intervals up
 * to 30 s. SIGINT and SIGTERM stop the workers (each closes its server and job runner; SIGKILL
 * after 30 s) and the supervisor exits 0 once they are gone.
 */
export async function superviseWorkers(config: Config, onListening: () => void): Promise<void> {
  // Once, here: N processes migrating at once would queue on the migration lock, and the first
  // start would race to create the token secret.
  const services = await openServices(config);
  await services.close();
  // The workers' blob caches are folders of their own under it (storage/openFileStore); copies
  // of an earlier run are unknown to them.
  await rm(blobCacheDir(config.dataDir), { recursive: true, force: true });

  let stopping = false;
  let announced = false;
  const listened = new Set<number>();
  // Replacements in a row that died before listening: each doubles the wait before the next.
  let failedReplacements = 0;
  // isDead(): cluster.workers keeps a worker until both its 'exit' and 'disconnect' have fired, in either order.
  const live = (): Worker[] =>
    Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
  // process.exitCode is 1 once the supervisor gave up, else unset (0).
  const exitWhenAllGone = (): void => {
    if (live().length === 0) process.exit();
  };
  const stopAll = (): void => {
    stopping = true;
    for (const worker of live()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of live()) worker.process.kill('SIGKILL');
    }, STOP_LIMIT_MS).unref();
    exitWhenAllGone();
  };

  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    failedReplacements = 0;
    const listening = live().filter((each) => listened.has(each.id)).length;
    if (!announced && listening >= config.workers) {
      announced = true;
      onListening();
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      exitWhenAllGone();
      return;
    }
    const how = signal === null ? `code ${code}` : signal;
    const neverListened = !listened.has(worker.id);
    if (neverListened && !announced) {
      process.stderr.write(`A server process (pid ${worker.process.pid}) ended with ${how} before it listened; stopping the others.\n`);
      process.exitCode = 1;
      stopAll();
      return;
    }
    if (neverListened) failedReplacements += 1;
    const waitMs = Math.min(REPLACE_AFTER_MAX_MS, REPLACE_AFTER_MS * 2 ** failedReplacements);
    process.stderr.write(
      `A server process (pid ${worker.process.pid}) ended with ${how}${neverListened ? ' before it listened' : ''}; starting another in ${Math.round(waitMs / 1000)} s.\n`,
    );
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, waitMs);
  });
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
}
