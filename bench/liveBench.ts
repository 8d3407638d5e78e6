import { request as httpRequest } from 'node:http';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Kysely } from 'kysely';
import { signToken, tokenPayloadFor } from '../packages/server/src/auth/tokenCodec';
import { ALL_QUEUE_ACCESS } from '../packages/server/src/access/queueAccessFlags';
import { liveChangesSchema } from '../packages/server/src/db/liveChangesMigration';
import type { Database } from '../packages/server/src/db/schema';
import { printTable } from './printTable';
import type { BenchRow } from './printTable';
import { seedApprovalQueue } from '../packages/server/src/test/seedApprovalQueue';
import { startSeededBenchServer } from './startSeededBenchServer';

/*
 * Issue 38 item 2, what live updates cost. On a real server (SQLite; PostgreSQL in a schema of its
 * own when a database URL is set), in this process with its clients:
 * - push latency: with 1, 50 and 200 streams open on GET /api/events (one watcher each), a lock
 *   is written straight into the database (one autocommit statement) EVENTS_PER_LEVEL times; the
 *   time from the write's return (the commit acknowledged) to the `change` event at each stream;
 *   p50 / p95 over every stream × event.
 * - memory: this process's RSS with no stream, then with 50 and 200 open, as MB per 100 streams.
 *   The client end of each stream lives in this process too, so the figure bounds the server's share.
 * - trigger cost: before any stream is opened, sequential approvals over HTTP (one client) in
 *   rounds alternating with migration 0023's triggers in place and dropped (its down and up in
 *   the bench's own database), as approvals per second each way and the extra ms per approval.
 * Figures only: nothing here is judged against a target.
 */

const STREAM_LEVELS = [1, 50, 200] as const;
const EVENTS_PER_LEVEL = 20;
const APPROVALS_PER_ROUND = 60;
/** Rounds each way, alternating with and without the triggers, so a warming cache favours neither. */
const ROUNDS = 5;
const LOCK_DOCUMENTS = EVENTS_PER_LEVEL * STREAM_LEVELS.length;
const DOCUMENTS = APPROVALS_PER_ROUND * ROUNDS * 2 + LOCK_DOCUMENTS;

interface Seeded {
  queueId: number;
  approverId: number;
  approverToken: string;
  watcherToken: string;
  documentIds: number[];
}

/** One queue pair, an approver and a watcher with every flag on both queues, DOCUMENTS documents in it. */
async function seed(db: Kysely<Database>, tokenSecret: Buffer): Promise<Seeded> {
  const seeded = await seedApprovalQueue(db, {
    label: 'Live Bench',
    usernames: ['live-bench-approver', 'live-bench-watcher'],
    approvers: 1,
    documents: DOCUMENTS,
    approvalAccess: ALL_QUEUE_ACCESS,
    approvedAccess: ALL_QUEUE_ACCESS,
  });
  const [approver, watcher] = seeded.users;
  const issuedAt = new Date();
  return {
    queueId: seeded.queueId,
    approverId: approver.id,
    approverToken: signToken(tokenSecret, tokenPayloadFor(approver.username, issuedAt)),
    watcherToken: signToken(tokenSecret, tokenPayloadFor(watcher.username, issuedAt)),
    documentIds: seeded.documentIds,
  };
}

/** One open GET /api/events: tells `onChange` of each change event with the moment it was read. */
interface OpenStream {
  close(): void;
}

/** Opens a stream as the token's user and resolves once its `ready` event came (everything committed after is its to deliver). */
function openStream(baseUrl: string, token: string, onChange: (documentId: number, kind: string, at: number) => void): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'ready') resolve({ close: () => request.destroy() });
          else if (event === 'change' && data !== undefined) {
            const change = JSON.parse(data) as { documentId: number | null; kind: string };
            if (change.documentId !== null) onChange(change.documentId, change.kind, at);
          }
        }
      });
      response.on('error', () => undefined);
    });
    request.on('error', (error) => reject(error));
    request.end();
  });
}

/** This process's memory after a full collection: RSS, and the JS heap plus buffers (RSS alone rarely shrinks, so its deltas are noisy). */
function memoryAfterGc(): { rss: number; live: number } {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const usage = process.memoryUsage();
  return { rss: usage.rss, live: usage.heapUsed + usage.external };
}

/** The value at `p` (0–100) of sorted `values`. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Approves `ids` one after another as the approver; resolves to approvals per second. */
async function approveInTurn(baseUrl: string, seeded: Seeded, ids: readonly number[]): Promise<number> {
  const started = performance.now();
  for (const id of ids) {
    const answer = await fetch(`${baseUrl}/api/documents/approval`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${seeded.approverToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ docId: [id], rowConflictIds: [0], expectedQueueId: seeded.queueId }),
    });
    if (answer.status !== 200) throw new Error(`Approving ${id} answered ${answer.status}: ${await answer.text()}`);
  }
  return (ids.length * 1000) / (performance.now() - started);
}

/** Every figure of one database, as table rows. */
async function liveBenchOn(database: 'SQLite' | 'PostgreSQL', databaseUrl: string | null): Promise<BenchRow[]> {
  const server = await startSeededBenchServer({
    name: 'live',
    databaseUrl,
    analyze: false,
    seed: (deps) => seed(deps.db, deps.tokenSecret),
  });
  const rows: BenchRow[] = [];
  const row = (measure: string, value: string): void => {
    rows.push({ measure: `${database}: ${measure}`, value, budget: '', verdict: '' });
  };
  const streams: OpenStream[] = [];
  try {
    const { deps, seeded, baseUrl } = server;
    const dialect = deps.dialect;
    const ids = [...seeded.documentIds];
    // Trigger cost first, with no stream open (no feed reading the changes in this process).
    const live = liveChangesSchema(dialect);
    const dropTriggers = live.down;
    if (dropTriggers === undefined) throw new Error('Migration 0023 has no down.');
    const db = deps.db as unknown as Kysely<unknown>;
    const rates = { with: [] as number[], without: [] as number[] };
    for (let round = 0; round < ROUNDS * 2; round++) {
      const withTriggers = round % 2 === 0;
      if (!withTriggers) await dropTriggers(db);
      const rate = await approveInTurn(baseUrl, seeded, ids.splice(0, APPROVALS_PER_ROUND));
      if (!withTriggers) await live.up(db);
      (withTriggers ? rates.with : rates.without).push(rate);
    }
    const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
    const withRate = mean(rates.with);
    const withoutRate = mean(rates.without);
    row('approvals/s with the live triggers (sequential, one client)', withRate.toFixed(1));
    row('approvals/s with the live triggers dropped', withoutRate.toFixed(1));
    row('extra time per approval the triggers add', ms(1000 / withRate - 1000 / withoutRate));

    // Push latency and memory, with more streams open at each level.
    const arrivals = new Map<number, number[]>();
    const onChange = (documentId: number, kind: string, at: number): void => {
      if (kind !== 'lock') return;
      const list = arrivals.get(documentId);
      if (list === undefined) arrivals.set(documentId, [at]);
      else list.push(at);
    };
    const before = memoryAfterGc();
    row('process RSS / JS heap + buffers, no stream open', `${mb(before.rss)} / ${mb(before.live)}`);
    for (const level of STREAM_LEVELS) {
      while (streams.length < level) streams.push(await openStream(baseUrl, seeded.watcherToken, onChange));
      const latencies: number[] = [];
      for (let event = 0; event < EVENTS_PER_LEVEL; event++) {
        const documentId = ids.shift();
        if (documentId === undefined) throw new Error('The bench ran out of documents.');
        const far = new Date(Date.now() + 3_600_000).toISOString();
        await deps.db
          .insertInto('document_locks')
          .values({
            document_id: documentId,
            user_id: seeded.approverId,
            queue_id: seeded.queueId,
            acquired_at: new Date().toISOString(),
            expires_at: far,
          })
          .execute();
        const committed = performance.now();
        // Every stream's event, waited for in turns of the event loop (no fixed sleep): at most 60 s.
        const deadline = Date.now() + 60_000;
        while ((arrivals.get(documentId)?.length ?? 0) < streams.length) {
          if (Date.now() > deadline)
            throw new Error(`Only ${arrivals.get(documentId)?.length ?? 0} of ${streams.length} streams got the lock of ${documentId}.`);
          await new Promise((resolve) => setImmediate(resolve));
        }
        for (const at of arrivals.get(documentId) ?? []) latencies.push(at - committed);
        await deps.db.deleteFrom('document_locks').where('document_id', '=', documentId).execute();
      }
      latencies.sort((a, b) => a - b);
      row(
        `push latency, ${level} stream${level === 1 ? '' : 's'} open: p50 / p95`,
        `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}`,
      );
      if (level > 1) {
        const now = memoryAfterGc();
        const per100 = (value: number): string => mb((value * 100) / level);
        row(
          `${level} streams open: RSS / heap + buffers, each per 100 streams`,
          `${per100(now.rss - before.rss)} / ${per100(now.live - before.live)}`,
        );
      }
    }
  } finally {
    for (const stream of streams) stream.close();
    await server.close();
  }
  return rows;
}

/** `npm run bench -- live`: the live updates' push latency, memory and trigger cost on SQLite and, with a database URL, PostgreSQL. */
export async function runLiveBench(): Promise<void> {
  const postgresUrl = process.env.DATAHAVEN_BENCH_DATABASE_URL || process.env.DATAHAVEN_TEST_DATABASE_URL || null;
  process.stdout.write(
    `\nLive updates bench — ${availableParallelism()} cores, Node ${process.version}${postgresUrl === null ? '; PostgreSQL skipped (no DATAHAVEN_BENCH_DATABASE_URL)' : ''}\n`,
  );
  const rows = await liveBenchOn('SQLite', null);
  if (postgresUrl !== null) rows.push(...(await liveBenchOn('PostgreSQL', postgresUrl)));
  printTable(rows);
}
