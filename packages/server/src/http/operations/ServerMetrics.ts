import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobOutcome } from '../../jobs/JobOutcome';

/** A database pool's connections now: open in all, idle, and callers waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Request durations in seconds: from a cached read (ms) to a long conversion (the request budget is 15 s). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Job durations in seconds: a page's text in milliseconds up to a large file's thumbnails in minutes. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

/**
 * This process's Prometheus metrics (prom-client, one registry per server so tests never share
 * one): requests by route pattern and status, their durations, job runs by kind and outcome,
 * the database pool, and Node's own process metrics (memory, event-loop lag, GC, handles).
 * Route patterns, never URLs: a URL names documents and would make a series per document.
 */
export class ServerMetrics {
  /** The registry GET /metrics renders. */
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #requestSeconds: Histogram<'method' | 'route' | 'status'>;
  readonly #jobs: Counter<'kind' | 'outcome'>;
  readonly #jobSeconds: Histogram<'kind' | 'outcome'>;
  #poolStats: () => PoolStats | null = () => null;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'datahaven_' });
    this.#requests = new Counter({
      name: 'datahaven_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.#requestSeconds = new Histogram({
      name: 'datahaven_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers: [this.registry],
    });
    this.#jobs = new Counter({
      name: 'datahaven_jobs_total',
      help: 'Background job runs, by kind and outcome (done, retry, failed, handed-back).',
      labelNames: ['kind', 'outcome'],
      registers: [this.registry],
    });
    this.#jobSeconds = new Histogram({
      name: 'datahaven_job_duration_seconds',
      help: 'Time a background job run took, by kind and outcome.',
      labelNames: ['kind', 'outcome'],
      buckets: JOB_BUCKETS,
      registers: [this.registry],
    });
    const pool = (help: string, pick: (stats: PoolStats) => number, name: string): void => {
      const read = (): PoolStats | null => this.#poolStats();
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const stats = read();
          if (stats !== null) this.set(pick(stats));
        },
      });
    };
    pool('Database connections open (PostgreSQL pool; SQLite: its one connection).', (s) => s.total, 'datahaven_db_pool_connections');
    pool('Database connections open and idle.', (s) => s.idle, 'datahaven_db_pool_idle_connections');
    pool('Callers waiting for a database connection.', (s) => s.waiting, 'datahaven_db_pool_waiting');
  }

  /** Counts one answered request; `route` is the matched route's pattern (`unmatched` for a 404 without a route). */
  recordRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.#requests.inc(labels);
    this.#requestSeconds.observe(labels, seconds);
  }

  /** Counts one job run that ended `outcome` after `seconds`. */
  recordJob(kind: string, outcome: JobOutcome, seconds: number): void {
    this.#jobs.inc({ kind, outcome });
    this.#jobSeconds.observe({ kind, outcome }, seconds);
  }

  /** Where the pool gauges read from (the database handle's `poolStats`), asked at each scrape. */
  readPoolFrom(stats: () => PoolStats | null): void {
    this.#poolStats = stats;
  }

  /** The metrics in Prometheus's text format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  /** The content type of `render`'s text. */
  get contentType(): string {
    return this.registry.contentType;
  }
}
