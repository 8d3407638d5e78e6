import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MESSAGES } from '@datahaven/core/rules';
import { ALL_QUEUE_ACCESS } from '../packages/server/src/access/queueAccessFlags';
import { signToken, tokenPayloadFor } from '../packages/server/src/auth/tokenCodec';
import { loadConfig } from '../packages/server/src/config/Config';
import { openServices } from '../packages/server/src/openServices';
import type { AppDeps } from '../packages/server/src/services/AppDeps';
import { makePdf } from '../packages/server/src/test/factories';
import { freePort } from '../packages/server/src/test/freePort';
import { seedApprovalQueue } from '../packages/server/src/test/seedApprovalQueue';
import { printTable, type BenchRow } from './printTable';
import { benchTargets } from './TargetLedger';

const MAIN = resolve(__dirname, '..', 'packages', 'server', 'dist', 'main.js');
/** Clients working at once: a busy AP team's worth on one server, closed loop (each waits for its answer). */
const CLIENTS = 8;
/** Documents waiting for approval at the start: more than an hour of this load approves. */
const DOCUMENTS = 20_000;
/** How often a client takes a fresh token: well inside the product token's hour. */
const TOKEN_RENEW_MS = 30 * 60_000;
/** Minutes left out of the flatness judgement: the server's code is compiled and its caches fill meanwhile. */
const WARM_UP_MINUTES = 5;

/** Whole minutes from DATAHAVEN_SOAK_MINUTES (default 60, the issue's hour). */
function minutes(): number {
  const text = process.env.DATAHAVEN_SOAK_MINUTES;
  const value = text === undefined || text === '' ? 60 : Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 24 * 60) throw new Error(`DATAHAVEN_SOAK_MINUTES must be 1 to 1440: ${text}`);
  return value;
}

/** The server's RSS and JS heap in use, from its Prometheus /metrics on the operations port. */
async function serverMemory(adminUrl: string): Promise<{ rssMb: number; heapMb: number }> {
  const text = await (await fetch(`${adminUrl}/metrics`)).text();
  const value = (name: string): number => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text);
    if (match === null) throw new Error(`/metrics has no ${name}`);
    return Number(match[1]) / (1024 * 1024);
  };
  return { rssMb: value('datahaven_process_resident_memory_bytes'), heapMb: value('datahaven_nodejs_heap_size_used_bytes') };
}

/** One minute's figures. */
interface Minute {
  minute: number;
  requests: number;
  failures: number;
  rssMb: number;
  heapMb: number;
  load: number;
}

/** The bench's counters, shared by the clients. */
interface Tally {
  requests: number;
  failures: string[];
}

/** One request of the mix; a non-2xx (other than a lost approval race, which a user would see as 'out of sync') is a failure. */
async function call(baseUrl: string, token: string, tally: Tally, path: string, init: RequestInit = {}): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const text = await response.text();
  tally.requests += 1;
  const lostRace = response.status === 409 && text.includes(MESSAGES.queueOutOfSync);
  if ((response.status < 200 || response.status > 299) && !lostRace)
    tally.failures.push(`${response.status} ${path}: ${text.slice(0, 160)}`);
}

/**
 * `npm run bench -- soak` (issue 41 "Soak"): the built server in a process of its own (SQLite in
 * its data folder; PostgreSQL when DATAHAVEN_BENCH_DATABASE_URL is set) under an hour
 * (DATAHAVEN_SOAK_MINUTES) of mixed, bounded load on loopback: 8 clients listing the queue,
 * searching, uploading a small invoice and approving, each waiting for its answer. Every minute
 * it prints the server's RSS and JS heap (its /metrics on the operations port), the requests and
 * the failures; at the end, whether memory stayed flat within 10 % after the warm-up, whether any
 * request failed and whether any job was left behind once the load stopped.
 */
export async function runSoakBench(): Promise<void> {
  const total = minutes();
  const databaseUrl = process.env.DATAHAVEN_BENCH_DATABASE_URL;
  const dialect = databaseUrl === undefined ? 'SQLite' : 'PostgreSQL';
  process.stdout.write(`\nSoak bench — ${total} min, ${CLIENTS} clients, ${dialect}, Node ${process.version}\n`);
  const dataDir = await mkdtemp(join(tmpdir(), 'datahaven-soak-'));
  const schema = `soak_${Date.now().toString(36)}`;
  const base = {
    DATAHAVEN_DATA_DIR: dataDir,
    DATAHAVEN_WEB_DIR: join(dataDir, 'no-web'),
    ...(databaseUrl === undefined ? {} : { DATAHAVEN_DATABASE_URL: databaseUrl, DATAHAVEN_DATABASE_SCHEMA: schema }),
  };
  const services = await openServices(loadConfig(base), databaseUrl === undefined ? {} : { postgresSchema: schema });
  const deps: AppDeps = services.deps;
  let child: ChildProcess | null = null;
  try {
    const seeded = await seedApprovalQueue(deps.db, {
      label: 'Soak',
      usernames: Array.from({ length: CLIENTS }, (_, i) => `soak-clerk-${i + 1}`),
      approvers: CLIENTS,
      documents: DOCUMENTS,
      approvalAccess: ALL_QUEUE_ACCESS,
      approvedAccess: ALL_QUEUE_ACCESS,
    });
    for (const name of ['Cabinet: Import Documents', 'Workflow Queues: OK', 'Search: Search']) {
      const privilege =
        (await deps.db.selectFrom('privileges').select('id').where('name', '=', name).executeTakeFirst()) ??
        (await deps.db.insertInto('privileges').values({ name, description: '' }).returning('id').executeTakeFirstOrThrow());
      await deps.db
        .insertInto('user_privileges')
        .values(seeded.users.map((user) => ({ user_id: user.id, privilege_id: privilege.id, value: 1 })))
        .execute();
    }
    // A product token lasts an hour: each client signs in again every TOKEN_RENEW_MS, as the web client refreshes its token.
    const freshToken = (index: number): string => signToken(deps.tokenSecret, tokenPayloadFor(seeded.users[index].username, new Date()));
    const tokens = seeded.users.map((_, index) => freshToken(index));
    const [port, adminPort] = [await freePort(), await freePort()];
    const server = spawn(process.execPath, [MAIN, 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        ...base,
        DATAHAVEN_PORT: String(port),
        DATAHAVEN_ADMIN_PORT: String(adminPort),
        DATAHAVEN_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = server;
    await new Promise<void>((started, failed) => {
      let printed = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        printed = (printed + chunk.toString('utf8')).slice(-4000);
        if (printed.includes('Datahaven Documents is running')) started();
      });
      server.once('exit', (code) => failed(new Error(`The server exited at start (${code}).`)));
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const adminUrl = `http://127.0.0.1:${adminPort}`;
    const invoice = await makePdf(1, 'Soak invoice');
    const tally: Tally = { requests: 0, failures: [] };
    const waiting = [...seeded.documentIds];
    const stopAt = performance.now() + total * 60_000;
    const client = async (index: number): Promise<void> => {
      let token = tokens[index];
      let signedInAt = performance.now();
      for (let round = 0; performance.now() < stopAt; round += 1) {
        if (performance.now() - signedInAt > TOKEN_RENEW_MS) {
          token = freshToken(index);
          signedInAt = performance.now();
        }
        await call(baseUrl, token, tally, `/api/queues/${seeded.queueId}/workflow?sort=dueDate&take=30`);
        await call(baseUrl, token, tally, `/api/documents/search?q=${encodeURIComponent(`invoice ${round % 500}`)}`);
        if (round % 5 === 0) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(invoice)], { type: 'application/pdf' }), `soak-${index}-${round}.pdf`);
          await call(baseUrl, token, tally, `/api/queues/${seeded.queueId}/documents`, { method: 'POST', body: form });
        }
        const documentId = waiting.pop();
        if (documentId !== undefined)
          await call(baseUrl, token, tally, '/api/documents/approval', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ docId: [documentId], rowConflictIds: [0], expectedQueueId: seeded.queueId, approvalNote: 'Soak' }),
          });
      }
    };
    const minutesSeen: Minute[] = [];
    let lastRequests = 0;
    let lastFailures = 0;
    const sampler = setInterval(() => {
      void serverMemory(adminUrl).then((memory) => {
        const minute: Minute = {
          minute: minutesSeen.length + 1,
          requests: tally.requests - lastRequests,
          failures: tally.failures.length - lastFailures,
          ...memory,
          load: loadavg()[0],
        };
        lastRequests = tally.requests;
        lastFailures = tally.failures.length;
        minutesSeen.push(minute);
        const firstNew = minute.failures > 0 ? ` (first: ${tally.failures[tally.failures.length - minute.failures]})` : '';
        process.stdout.write(
          `minute ${String(minute.minute).padStart(3)}: ${minute.requests} requests, ${minute.failures} failed, RSS ${minute.rssMb.toFixed(1)} MB, heap ${minute.heapMb.toFixed(1)} MB, load ${minute.load.toFixed(1)}${firstNew}\n`,
        );
      });
    }, 60_000);
    try {
      await Promise.all(tokens.map((_, index) => client(index)));
    } finally {
      clearInterval(sampler);
    }
    // Once the load stops, the jobs it made (text, thumbnails, search) must drain: give them two minutes.
    const drainUntil = performance.now() + 120_000;
    let left = Number.POSITIVE_INFINITY;
    while (performance.now() < drainUntil) {
      const row = await deps.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', 'in', ['pending', 'running'])
        .executeTakeFirstOrThrow();
      left = Number(row.n);
      if (left === 0) break;
      await new Promise((wait) => setTimeout(wait, 1000));
    }
    const failedJobs = Number(
      (
        await deps.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', '=', 'failed')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const judgedMinutes = minutesSeen.filter((minute) => minute.minute > Math.min(WARM_UP_MINUTES, total - 1));
    // One sample a minute catches the heap anywhere on its collection sawtooth (±15 % here), so
    // "flat" is judged as growth: the mean of the last quarter of the judged minutes against the
    // mean of the first quarter. A leak grows it; the sawtooth averages out.
    const growth = (values: number[]): number => {
      if (values.length < 2) return 0;
      const quarter = Math.max(1, Math.floor(values.length / 4));
      const mean = (part: number[]): number => part.reduce((sum, value) => sum + value, 0) / part.length;
      return mean(values.slice(-quarter)) / mean(values.slice(0, quarter)) - 1;
    };
    const rssGrowth = growth(judgedMinutes.map((minute) => minute.rssMb));
    const heapGrowth = growth(judgedMinutes.map((minute) => minute.heapMb));
    const range = (values: number[]): string =>
      values.length === 0 ? 'n/a' : `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} MB`;
    const judge = (measure: string, value: string, target: string, met: boolean): BenchRow => ({
      measure,
      value,
      budget: target,
      verdict: benchTargets.judge('soak', measure, value, target, met),
    });
    printTable([
      { measure: `${dialect}: requests in ${total} min (${CLIENTS} clients)`, value: String(tally.requests), budget: '', verdict: '' },
      judge(
        `${dialect}: RSS growth after minute ${WARM_UP_MINUTES}, last quarter vs first (range ${range(judgedMinutes.map((minute) => minute.rssMb))})`,
        `${(rssGrowth * 100).toFixed(1)} %`,
        '≤ 10 %',
        rssGrowth <= 0.1,
      ),
      judge(
        `${dialect}: JS heap growth after minute ${WARM_UP_MINUTES}, last quarter vs first (range ${range(judgedMinutes.map((minute) => minute.heapMb))})`,
        `${(heapGrowth * 100).toFixed(1)} %`,
        '≤ 10 %',
        heapGrowth <= 0.1,
      ),
      judge(`${dialect}: non-2xx answers`, String(tally.failures.length), '0', tally.failures.length === 0),
      judge(`${dialect}: jobs left pending or running 2 min after the load`, String(left), '0', left === 0),
      judge(`${dialect}: jobs failed`, String(failedJobs), '0', failedJobs === 0),
    ]);
    for (const failure of tally.failures.slice(0, 5)) process.stdout.write(`  failure: ${failure}\n`);
  } finally {
    if (child !== null && child.exitCode === null) {
      const exited = new Promise((done) => child?.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    if (databaseUrl !== undefined) await deps.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
