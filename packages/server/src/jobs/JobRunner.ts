import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../services/AppDeps';
import { claimJob } from './claimJob';
import type { ClaimedJob } from './claimJob';
import { completeJob, failJob } from './finishJob';
import type { JobHandler } from './JobHandler';
import type { JobSignal } from './JobSignal';
import { DEFAULT_JOB_RETRY } from './jobRetryPolicy';
import type { JobRetryPolicy } from './jobRetryPolicy';
import { readDatabaseClock } from './readDatabaseClock';
import { renewClaim } from './renewClaim';

/** Options of a `JobRunner`. */
export interface JobRunnerOptions {
  /** Handlers by `jobs.kind`, in order of preference; jobs of other kinds are left for a server that knows them. */
  handlers: Readonly<Record<string, JobHandler>>;
  /** Pause between polls once nothing is due (default 3 s). */
  pollMs?: number;
  /**
   * How long a claim holds without renewal (default 60 s). The runner renews it every
   * `heartbeatMs` while the job runs, so only a job whose runner died (or hung) lets it expire,
   * and another runner takes that job over within `claimMs` of the death.
   */
  claimMs?: number;
  /** How often a running job's claim is renewed (default a third of `claimMs`). */
  heartbeatMs?: number;
  /** Wakes the runner when this process enqueued work, so it need not wait for its next poll. */
  signal?: JobSignal;
  retry?: Partial<JobRetryPolicy>;
  /** Names this runner in `jobs.claimed_by` (default host:pid:random). */
  instanceId?: string;
  /** Jobs this runner runs at once (default 2; the heavy work queues in the PDFium pool, sized by the cores). */
  concurrency?: number;
  /** Told of every failed run and of polls that failed (e.g. the database was away). */
  onError?: (error: unknown, job?: ClaimedJob) => void;
}

const DEFAULT_POLL_MS = 3000;
const DEFAULT_CONCURRENCY = 2;
/** A claim's lease without renewal: a dead runner's job is taken over within this (issue 16: within a minute). */
export const DEFAULT_CLAIM_MS = 60 * 1000;

/**
 * Runs the background jobs kept in the `jobs` table: polls for due jobs, claims one at a time
 * atomically (two server instances never run the same job), retries failures with exponential
 * backoff up to a bound, takes over jobs whose claimer died (its claim, renewed by a heartbeat
 * while the job runs, expired), and stops cleanly. Time is the database's clock throughout, so
 * instances agree on it.
 */
export class JobRunner {
  readonly #deps: Pick<AppDeps, 'db' | 'databaseNow'>;
  readonly #handlers: Readonly<Record<string, JobHandler>>;
  readonly #pollMs: number;
  readonly #claimMs: number;
  readonly #heartbeatMs: number;
  readonly #concurrency: number;
  readonly #unsubscribe: () => void;
  /** A wake-up came while a poll was in hand: poll again at once when it ends. */
  #woken = false;
  readonly #retry: JobRetryPolicy;
  readonly #instanceId: string;
  readonly #onError: (error: unknown, job?: ClaimedJob) => void;
  #timer: NodeJS.Timeout | null = null;
  #current: Promise<unknown> | null = null;
  #started = false;
  #stopped = false;

  constructor(deps: Pick<AppDeps, 'db' | 'databaseNow'>, options: JobRunnerOptions) {
    this.#deps = deps;
    this.#handlers = options.handlers;
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.#claimMs = options.claimMs ?? DEFAULT_CLAIM_MS;
    this.#concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    this.#heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(this.#claimMs / 3));
    this.#unsubscribe = options.signal?.subscribe(() => this.wake()) ?? (() => undefined);
    this.#retry = { ...DEFAULT_JOB_RETRY, ...options.retry };
    this.#instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.#onError = options.onError ?? (() => undefined);
  }

  /** Starts polling (the first poll right away); a no-op when already started or stopped. */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#schedule(0);
  }

  /** Polls now rather than at the next interval (work was just enqueued); a no-op unless started. */
  wake(): void {
    if (!this.#started || this.#stopped) return;
    if (this.#timer === null) {
      // A poll is in hand: it may already have looked, so look once more when it ends.
      this.#woken = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#schedule(0);
  }

  /** Stops polling and waits for the job in hand to finish; the database may be closed afterwards. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe();
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#current;
  }

  /**
   * Runs due jobs until none is due (or the runner stops), `concurrency` at a time and the
   * handlers' kinds in their order of preference, so a new file's page text need not wait
   * behind an earlier file's thumbnails; resolves to how many ran.
   */
  async runDueJobs(): Promise<number> {
    let ran = 0;
    const kinds = Object.keys(this.#handlers);
    const lane = async (): Promise<void> => {
      while (!this.#stopped) {
        const now = await readDatabaseClock(this.#deps.db, this.#deps.databaseNow());
        // A fresh token per claim: a finish from an earlier claim of the same job never matches it.
        const token = `${this.#instanceId}:${randomBytes(4).toString('hex')}`;
        const job = await claimJob(this.#deps.db, { kinds, token, now, claimMs: this.#claimMs });
        if (job === undefined) break;
        await this.#run(job);
        ran += 1;
      }
    };
    await Promise.all(Array.from({ length: this.#concurrency }, lane));
    return ran;
  }

  async #run(job: ClaimedJob): Promise<void> {
    if (job.attempts > this.#retry.maxAttempts) {
      // Only a job whose runner died gets here (failures are counted on finishing): give up on it.
      const error = new Error(`Gave up after ${job.attempts - 1} runs: the last one never finished (its runner stopped).`);
      await failJob(this.#deps.db, job, error, this.#retry, await this.#now());
      this.#onError(error, job);
      return;
    }
    const heartbeat = this.#startHeartbeat(job);
    try {
      await this.#handlers[job.kind](job);
      await heartbeat.stop();
      await completeJob(this.#deps.db, job);
    } catch (error) {
      await heartbeat.stop();
      this.#onError(error, job);
      await failJob(this.#deps.db, job, error, this.#retry, await this.#now());
    }
  }

  /**
   * Renews the job's claim every `heartbeatMs` by the database clock while it runs. A renewal
   * that fails (database away) is reported and retried at the next beat; the claim still holds
   * until `claimMs` after the last good one.
   */
  #startHeartbeat(job: ClaimedJob): { stop(): Promise<void> } {
    let beating: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      beating = beating.then(async () => {
        try {
          const now = await this.#now();
          await renewClaim(this.#deps.db, job, new Date(Date.parse(now) + this.#claimMs).toISOString());
        } catch (error) {
          this.#onError(error, job);
        }
      });
    }, this.#heartbeatMs);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        // A renewal in flight must not land after the finish (it would only touch claimed_until, but the order stays plain).
        await beating;
      },
    };
  }

  #now(): Promise<string> {
    return readDatabaseClock(this.#deps.db, this.#deps.databaseNow());
  }

  #schedule(delayMs: number): void {
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#current = this.runDueJobs()
        .catch((error: unknown) => this.#onError(error))
        .finally(() => {
          this.#current = null;
          const woken = this.#woken;
          this.#woken = false;
          if (!this.#stopped) this.#schedule(woken ? 0 : this.#pollMs);
        });
    }, delayMs);
    // Never keeps the process alive on its own: `serve` lives by its HTTP server.
    this.#timer.unref();
  }
}
