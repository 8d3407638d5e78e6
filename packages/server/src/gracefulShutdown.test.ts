import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { signToken, tokenPayloadFor } from './auth/tokenCodec';
import { loadOrCreateTokenSecret } from './auth/tokenSecret';
import { createDatabase } from './db/createDatabase';
import type { DatabaseHandle } from './db/createDatabase';
import { freePort } from './test/freePort';
import { describeEachDialect } from './test/testServer';
import { waitFor } from './test/waitFor';

/*
 * Issue 41 item 6 as an operator meets it: the built server (rebuilt here, so never stale) in a
 * process of its own, with tracing on and sent to a local OTLP/HTTP receiver (JSON), stopped with
 * SIGTERM while a request is half sent and a background job waits on a Microsoft Entra stand-in
 * that never answers. The request gets its answer, the job's claim is handed back (pending, so
 * another process takes it at once), and the process exits 0; the receiver holds the request's
 * server span and its database spans. Every wait polls a state, never a fixed time.
 */

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const MAIN = join(REPO_ROOT, 'packages', 'server', 'dist', 'main.js');
/** The stop's bound: long enough for the half-sent request, far below the stand-in's 15 s token time-out the job waits on. */
const SHUTDOWN_BOUND_MS = 8_000;

beforeAll(() => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'packages/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
}, 180_000);

/** An OTLP attribute as the JSON encoding writes it. */
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}

/** A span as the OTLP/HTTP JSON encoding writes it. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
}

const SERVER_KIND = 2;
const CLIENT_KIND = 3;

const attributeOf = (span: OtlpSpan, key: string): string | undefined => {
  const value = span.attributes?.find((attribute) => attribute.key === key)?.value;
  return value === undefined ? undefined : String(value.stringValue ?? value.intValue);
};

/** A loopback listener that keeps what it is sent (OTLP export requests) or holds every request unanswered (the Entra stand-in). */
interface Listener {
  url: string;
  requests: { path: string; body: string }[];
  close(): Promise<void>;
}

async function listen(answer: (request: IncomingMessage, response: ServerResponse, body: string) => void): Promise<Listener> {
  const requests: { path: string; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ path: request.url ?? '', body });
      answer(request, response, body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

describeEachDialect('graceful shutdown of `serve`, traced', (dialect) => {
  let dataDir: string;
  let receiver: Listener;
  let entra: Listener;
  let child: ChildProcess | null = null;
  let database: DatabaseHandle | null = null;
  const schema = `shutdown_${randomBytes(5).toString('hex')}`;
  const postgresUrl = process.env.DATAHAVEN_TEST_DATABASE_URL ?? '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'datahaven-shutdown-'));
    receiver = await listen((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    // Entra's token endpoint, silent: the reject mail's job waits on it until its own time-out.
    entra = await listen(() => undefined);
  });
  afterAll(async () => {
    if (child !== null && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((done) => child?.once('exit', done));
      child.kill('SIGKILL');
      await gone;
    }
    if (database !== null) {
      if (dialect === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
      await database.close();
    }
    await receiver?.close();
    await entra?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the in-flight request, hands the running job back, exits 0, and exported the request span with its database spans', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [MAIN, 'serve'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATAHAVEN_PORT: String(port),
        DATAHAVEN_DATA_DIR: dataDir,
        DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
        DATAHAVEN_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_BOUND_MS),
        // Reject mails on, through the silent Entra stand-in.
        DATAHAVEN_ENTRA_CLIENT_ID: randomUUID(),
        DATAHAVEN_ENTRA_CLIENT_SECRET: `secret-${randomUUID()}`,
        DATAHAVEN_ENTRA_AUTHORITY: entra.url,
        DATAHAVEN_ENTRA_TENANTS: '11111111-1111-4111-8111-111111111111',
        DATAHAVEN_GRAPH_MAIL_FROM: 'ap-notices@contoso.test',
        // Tracing to the local receiver as OTLP/HTTP JSON, exported in small batches; no metrics or logs there.
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '50',
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_LOGS_EXPORTER: 'none',
        ...(dialect === 'postgres' ? { DATAHAVEN_DATABASE_URL: postgresUrl, DATAHAVEN_DATABASE_SCHEMA: schema } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((done) => child?.once('exit', (code) => done(code)));
    const statusOf = async (path: string): Promise<number> => {
      try {
        return (await fetch(baseUrl + path)).status;
      } catch {
        return 0;
      }
    };
    await waitFor(() => statusOf('/health/ready'), {
      what: 'the server to be ready',
      until: (status) => status === 200,
      timeoutMs: 90_000,
    });

    // Its database, as a second process sees it: a user, a reject notice for them, and its job.
    database = createDatabase(
      dialect === 'postgres' ? { kind: 'postgres', url: postgresUrl, schema } : { kind: 'sqlite', file: join(dataDir, 'datahaven.sqlite') },
    );
    const now = new Date().toISOString();
    const user = await database.db
      .insertInto('users')
      .values({
        username: 'alex.clerk',
        first_name: 'Alex',
        last_name: 'Clerk',
        email: 'alex.clerk@contoso.test',
        directory_user_id: null,
        data_area_id: null,
        personal_queue_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = signToken(await loadOrCreateTokenSecret(dataDir), tokenPayloadFor('alex.clerk', new Date()));

    // A traced request that reads the database: its server span and the statements under it reach the receiver.
    const notes = await fetch(`${baseUrl}/api/documents/999999/notes`, { headers: { authorization: `Bearer ${token}` } });
    expect(notes.status).toBe(404);
    const spans = (): OtlpSpan[] =>
      receiver.requests
        .filter((request) => request.path === '/v1/traces')
        .flatMap((request) => {
          const body = JSON.parse(request.body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
          return body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
        });
    const serverSpan = (): OtlpSpan | undefined =>
      spans().find((span) => span.kind === SERVER_KIND && attributeOf(span, 'http.route') === '/api/documents/:id/notes');
    const requestSpan = await waitFor(serverSpan, { what: 'the request span at the receiver' });
    if (requestSpan === undefined) throw new Error('waitFor resolved without the span it waited for.');
    expect(requestSpan.name).toBe('GET /api/documents/:id/notes');
    const statementSpans = await waitFor(
      () => spans().filter((span) => span.traceId === requestSpan.traceId && span.kind === CLIENT_KIND),
      { what: "the request's database spans at the receiver", until: (found) => found.length > 0 },
    );
    for (const span of statementSpans) {
      expect(attributeOf(span, 'db.system.name')).toBe(dialect === 'postgres' ? 'postgresql' : 'sqlite');
      expect(attributeOf(span, 'db.operation.name')).toMatch(/^[A-Z]+$/);
      expect(attributeOf(span, 'db.query.text')).toBeTruthy();
    }
    expect(statementSpans.some((span) => span.parentSpanId === requestSpan.spanId)).toBe(true);
    expect(statementSpans.some((span) => /\busers\b/.test(attributeOf(span, 'db.query.text') ?? ''))).toBe(true);

    // A background job in hand: the reject notice's mail, waiting on Entra's token endpoint.
    const mail = await database.db
      .insertInto('reject_mails')
      .values({ user_id: user.id, document_id: 1, rejected_by_user_id: null, from_queue_id: null, reason: 'Wrong vendor', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = await database.db
      .insertInto('jobs')
      .values({ kind: 'mail:reject-notice', subject: String(mail.id), run_after: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await waitFor(() => entra.requests.length, { what: "the job to ask Entra for Graph's token", until: (count) => count > 0 });
    const jobRow = () =>
      database?.db.selectFrom('jobs').select(['state', 'attempts', 'claimed_by']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(await jobRow()).toMatchObject({ state: 'running', attempts: 1 });

    // A request half sent: its headers are in (the server logged it), its body not yet.
    const body = JSON.stringify({ label: 'Shutdown test key' });
    let answer = '';
    const answered = new Promise<number>((done, fail) => {
      const request = httpRequest(
        `${baseUrl}/api/keys`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
          response.on('end', () => done(response.statusCode ?? 0));
        },
      );
      request.on('error', fail);
      request.write(body.slice(0, 5));
      void waitFor(() => output.includes('"url":"/api/keys"'), { what: 'the server to log the half-sent request' }).then(async () => {
        child?.kill('SIGTERM');
        // Stopped accepting: a new connection is refused, while the half-sent request's stays open.
        await waitFor(() => statusOf('/health/live'), { what: 'the port to close', until: (status) => status === 0 });
        request.end(body.slice(5));
      }, fail);
    });

    // The request finished in its route: the answer its handler gives a caller without the privilege.
    expect(await answered).toBe(403);
    expect(JSON.parse(answer)).toMatchObject({ message: "Creating API keys needs the 'Security: Manager' privilege." });
    expect(await exited).toBe(0);
    expect(output).toContain('stopping: finishing in-flight requests and jobs');
    expect(output).toContain('background job handed back unfinished');
    // Handed back: due again for another process at once, the unfinished run not counted.
    expect(await jobRow()).toEqual({ state: 'pending', attempts: 0, claimed_by: null });
  });
});
