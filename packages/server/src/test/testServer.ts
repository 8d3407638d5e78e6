import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { signToken, tokenPayloadFor } from '../auth/tokenCodec';
import { loadConfig } from '../config/Config';
import type { Config } from '../config/Config';
import { buildServerApp } from '../buildServerApp';
import type { ServerDeps } from '../openServices';
import { serverJobHandlers } from '../serverJobs';
import { JobRunner } from '../jobs/JobRunner';
import { openServices } from '../openServices';
import { createDatabase } from '../db/createDatabase';
import { describeNeeding } from './describeNeeding';
import type { DescribeNeeding, ItNeeding } from './describeNeeding';
import type { TestRequirement } from './TestRequirement';
import { POSTGRES, TEST_FILE_STORE } from './testRequirements';

/** A database a suite runs on. */
export type TestDialect = 'sqlite' | 'postgres';

/**
 * Both databases, always: a suite declares its blocks for each with `describeOn(dialect)`, which
 * runs PostgreSQL's where DATAHAVEN_TEST_DATABASE_URL is set and declares them skipped (failing
 * under CI=true) where it is not — never leaving them out unseen.
 */
export function testDialects(): TestDialect[] {
  return ['sqlite', 'postgres'];
}

/** What a test server on `dialect` needs: PostgreSQL for its own; the blob store's emulator when the run selects it. */
function requirementsOf(dialect: TestDialect): TestRequirement[] {
  return dialect === 'postgres' ? [POSTGRES, TEST_FILE_STORE] : [TEST_FILE_STORE];
}

/** `describe` for a block on one database: declared skipped, with the reason, where that database is missing (describeNeeding). */
export function describeOn(dialect: TestDialect): DescribeNeeding {
  return describeNeeding(...requirementsOf(dialect));
}

/**
 * Declares `body` once per test database, titled "`title` [dialect]", each block by `describeOn`
 * (PostgreSQL's declared skipped, with the reason, where it is missing). For suites that open the
 * database themselves; `describeOnEachDatabase` starts a test server for each instead.
 */
export function describeEachDialect(title: string, body: (dialect: TestDialect) => void): void {
  for (const dialect of testDialects()) describeOn(dialect)(`${title} [${dialect}]`, () => body(dialect));
}

/**
 * A test of one database's own behaviour inside a block declared for each (`describeOnEachDatabase`'s
 * body gets the block's dialect): declared in `wanted`'s block only, so the other database's block
 * neither runs nor lists it — it is not that database's test. Where `wanted`'s block is skipped,
 * it is skipped with it, by name.
 */
export function itOn(wanted: TestDialect, dialect: TestDialect): ItNeeding {
  return (title, fn, timeout) => {
    if (dialect === wanted) it(title, fn, timeout);
  };
}

/**
 * The file-store settings of a test server: with `DATAHAVEN_TEST_FILE_STORE=blob`, a container of
 * its own in the run's Azurite (test/blobStoreGlobalSetup.ts); otherwise none (the disk store).
 */
export function testFileStoreEnv(container: string): Record<string, string> {
  if (process.env.DATAHAVEN_TEST_FILE_STORE !== 'blob') return {};
  const connectionString = process.env.DATAHAVEN_TEST_BLOB_CONNECTION_STRING;
  if (!connectionString)
    throw new Error(
      "DATAHAVEN_TEST_FILE_STORE=blob needs the server project's globalSetup (Azurite) or DATAHAVEN_TEST_BLOB_CONNECTION_STRING.",
    );
  return { DATAHAVEN_BLOB_CONNECTION_STRING: connectionString, DATAHAVEN_BLOB_CONTAINER: container };
}

/** Deletes a test server's blob container, if it had one. */
async function dropContainer(config: Config): Promise<void> {
  if (config.blobStore === null) return;
  await BlobServiceClient.fromConnectionString(config.blobStore.connectionString)
    .getContainerClient(config.blobStore.container)
    .deleteIfExists();
}

/** A request to the listening test server. */
export interface TestRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; FormData as multipart; Buffer / string as they are. */
  payload?: unknown;
}

/** The answer, read whole. */
export interface TestResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  rawPayload: Buffer;
  json<T = unknown>(): T;
}

/** A running app on a temp data dir (and, for PostgreSQL, its own schema), listening on 127.0.0.1. */
export interface TestServer {
  dialect: TestDialect;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Sends a real HTTP request (fetch) to the server. */
  inject(request: TestRequest): Promise<TestResponse>;
  deps: ServerDeps;
  config: Config;
  /** Moves the server's clock; null restores the real clock. */
  setNow(now: Date | null): void;
  /** Moves the database clock (lock expiry) forward by `ms` from now on; cumulative. */
  advanceDatabaseClock(ms: number): void;
  /** A valid 60-minute token for `username`. */
  tokenFor(username: string): string;
  /** `{ authorization: 'Bearer …' }` for `username`. */
  authHeaders(username: string): Record<string, string>;
  /**
   * Runs the due background jobs (of `kinds`, or all the server knows) until none is due, as the
   * server's job runner does after an upload commits; resolves to how many ran. The test server
   * has no runner of its own, so a test decides when the slow work (page text, thumbnails) happens.
   */
  runJobs(kinds?: readonly string[]): Promise<number>;
  close(): Promise<void>;
}

/** Options of `startTestServer`. */
export interface TestServerOptions {
  webDir?: string;
  env?: Record<string, string>;
}

/** Builds the real app (migrations, secret, routes) on a fresh temp data dir and database. */
export async function startTestServer(dialect: TestDialect, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'datahaven-test-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    DATAHAVEN_DATA_DIR: dataDir,
    // Any free port: the public URL settles to http://127.0.0.1:<port> once listening (buildApp), as `baseUrl`.
    DATAHAVEN_PORT: '0',
    DATAHAVEN_WEB_DIR: options.webDir ?? join(dataDir, 'no-web'),
    // Tests load nothing from a CDN: the pane pages name our own copy of office.js unless a test asks for the hosted one.
    DATAHAVEN_OFFICE_JS: 'self',
    ...(dialect === 'postgres' ? { DATAHAVEN_DATABASE_URL: process.env.DATAHAVEN_TEST_DATABASE_URL ?? '' } : {}),
    ...testFileStoreEnv(`t-${randomBytes(6).toString('hex')}`),
    ...options.env,
  });
  let fixedNow: Date | null = null;
  const now = (): Date => fixedNow ?? new Date();
  let databaseClockOffsetMs = 0;
  let services: Awaited<ReturnType<typeof openServices>>;
  let app: FastifyInstance;
  try {
    services = await openServices(config, {
      now,
      databaseClockOffsetMs: () => databaseClockOffsetMs,
      ...(dialect === 'postgres' ? { postgresSchema: schema } : {}),
    });
    app = await buildServerApp(services.deps);
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    // A server that never started leaves no schema or folder behind for the next run to trip on.
    if (dialect === 'postgres') await dropSchema(process.env.DATAHAVEN_TEST_DATABASE_URL ?? '', schema);
    await dropContainer(config);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The test server has no TCP address.');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const tokenFor = (username: string): string => signToken(services.deps.tokenSecret, tokenPayloadFor(username, now()));
  return {
    dialect,
    app,
    baseUrl,
    inject: (request) => sendRequest(baseUrl, request),
    deps: services.deps,
    config,
    setNow: (value) => {
      fixedNow = value;
    },
    advanceDatabaseClock: (ms) => {
      databaseClockOffsetMs += ms;
    },
    tokenFor,
    authHeaders: (username) => ({ authorization: `Bearer ${tokenFor(username)}` }),
    runJobs: (kinds) => {
      const all = serverJobHandlers(services.deps);
      const handlers = kinds === undefined ? all : Object.fromEntries(Object.entries(all).filter(([kind]) => kinds.includes(kind)));
      return new JobRunner(services.deps, { handlers }).runDueJobs();
    },
    async close() {
      await app.close();
      if (dialect === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(services.deps.db);
      await services.close();
      await dropContainer(config);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Drops a test schema over a connection of its own (the server's may never have opened). */
async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = createDatabase({ kind: 'postgres', url });
  try {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
  } finally {
    await admin.close();
  }
}

async function sendRequest(baseUrl: string, request: TestRequest): Promise<TestResponse> {
  const headers = new Headers(request.headers ?? {});
  let body: FormData | string | Uint8Array | undefined;
  const payload = request.payload;
  if (payload instanceof FormData || typeof payload === 'string') body = payload;
  else if (Buffer.isBuffer(payload)) body = new Uint8Array(payload);
  else if (payload !== undefined) {
    body = JSON.stringify(payload);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  // Fastify's inject (light-my-request) needs an ESM-only module jest cannot load; real HTTP is closer to production anyway.
  const response = await fetch(baseUrl + request.url, { method: request.method ?? 'GET', headers, body, redirect: 'manual' });
  const rawPayload = Buffer.from(await response.arrayBuffer());
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  const text = rawPayload.toString('utf8');
  return {
    statusCode: response.status,
    headers: responseHeaders,
    body: text,
    rawPayload,
    json: <T>() => JSON.parse(text) as T,
  };
}

/**
 * Declares `body` once per test database, each with its own server started before and closed
 * after the block. `server()` gives the running server inside tests; `dialect` is the block's,
 * for tests of one database's own behaviour (`itOn`). PostgreSQL's block is declared skipped,
 * with the reason, where DATAHAVEN_TEST_DATABASE_URL is not set (describeOn).
 */
export function describeOnEachDatabase(title: string, body: (server: () => TestServer, dialect: TestDialect) => void): void {
  describeEachDialect(title, (dialect) => {
    let current: TestServer | null = null;
    beforeAll(async () => {
      current = await startTestServer(dialect);
    });
    afterAll(async () => {
      await current?.close();
    });
    body(() => {
      if (current === null) throw new Error('The test server is not running.');
      return current;
    }, dialect);
  });
}
