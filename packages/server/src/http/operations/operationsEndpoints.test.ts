import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { loadConfig } from '../../config/Config';
import type { Config } from '../../config/Config';
import { createServer } from '../../createServer';
import { createDatabase } from '../../db/createDatabase';
import type { DatabaseHandle } from '../../db/createDatabase';
import { databaseTargetOf } from '../../openServices';
import { freePort } from '../../test/freePort';
import { rawRequest } from '../../test/rawRequest';
import { describeEachDialect } from '../../test/testServer';
import { waitFor } from '../../test/waitFor';
import { ServerLifecycle } from './ServerLifecycle';

/*
 * Issue 41 item 6, the load balancer's and the operator's view of a server made as `serve` makes
 * it (createServer: job runner, operations port): GET /health/live and /health/ready on the
 * public port without a token and whatever the Host, readiness failing on missing migrations and
 * while draining; GET /metrics on the operations port only, with requests by route pattern and
 * status, job runs by kind and outcome, the database pool and the process's memory.
 */
describeEachDialect('health probes and the operations port', (dialect) => {
  let parent: string;
  let config: Config;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let baseUrl: string;
  let adminPort: number;
  const lifecycle = new ServerLifecycle();
  const schema = `t_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'datahaven-operations-'));
    adminPort = await freePort();
    config = loadConfig({
      DATAHAVEN_DATA_DIR: join(parent, 'data'),
      DATAHAVEN_WEB_DIR: join(parent, 'no-web'),
      DATAHAVEN_PORT: '0',
      DATAHAVEN_ADMIN_PORT: String(adminPort),
      ...(dialect === 'postgres'
        ? { DATAHAVEN_DATABASE_URL: process.env.DATAHAVEN_TEST_DATABASE_URL ?? '', DATAHAVEN_DATABASE_SCHEMA: schema }
        : {}),
    });
    app = await createServer(config, { lifecycle });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('The server has no TCP address.');
    baseUrl = `http://127.0.0.1:${address.port}`;
    database = createDatabase(databaseTargetOf(config, config.databaseSchema ?? undefined));
  });
  afterAll(async () => {
    await app?.close();
    if (dialect === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database?.close();
    await rm(parent, { recursive: true, force: true });
  });

  const metricsText = async (): Promise<string> => {
    const response = await fetch(`http://127.0.0.1:${adminPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };
  /** The value of one sample line (`name{labels} value`), or null when the line is missing. */
  const sample = (text: string, series: string): number | null => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? null : Number(line.slice(series.length + 1));
  };

  it('answers /health/live with 200 to anyone, without a token and whatever the Host says', async () => {
    const live = await fetch(`${baseUrl}/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toEqual({ status: 'live' });
    // A load balancer probes by the instance's address: the Host allow-list does not apply to the probes …
    const byAddress = await rawRequest(baseUrl, '/health/live', { host: '10.1.2.3:3000' });
    expect(byAddress.statusCode).toBe(200);
    // … and only to them.
    expect((await rawRequest(baseUrl, '/api/version', { host: '10.1.2.3:3000' })).statusCode).toBe(421);
  });

  it('answers /health/ready with 200 and each check when the database, its migrations and the file store are fine, naming nothing else', async () => {
    const ready = await fetch(`${baseUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', fileStore: 'ok', shutdown: 'no' },
    });
  });

  it('answers /health/ready with 503 while the database lacks a migration of this build', async () => {
    const last = await database.db
      .selectFrom('kysely_migration' as never)
      .select(['name' as never, 'timestamp' as never])
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const row = last as { name: string; timestamp: string };
    await sql`delete from kysely_migration where name = ${row.name}`.execute(database.db);
    try {
      const notReady = await fetch(`${baseUrl}/health/ready`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'failed', fileStore: 'ok', shutdown: 'no' },
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(database.db);
    }
    expect((await fetch(`${baseUrl}/health/ready`)).status).toBe(200);
  });

  it('serves GET /metrics on the operations port only: requests by route pattern and status, the pool, the memory', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${baseUrl}/health/live`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/api/documents/123/notes`)).status).toBe(401);
    const text = await metricsText();
    expect(sample(text, 'datahaven_http_requests_total{method="GET",route="/health/live",status="200"}')).toBeGreaterThanOrEqual(3);
    // The route's pattern, never the URL: one series for every document.
    expect(sample(text, 'datahaven_http_requests_total{method="GET",route="/api/documents/:id/notes",status="401"}')).toBe(1);
    expect(text).not.toContain('/api/documents/123');
    expect(
      sample(text, 'datahaven_http_request_duration_seconds_count{method="GET",route="/health/live",status="200"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'datahaven_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'datahaven_db_pool_waiting')).toBe(0);
    expect(sample(text, 'datahaven_process_resident_memory_bytes')).toBeGreaterThan(0);
    // Not on the public port, and nothing else on the operations port.
    // (The public port answers /metrics as any unknown page: here, with no web build, 503.)
    const publicMetrics = await fetch(`${baseUrl}/metrics`);
    expect(publicMetrics.status).not.toBe(200);
    expect(await publicMetrics.text()).not.toContain('datahaven_http_requests_total');
    expect((await fetch(`http://127.0.0.1:${adminPort}/health/live`)).status).toBe(404);
  });

  it('counts background job runs by kind and outcome', async () => {
    // erp:linked-record-facts with a subject that names no row: its handler has nothing to do and ends done.
    const now = new Date().toISOString();
    await database.db
      .insertInto('jobs')
      .values({ kind: 'erp:linked-record-facts', subject: '0', run_after: now, created_at: now })
      .execute();
    const text = await waitFor(metricsText, {
      what: 'the runner to count the job run',
      until: (metrics) => sample(metrics, 'datahaven_jobs_total{kind="erp:linked-record-facts",outcome="done"}') === 1,
    });
    expect(sample(text, 'datahaven_job_duration_seconds_count{kind="erp:linked-record-facts",outcome="done"}')).toBe(1);
  });

  it('answers /health/ready with 503 once the process drains (a stop began), while /health/live still answers 200', async () => {
    lifecycle.beginDraining();
    const draining = await fetch(`${baseUrl}/health/ready`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', fileStore: 'ok', shutdown: 'draining' },
    });
    expect((await fetch(`${baseUrl}/health/live`)).status).toBe(200);
  });
});
