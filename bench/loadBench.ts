import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { PDFDocument } from '@cantoo/pdf-lib';
import type autocannon from 'autocannon';
import { signToken, tokenPayloadFor } from '../packages/server/src/auth/tokenCodec';
import type { AppDeps } from '../packages/server/src/services/AppDeps';
import { createFixture, seed } from './searchBench';
import type { Fixture, QuerySets } from './searchBench';
import { startSeededBenchServer } from './startSeededBenchServer';
import { startServerProcesses } from './startServerProcesses';
import { percentileIsMeasured } from './percentileIsMeasured';
import { benchTargets } from './TargetLedger';

/** SECURITY.md "Load targets": requests a second with 50 connections, by database; p99; no non-2xx. */
const CONNECTIONS = 50;
const RATE_TARGET = { sqlite: 200, postgres: 500 } as const;
const P99_TARGET_MS = 500;
/** Uploads under listing: 10 a second of 1 MB each. */
const UPLOADS_PER_SECOND = 10;
const UPLOAD_BYTES = 1024 * 1024;
/** SECURITY.md: the uploads run for 10 minutes while listing runs; the default run is shorter, and says so. */
const UPLOAD_TARGET_SECONDS = 600;
/**
 * Unmeasured seconds of the same requests before each measured run: a server that has run for a
 * while has its code compiled by V8 and its statements prepared on every pooled PostgreSQL
 * connection; the first seconds of a fresh one do neither (PostgreSQL listing: ~300 req/s in
 * its first 15 s, ~450 after). What the warm-up answers is not counted: a failure there shows
 * again in the measured run that follows, on the same requests.
 */
const WARM_UP_SECONDS = 5;

/** autocannon's time-out per request (its default): a request still unanswered then counts as an error. */
const REQUEST_TIMEOUT_MS = 10_000;

/** A whole number of seconds from the environment, within bounds (every run is bounded in time). */
function seconds(name: string, fallback: number, max: number): number {
  const text = process.env[name];
  const value = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be a whole number of seconds from 1 to ${max}: ${text}`);
  return value;
}

function documentCount(): number {
  const text = process.env.DATAHAVEN_BENCH_LOAD_DOCUMENTS;
  const count = text === undefined || text === '' ? 100_000 : Number(text);
  if (!Number.isInteger(count) || count < 1000) throw new Error(`DATAHAVEN_BENCH_LOAD_DOCUMENTS must be a whole number ≥ 1000: ${text}`);
  return count;
}

interface LoadRow {
  measure: string;
  value: string;
  target: string;
  verdict: string;
}

/**
 * The load generator, run in a worker thread of its own: autocannon on the server's event loop
 * took CPU from the server it measures (~15 % of its time parsing answers and keeping histograms).
 * Plain JavaScript, so the worker needs no TypeScript loader; the paths are taken in turn.
 */
const HAMMER_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require('autocannon');
const { url, token, paths, connections, duration, timeoutS } = workerData;
let next = 0;
const options = {
  url, connections, duration,
  headers: { authorization: 'Bearer ' + token },
  requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  timeout: timeoutS,
};
// Off the main thread autocannon answers its raw histograms (its own workers mode): aggregate
// them as it does on the main thread, per-second request counts included.
const aggregateResult = require('autocannon/lib/aggregateResult');
const { decodeHist } = require('autocannon/lib/histUtil');
autocannon(options).then(
  (raw) => parentPort.postMessage({ result: aggregateResult(raw, options, { requests: decodeHist(raw.requests), throughput: decodeHist(raw.throughput) }) }),
  (error) => parentPort.postMessage({ error: String((error && error.stack) || error) }),
);
`;

/** An autocannon result with the machine's 1-minute load average before and after (the machine is shared: figures depend on it). */
type Hammered = autocannon.Result & { loadBefore: number; loadAfter: number };

/** One autocannon run: 50 connections for `durationS` seconds against loopback, paths taken in turn. */
async function hammer(baseUrl: string, token: string, paths: readonly string[], durationS: number): Promise<Hammered> {
  if (!baseUrl.startsWith('http://127.0.0.1:')) throw new Error('The load bench talks only to 127.0.0.1.');
  const loadBefore = loadavg()[0];
  const worker = new Worker(HAMMER_WORKER, {
    eval: true,
    workerData: {
      url: baseUrl,
      token,
      paths: [...paths],
      connections: CONNECTIONS,
      duration: durationS,
      timeoutS: REQUEST_TIMEOUT_MS / 1000,
    },
  });
  try {
    const message = await new Promise<{ result?: autocannon.Result; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The load worker exited (${code}) before answering.`)));
    });
    if (message.result === undefined) throw new Error(`autocannon failed: ${message.error ?? 'no result'}`);
    return { ...message.result, loadBefore, loadAfter: loadavg()[0] };
  } finally {
    await worker.terminate();
  }
}

/** A row judged into the run's ledger: its verdict is PASS or MISS, never left blank. */
function judged(measure: string, value: string, target: string, met: boolean): LoadRow {
  return { measure, value, target, verdict: benchTargets.judge('load', measure, value, target, met) };
}

function rowsOf(label: string, dialect: 'sqlite' | 'postgres', result: Hammered): LoadRow[] {
  const rate = result.requests.average;
  const p99 = result.latency.p99;
  // autocannon counts time-outs among its errors, and keeps latencies of answered requests only.
  const failed = result.errors;
  const attempted = result.requests.total + failed;
  const p99Measured = percentileIsMeasured(result.requests.total, failed, 99);
  return [
    judged(
      `${dialect}: ${label}, ${CONNECTIONS} connections, ${result.duration.toFixed(0)} s, load average ${result.loadBefore.toFixed(1)}→${result.loadAfter.toFixed(1)}`,
      `${Math.round(rate)} req/s`,
      `≥ ${RATE_TARGET[dialect]} req/s`,
      rate >= RATE_TARGET[dialect],
    ),
    judged(
      `${dialect}:   ${label}: latency p50 / p99`,
      p99Measured
        ? `${result.latency.p50} / ${p99} ms`
        : `p99 ≥ ${REQUEST_TIMEOUT_MS} ms: ${failed} of ${attempted} requests failed or timed out (answered: ${result.latency.p50} / ${p99} ms)`,
      `p99 ≤ ${P99_TARGET_MS} ms`,
      p99Measured && p99 <= P99_TARGET_MS,
    ),
    judged(
      `${dialect}:   ${label}: answers other than 2xx (non-2xx + errors, of which time-outs)`,
      `${result.non2xx} + ${result.errors} (${result.timeouts})`,
      '0',
      result.non2xx + result.errors === 0,
    ),
  ];
}

/** 1 MB PDFs, each different (so each is a new file), sent UPLOADS_PER_SECOND a second for `durationS` seconds. */
async function uploadsUnderLoad(
  baseUrl: string,
  token: string,
  uploadPath: string,
  durationS: number,
): Promise<{ sent: number; created: number; refused: Map<string, number> }> {
  const refused = new Map<string, number>();
  let sent = 0;
  let created = 0;
  const pending: Promise<void>[] = [];
  // A real one-page PDF, made unique and 1 MB long by a comment after its end (readers ignore it).
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Load bench upload', { x: 72, y: 760, size: 18 });
  const head = Buffer.from(await pdf.save());
  const filler = Buffer.alloc(UPLOAD_BYTES - head.length - 64, 0x20);
  const upload = async (n: number): Promise<void> => {
    const body = Buffer.concat([head, Buffer.from(`\n% load bench upload ${n} ${randomBytes(8).toString('hex')}\n%`), filler]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type: 'application/pdf' }), `load-${n}.pdf`);
    let status: string;
    try {
      const response = await fetch(baseUrl + uploadPath, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      await response.arrayBuffer();
      status = String(response.status);
    } catch (error) {
      // A connection the server dropped or that failed: counted, never fatal to the bench.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      status = `network error (${cause})`;
    }
    if (status === '201') created += 1;
    else refused.set(status, (refused.get(status) ?? 0) + 1);
  };
  const started = Date.now();
  for (let second = 0; second < durationS; second += 1) {
    for (let i = 0; i < UPLOADS_PER_SECOND; i += 1) pending.push(upload(sent++));
    const wait = started + (second + 1) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(pending);
  return { sent, created, refused };
}

/** The search corpus, the clerk's right to upload (the fixture's group may upload to the vendor table) and the vendor table's display folder. */
export async function seedLoad(
  deps: AppDeps,
  dialect: 'sqlite' | 'postgres',
  count: number,
  log: (line: string) => void,
): Promise<{ fixture: Fixture; queries: QuerySets }> {
  const fixture = await createFixture(deps.db);
  const queries: QuerySets = { oneTag: [], twoTags: [], twoSpecific: [], oneCommon: [] };
  log(`${dialect}: seeding ${count.toLocaleString('en')} documents…`);
  await seed(deps.db, fixture, count, queries, log);
  const importPrivilege =
    (await deps.db.selectFrom('privileges').select('id').where('name', '=', 'Cabinet: Import Documents').executeTakeFirst()) ??
    (await deps.db
      .insertInto('privileges')
      .values({ name: 'Cabinet: Import Documents', description: '' })
      .returning('id')
      .executeTakeFirstOrThrow());
  await deps.db.insertInto('user_privileges').values({ user_id: fixture.userId, privilege_id: importPrivilege.id, value: 1 }).execute();
  // One catch-all folder, as every configured table has: without a display folder the listing
  // answers [] and neither the documents' presentation nor their JSON would be measured.
  await deps.db
    .insertInto('display_folders')
    .values({
      integrated_table_id: fixture.visibleTable.id,
      parent_id: null,
      text: 'Documents',
      display_order: 1,
      sort_key: null,
      subtype_id: null,
    })
    .execute();
  return { fixture, queries };
}

async function benchOn(dialect: 'sqlite' | 'postgres', url: string | null, count: number, log: (line: string) => void): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  const runSeconds = seconds('DATAHAVEN_BENCH_LOAD_SECONDS', 15, 600);
  const uploadSeconds = seconds('DATAHAVEN_BENCH_UPLOAD_SECONDS', 30, 600);
  const server = await startSeededBenchServer({
    name: 'load',
    databaseUrl: url,
    analyze: true,
    seed: (deps) => seedLoad(deps, dialect, count, log),
  });
  try {
    const { baseUrl, deps } = server;
    const { fixture, queries } = server.seeded;
    const token = signToken(deps.tokenSecret, tokenPayloadFor(fixture.username, new Date()));

    // Vendor records of typical size: the middle of the (Zipf) distribution, not the few giants.
    const counted = await deps.db
      .selectFrom('record_links')
      .select((eb) => ['record_id', 'data_area_id', eb.fn.countAll<number>().as('n')])
      .where('integrated_table_id', '=', fixture.visibleTable.id)
      .groupBy(['record_id', 'data_area_id'])
      .execute();
    counted.sort((a, b) => Number(a.n) - Number(b.n));
    const middle = Math.max(0, Math.floor(counted.length / 2) - 20);
    const records = counted.slice(middle, middle + 40);
    const sizes = records.map((r) => Number(r.n));
    log(`${dialect}: listing records of ${Math.min(...sizes)}–${Math.max(...sizes)} documents each (median record of ${counted.length})`);
    const listing = records.map(
      (r) =>
        `/api/folder-structure?displayType=Default%20View&sitId=${fixture.visibleTable.id}&recordId=${encodeURIComponent(r.record_id)}&dataAreaId=${encodeURIComponent(r.data_area_id ?? '')}`,
    );
    const search = [...queries.twoSpecific, ...queries.oneTag].slice(0, 200).map((params) => `/api/documents/search?${params}`);
    log(
      `${dialect}: listing (GET /api/folder-structure of ${listing.length} vendor records) for ${runSeconds} s, after ${WARM_UP_SECONDS} s unmeasured…`,
    );
    await hammer(baseUrl, token, listing, WARM_UP_SECONDS);
    rows.push(
      ...rowsOf(
        `listing (GET /api/folder-structure, vendor records of ${Math.min(...sizes)}–${Math.max(...sizes)} documents)`,
        dialect,
        await hammer(baseUrl, token, listing, runSeconds),
      ),
    );
    log(
      `${dialect}: search (GET /api/documents/search, ${search.length} queries) for ${runSeconds} s, after ${WARM_UP_SECONDS} s unmeasured…`,
    );
    await hammer(baseUrl, token, search, WARM_UP_SECONDS);
    rows.push(...rowsOf('search (GET /api/documents/search, text and tags)', dialect, await hammer(baseUrl, token, search, runSeconds)));

    // The same runs against the built server in one process per core (DATAHAVEN_WORKERS, PostgreSQL
    // only), as a deployment runs it: the in-process server's one thread is what binds on PostgreSQL.
    if (server.postgresSchema !== null && url !== null) {
      const workers = availableParallelism();
      log(`${dialect}: the built server in ${workers} processes (DATAHAVEN_WORKERS=${workers}, request log off as in-process)…`);
      const processes = await startServerProcesses({
        databaseUrl: url,
        schema: server.postgresSchema,
        dataDir: deps.config.dataDir,
        workers,
      });
      try {
        for (const [label, paths] of [
          ['listing (GET /api/folder-structure)', listing],
          ['search (GET /api/documents/search)', search],
        ] as const) {
          log(`${dialect}: ${label} in ${workers} processes for ${runSeconds} s, after ${WARM_UP_SECONDS} s unmeasured…`);
          await hammer(processes.baseUrl, token, paths, WARM_UP_SECONDS);
          rows.push(...rowsOf(`${label}, ${workers} server processes`, dialect, await hammer(processes.baseUrl, token, paths, runSeconds)));
        }
      } finally {
        await processes.stop();
      }
    }

    log(`${dialect}: ${UPLOADS_PER_SECOND} uploads of 1 MB a second for ${uploadSeconds} s while listing runs…`);
    const first = records[0];
    const uploadPath = `/api/documents?displayType=Default%20View&sitId=${fixture.visibleTable.id}&recordId=${encodeURIComponent(first.record_id)}&dataAreaId=${encodeURIComponent(first.data_area_id ?? '')}`;
    const [listed, uploads] = await Promise.all([
      hammer(baseUrl, token, listing, uploadSeconds),
      uploadsUnderLoad(baseUrl, token, uploadPath, uploadSeconds),
    ]);
    // Listing is listing while uploads run too: SECURITY.md's rate and p99 targets hold for it.
    rows.push(...rowsOf('listing while uploading', dialect, listed));
    const refusedText = [...uploads.refused].map(([status, n]) => `${n}× ${status}`).join(', ') || 'none';
    rows.push(
      judged(
        `${dialect}:   uploads: ${uploads.sent} sent, 1 MB each, over ${uploadSeconds} s (SECURITY.md's target runs ${UPLOAD_TARGET_SECONDS} s: DATAHAVEN_BENCH_UPLOAD_SECONDS=${UPLOAD_TARGET_SECONDS})`,
        `${uploads.created} created; refused: ${refusedText}`,
        'all created, no busy error',
        uploads.created === uploads.sent,
      ),
    );
    // No orphan: every stored upload file belongs to a document row.
    const fileRows = await deps.db.selectFrom('documents').select('file_sha256').where('name', 'like', 'load-%').execute();
    let missing = 0;
    for (const row of fileRows) if (!(await deps.fileStore.has(row.file_sha256))) missing += 1;
    rows.push(judged(`${dialect}:   upload rows without their file`, String(missing), '0', missing === 0));
  } finally {
    await server.close();
  }
  return rows;
}

function printRows(title: string, rows: readonly LoadRow[]): void {
  const header: LoadRow = { measure: 'measure', value: 'value', target: 'target', verdict: '' };
  const keys = Object.keys(header) as (keyof LoadRow)[];
  const widths = keys.map((key) => Math.max(...[header, ...rows].map((row) => row[key].length)));
  const line = (row: LoadRow): string =>
    keys
      .map((key, i) => row[key].padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  process.stdout.write(`\n${title}\n\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n\n`);
}

/**
 * `npm run bench -- load` (SECURITY.md "Load targets"): seeds the search corpus (100,000
 * documents; DATAHAVEN_BENCH_LOAD_DOCUMENTS fewer) into SQLite — and PostgreSQL in a schema of
 * its own when DATAHAVEN_BENCH_DATABASE_URL or DATAHAVEN_TEST_DATABASE_URL is set — then drives
 * listing and search with autocannon, 50 connections on 127.0.0.1 for a bounded time
 * (DATAHAVEN_BENCH_LOAD_SECONDS, 15 s, each after WARM_UP_SECONDS of the same requests
 * unmeasured), and 10 uploads of 1 MB a second while listing runs (DATAHAVEN_BENCH_UPLOAD_SECONDS,
 * 30 s; the target's 5 minutes is 300). Prints each figure beside its target.
 */
export async function runLoadBench(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<void> {
  const count = documentCount();
  const postgresUrl = process.env.DATAHAVEN_BENCH_DATABASE_URL || process.env.DATAHAVEN_TEST_DATABASE_URL || null;
  const rows = await benchOn('sqlite', null, count, log);
  if (postgresUrl !== null) rows.push(...(await benchOn('postgres', postgresUrl, count, log)));
  else log('postgres: skipped (set DATAHAVEN_BENCH_DATABASE_URL or DATAHAVEN_TEST_DATABASE_URL)');
  printRows(
    `Load bench — ${count.toLocaleString('en')} documents, server in-process, autocannon on 127.0.0.1 (each run after ${WARM_UP_SECONDS} s unmeasured), ${availableParallelism()} cores, Node ${process.version}\n` +
      `How it measures: autocannon in a worker thread of this process, ${CONNECTIONS} keep-alive connections on loopback, requests a second averaged over the run and latency from send to last byte (autocannon's histogram); ` +
      'every target (rate, p99, non-2xx) is judged for listing, search and listing while uploading alike; the load average is the 1-minute one before→after.',
    rows,
  );
}
