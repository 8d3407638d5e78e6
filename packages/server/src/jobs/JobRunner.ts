import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { claimJob } from './claimJob';
import type { ClaimedJob } from './claimJob';
import { completeJob, failJob } from './finishJob';
import { handBackClaim } from './handBackClaim';
import type { JobOutcome } from './JobOutcome';
import type { JobHandler } from './JobHandler';
import type { JobSignal } from './JobSignal';
import { DEFAULT_JOB_RETRY } from './jobRetryPolicy';
import type { JobRetryPolicy } from './jobRetryPolicy';
import { readDatabaseClock } from './readDatabaseClock';
import { renewClaim } from './renewClaim';

/** What the runner needs of the app: the database and its clock (the runner judges claims by the database's time). */
export interface JobRunnerDeps {
  db: Kysely<Database>;
  databaseNow: () => RawBuilder<string>;
}

/** Options of a `JobRunner`. */
export interface JobRunnerOptions {
  /** Handlers by `jobs.kind` (one lane each); jobs of other kinds are left for a server that knows them. */
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
  /** Told of every failed run and of polls that failed (e.g. the database was away). */
  onError?: (error: unknown, job?: ClaimedJob) => void;
  /** Told how each run ended and how long it took (the operations port's job metrics). */
  onSettled?: (job: ClaimedJob, outcome: JobOutcome, seconds: number) => void;
}

/** Options of `JobRunner.stop`. */
export interface StopOptions {
  /**
   * How long the jobs in hand may still run; those still running then are handed back
   * (handBackClaim) and the stop resolves without them. Without it, stop waits for them.
   */
  handBackAfterMs?: number;
}

/** Spans of job runs, when tracing is on (a no-op tracer otherwise). */
const tracer = trace.getTracer('datahaven-jobs');

const DEFAULT_POLL_MS = 3000;
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
  readonly #deps: JobRunnerDeps;
  readonly #handlers: Readonly<Record<string, JobHandler>>;
  readonly #pollMs: number;
  readonly #claimMs: number;
  readonly #heartbeatMs: number;
  readonly #unsubscribe: () => void;
  /** The lanes running now, by kind (each claims and runs its kind's jobs one after another). */
  readonly #lanes = new Map<string, Promise<void>>();
  /** Kinds woken while their lane was looking: it looks once more before it ends. */
  readonly #recheck = new Set<string>();
  /** Jobs run by this runner so far (runDueJobs reports its share). */
  #ran = 0;
  readonly #retry: JobRetryPolicy;
  readonly #instanceId: string;
  readonly #onError: (error: unknown, job?: ClaimedJob) => void;
  readonly #onSettled: (job: ClaimedJob, outcome: JobOutcome, seconds: number) => void;
  /** The jobs running now, with when each started (a stop may hand them back). */
  readonly #inHand = new Map<ClaimedJob, number>();
  #timer: NodeJS.Timeout | null = null;
  #current: Promise<unknown> | null = null;
  #started = false;
  #stopped = false;

  constructor(deps: JobRunnerDeps, options: JobRunnerOptions) {
    this.#deps = deps;
    this.#handlers = options.handlers;
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.#claimMs = options.claimMs ?? DEFAULT_CLAIM_MS;
    this.#heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(this.#claimMs / 3));
    this.#unsubscribe = options.signal?.subscribe(() => this.wake()) ?? (() => undefined);
    this.#retry = { ...DEFAULT_JOB_RETRY, ...options.retry };
    this.#instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.#onError = options.onError ?? (() => undefined);
    this.#onSettled = options.onSettled ?? (() => undefined);
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
      // A poll is in hand: restart the lanes that already ended; the others look once more.
      for (const kind of Object.keys(this.#handlers)) this.#ensureLane(kind);
      return;
    }
    clearTimeout(this.#timer);
    this.#schedule(0);
  }

  /**
   * Stops claiming and waits for the jobs in hand to finish — at most `handBackAfterMs` when
   * given: the ones still running then are handed back, so another process takes them at once
   * (a graceful shutdown). The database may be closed afterwards.
   */
  async stop(options: StopOptions = {}): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe();
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    // Lanes a wake-up started outlive the poll that was in hand only by their current job.
    const finished = (async (): Promise<void> => {
      await this.#current;
      await Promise.all(this.#lanes.values());
    })();
    if (options.handBackAfterMs === undefined) return finished;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'bound'>((resolve) => {
      timer = setTimeout(() => resolve('bound'), options.handBackAfterMs);
    });
    const ended = await Promise.race([finished.then(() => 'finished' as const), bound]);
    clearTimeout(timer);
    if (ended === 'bound') await this.#handBackInHand();
  }

  /** Hands back every job still running (a stop's bound passed); each counts as handed back once. */
  async #handBackInHand(): Promise<void> {
    const jobs = [...this.#inHand.entries()];
    if (jobs.length === 0) return;
    const now = await this.#now();
    for (const [job, started] of jobs) {
      try {
        if (!(await handBackClaim(this.#deps.db, job, now))) continue;
        this.#inHand.delete(job);
        this.#onSettled(job, 'handed-back', (performance.now() - started) / 1000);
      } catch (error) {
        this.#onError(error, job);
      }
    }
  }

  /**
   * Runs due jobs until none is due (or the runner stops): one lane per kind, each running its
   * kind's jobs one after another, so a new file's page text never waits behind an earlier
   * file's thumbnails (nor a burst of thumbnails behind each other's text); resolves to how many ran.
   */
  async runDueJobs(): Promise<number> {
    const before = this.#ran;
    for (const kind of Object.keys(this.#handlers)) this.#ensureLane(kind);
    // Lanes a wake-up restarts meanwhile belong to this poll too.
    while (this.#lanes.size > 0) await Promise.all(this.#lanes.values());
    return this.#ran - before;
  }

  /** Starts the lane of `kind` unless it runs; a running one is told to look once more before it ends. */
  #ensureLane(kind: string): void {
    if (this.#lanes.has(kind)) {
      this.#recheck.add(kind);
      return;
    }
    const lane = (async (): Promise<void> => {
      // A failed claim (database away) ends the lane; the next poll starts it again.
      while (!this.#stopped) {
        const now = await readDatabaseClock(this.#deps.db, this.#deps.databaseNow());
        // A fresh token per claim: a finish from an earlier claim of the same job never matches it.
        const token = `${this.#instanceId}:${randomBytes(4).toString('hex')}`;
        const job = await claimJob(this.#deps.db, { kinds: [kind], token, now, claimMs: this.#claimMs });
        if (job === undefined) {
          if (this.#recheck.delete(kind)) continue;
          break;
        }
        await this.#run(job);
        this.#ran += 1;
      }
    })()
      .catch((error: unknown) => this.#onError(error))
      .finally(() => {
        this.#lanes.delete(kind);
        // A wake-up that came after the lane's last look: look again.
        if (this.#recheck.delete(kind) && !this.#stopped) this.#ensureLane(kind);
      });
    this.#lanes.set(kind, lane);
  }

  /** Runs one claimed job inside its own span (`job <kind>`), so its database and HTTP calls nest under it. */
  async #run(job: ClaimedJob): Promise<void> {
    const span = tracer.startSpan(`job ${job.kind}`, {
      attributes: { 'datahaven.job.kind': job.kind, 'datahaven.job.id': job.id, 'datahaven.job.attempt': job.attempts },
    });
    const started = performance.now();
    this.#inHand.set(job, started);
    try {
      const outcome = await context.with(trace.setSpan(context.active(), span), () => this.#runInSpan(job, span));
      // A job handed back meanwhile was reported then; its late finish changed nothing (the claim had gone).
      if (this.#inHand.delete(job)) this.#onSettled(job, outcome, (performance.now() - started) / 1000);
      span.setAttribute('datahaven.job.outcome', outcome);
    } finally {
      this.#inHand.delete(job);
      span.end();
    }
  }

  async #runInSpan(job: ClaimedJob, span: Span): Promise<JobOutcome> {
    if (job.attempts > this.#retry.maxAttempts) {
      // Only a job whose runner died gets here (failures are counted on finishing): give up on it.
      const error = new Error(`Gave up after ${job.attempts - 1} runs: the last one never finished (its runner stopped).`);
      await failJob(this.#deps.db, job, error, this.#retry, await this.#now());
      this.#onError(error, job);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      return 'failed';
    }
    const heartbeat = this.#startHeartbeat(job);
    try {
      await this.#handlers[job.kind](job);
      await heartbeat.stop();
      await completeJob(this.#deps.db, job);
      return 'done';
    } catch (error) {
      await heartbeat.stop();
      this.#onError(error, job);
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      const state = await failJob(this.#deps.db, job, error, this.#retry, await this.#now());
      return state === 'pending' ? 'retry' : 'failed';
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
          if (!this.#stopped) this.#schedule(this.#pollMs);
        });
    }, delayMs);
    // Never keeps the process alive on its own: `serve` lives by its HTTP server.
    this.#timer.unref();
  }
}
