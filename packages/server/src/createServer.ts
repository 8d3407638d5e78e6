import type { FastifyInstance } from 'fastify';
import type { Config } from './config/Config';
import { registerDemoEntraRoutes, registerDemoRoutes, seedDemoData } from './demo';
import { buildServerApp } from './buildServerApp';
import type { RouteRegistrar } from './http/buildApp';
import { ServerLifecycle } from './http/operations/ServerLifecycle';
import { ServerMetrics } from './http/operations/ServerMetrics';
import { startAdminServer } from './http/operations/startAdminServer';
import type { LogDestination } from './http/redactSecrets';
import { serverJobHandlers } from './serverJobs';
import { JobRunner } from './jobs/JobRunner';
import { rejectMailOffReason } from './notifications';
import { openServices } from './openServices';
import type { OpenServicesOptions, ServerDeps } from './openServices';

/** Options of `createServer`. */
export interface CreateServerOptions extends OpenServicesOptions {
  logger?: boolean;
  /** Where the log lines go (standard output unless a test collects them); redacted line by line. */
  logDestination?: LogDestination;
  /** Run the background job runner (default true). */
  jobRunner?: boolean;
  /**
   * Whether the process is stopping (main.ts's graceful stop begins draining it): readiness
   * answers 503 and the job runner stops claiming, handing back what still runs after
   * DATAHAVEN_SHUTDOWN_TIMEOUT_MS. A lifecycle of its own unless given.
   */
  lifecycle?: ServerLifecycle;
}

/**
 * How often the orphan-file sweep runs (and once at start), and how old an unreferenced file must
 * be to go: longer than any upload request takes, so a file another process on a shared store
 * has staged but not yet committed (a slow multi-file upload) is never taken for an orphan.
 */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_GRACE_MS = 60 * 60 * 1000;

/**
 * Everything `serve` does short of listening: data folder, database + migrations, token secret,
 * demo seed (first start only, when `config.demo`), the app with /api, /demo/* and dist/web.
 * Starts the background job runner (jobs/JobRunner: PDF text extraction and thumbnails after
 * every upload, split or merge, woken by `deps.jobSignal`; retries; takeover of a dead runner's
 * jobs). Sweeps orphan store files at start and hourly. Closing the app stops the runner (after
 * the job in hand), the orphan sweep, then closes the database. With DATAHAVEN_ADMIN_PORT set,
 * starts the operations port (GET /metrics) beside it, closed with the app.
 */
export async function createServer(config: Config, options: CreateServerOptions = {}): Promise<FastifyInstance> {
  const services = await openServices(config, options);
  const { deps } = services;
  try {
    const extraRoutes: RouteRegistrar<ServerDeps>[] = [];
    if (config.demo) {
      await seedDemoData(deps);
      extraRoutes.push(registerDemoRoutes, registerDemoEntraRoutes);
    }
    const lifecycle = options.lifecycle ?? new ServerLifecycle();
    const metrics = config.adminPort === null ? null : new ServerMetrics();
    metrics?.readPoolFrom(() => services.poolStats());
    const app = await buildServerApp(deps, {
      logger: options.logger ?? false,
      logDestination: options.logDestination,
      extraRoutes,
      lifecycle,
      metrics,
    });
    // Before anything that runs on its own (sweep, runner): a port in use stops the start with nothing left running.
    const admin =
      config.adminPort === null || metrics === null ? null : await startAdminServer(metrics, config.adminHost, config.adminPort);
    if (admin !== null) app.log.info(`metrics at http://${config.adminHost}:${admin.port}/metrics`);
    const sweep = async (atStart: boolean): Promise<void> => {
      const isKnown = async (key: string): Promise<boolean> =>
        (await deps.db.selectFrom('files').select('sha256').where('sha256', '=', key).executeTakeFirst()) !== undefined;
      try {
        const removed = await deps.fileStore.sweepOrphans(isKnown, SWEEP_GRACE_MS);
        if (removed > 0 || atStart) app.log.info({ removed, atStart }, 'orphan files removed');
      } catch (error) {
        app.log.warn({ err: error }, 'orphan sweep failed');
      }
    };
    // Also once at every start, beside serving: a server restarted more often than hourly (or
    // after kill -9) would otherwise never sweep what a crash left (second attack finding 5).
    const started = sweep(true);
    const timer = setInterval(() => void sweep(false), SWEEP_INTERVAL_MS);
    timer.unref();
    const runner =
      options.jobRunner === false
        ? null
        : new JobRunner(deps, {
            handlers: serverJobHandlers(deps),
            signal: deps.jobSignal,
            onError: (error, job) =>
              app.log.warn({ err: error, job: job && { id: job.id, kind: job.kind, attempt: job.attempts } }, 'background job failed'),
            onSettled: (job, outcome, seconds) => {
              metrics?.recordJob(job.kind, outcome, seconds);
              if (outcome === 'handed-back') app.log.info({ job: { id: job.id, kind: job.kind } }, 'background job handed back unfinished');
            },
          });
    runner?.start();
    // Draining: no new claims; what still runs when the bound passes goes back to the queue for another process.
    let runnerStopped: Promise<void> | null = null;
    lifecycle.onDraining(() => {
      runnerStopped = runner?.stop({ handBackAfterMs: config.shutdownTimeoutMs }) ?? null;
    });
    // Said once, at start: a reject then writes no mail, and nobody would otherwise learn why.
    const mailOff = rejectMailOffReason(config);
    if (mailOff !== null) app.log.info(mailOff);
    app.addHook('onClose', async () => {
      await (runnerStopped ?? runner?.stop());
      await admin?.close();
      clearInterval(timer);
      await started;
      await services.close();
    });
    return app;
  } catch (error) {
    await services.close();
    throw error;
  }
}
