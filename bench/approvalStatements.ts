import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import type { Kysely } from 'kysely';
import type * as AccessFlags from '../packages/server/src/access/queueAccessFlags';
import type * as TokenCodec from '../packages/server/src/auth/tokenCodec';
import type { Database } from '../packages/server/src/db/schema';
import type * as BenchServer from './startSeededBenchServer';
import { seedApprovalQueue } from '../packages/server/src/test/seedApprovalQueue';

/*
 * What one approval executes, statement by statement: the workflow bench's request (PUT
 * /api/documents/approval, one unlinked document, a queue without limits or options) against a
 * real server, with every statement the driver runs logged. Counted for issue 35's "bench
 * `workflow` unchanged": the tree before the controls and after must be compared on the same
 * request, so the tree is an argument (`… bench/approvalStatements.ts /work/wt-base`), and its own
 * modules and kysely are loaded from there. PostgreSQL too when DATAHAVEN_TEST_DATABASE_URL is set.
 */

/** Approvals timed one after the other after the logged ones. */
const SEQUENTIAL = 400;

/** One statement as the driver ran it. */
interface LoggedStatement {
  sql: string;
  rows: number;
  ms: number;
  /** When it ended (performance.now()). */
  end: number;
}

/** Loads the measured tree's modules (its own copies, not this tree's): a path decided at run time. */
const loadModule = createRequire(__filename);

/** Whether statements are being written down now (only during the request measured). */
let logging = false;
const logged: LoggedStatement[] = [];
/** How long each write transaction held the connection, from its `begin` to the end of its `commit` (ms). */
const spans: number[] = [];
let spanStarted = 0;
const wrapped = new WeakSet<DatabaseConnection>();

/** Wraps a connection's executeQuery once, so each statement it runs is logged while `logging`. */
function loggingConnection(connection: DatabaseConnection): DatabaseConnection {
  if (wrapped.has(connection)) return connection;
  wrapped.add(connection);
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    const started = performance.now();
    const result = await execute<R>(query);
    if (/^\s*begin/i.test(query.sql)) spanStarted = started;
    if (/^\s*commit/i.test(query.sql)) spans.push(performance.now() - spanStarted);
    if (logging) logged.push({ sql: query.sql, rows: result.rows.length, ms: performance.now() - started, end: performance.now() });
    return result;
  };
  return connection;
}

/** The drivers' acquireConnection, patched in the measured tree's own kysely so every connection logs. */
function patchDrivers(root: string): void {
  const kysely = loadModule(loadModule.resolve('kysely', { paths: [root] })) as typeof import('kysely');
  for (const driver of [kysely.SqliteDriver, kysely.PostgresDriver]) {
    const acquire = driver.prototype.acquireConnection;
    driver.prototype.acquireConnection = async function acquireLogged(this: InstanceType<typeof driver>): Promise<DatabaseConnection> {
      return loggingConnection(await acquire.call(this));
    };
  }
}

/** One queue approving into another, one approver with every flag and 'Workflow: Approve', `count` unlinked documents: the bench's seed, smaller. */
async function seed(root: string, db: Kysely<Database>, tokenSecret: Buffer, count: number) {
  const { ALL_QUEUE_ACCESS, encodeQueueAccess } = loadModule(
    resolve(root, 'packages/server/src/access/queueAccessFlags'),
  ) as typeof AccessFlags;
  const { signToken, tokenPayloadFor } = loadModule(resolve(root, 'packages/server/src/auth/tokenCodec')) as typeof TokenCodec;
  const seeded = await seedApprovalQueue(db, {
    label: 'Count',
    usernames: ['count-approver'],
    approvers: 1,
    documents: count,
    approvalAccess: ALL_QUEUE_ACCESS,
    approvedAccess: encodeQueueAccess(['BrowseToQueue', 'AccessDocumentWithin']),
  });
  return {
    queueId: seeded.queueId,
    documentIds: seeded.documentIds,
    token: signToken(tokenSecret, tokenPayloadFor(seeded.users[0].username, new Date())),
  };
}

/** The bench's approval request for one document at row version `rowVersion`; resolves to the status. */
async function approve(baseUrl: string, token: string, queueId: number, documentId: number, rowVersion: number): Promise<number> {
  const response = await fetch(`${baseUrl}/api/documents/approval`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ docId: [documentId], rowConflictIds: [rowVersion], expectedQueueId: queueId, approvalNote: 'Counted approval' }),
  });
  await response.text();
  return response.status;
}

/** Prints the statements of `label`'s request: the ones inside the write transaction marked, with rows returned and time. */
function printLogged(label: string): void {
  let inside = false;
  let insideCount = 0;
  let insideRows = 0;
  let insideMs = 0;
  process.stdout.write(`\n${label}: ${logged.length} statements\n`);
  for (const [index, statement] of logged.entries()) {
    const text = statement.sql.replace(/\s+/g, ' ').trim();
    if (/^begin/i.test(text)) inside = true;
    if (inside) {
      insideCount += 1;
      insideRows += statement.rows;
      insideMs += statement.ms;
    }
    process.stdout.write(
      `  ${String(index + 1).padStart(2)} ${inside ? 'T' : ' '} ${String(statement.rows).padStart(3)} rows ${statement.ms.toFixed(3).padStart(7)} ms  ${text.slice(0, 220)}\n`,
    );
    if (/^(commit|rollback)/i.test(text)) inside = false;
  }
  process.stdout.write(
    `  in the write transaction (begin … commit): ${insideCount} statements, ${insideRows} rows returned, ${insideMs.toFixed(3)} ms in the driver\n`,
  );
}

/** Each statement's share of many requests: how often it ran per request, its mean time in the driver, and the gap before it (JS between statements). */
function printStatementTotals(statements: readonly LoggedStatement[], requests: number): void {
  const totals = new Map<string, { count: number; ms: number; gapMs: number }>();
  let previousEnd: number | null = null;
  for (const statement of statements) {
    const key = statement.sql.replace(/\s+/g, ' ').trim().slice(0, 110);
    const entry = totals.get(key) ?? { count: 0, ms: 0, gapMs: 0 };
    entry.count += 1;
    entry.ms += statement.ms;
    if (previousEnd !== null && !/^\s*(with u|select "d"."id", "d"."row_version")/.test(statement.sql))
      entry.gapMs += Math.max(0, statement.end - statement.ms - previousEnd);
    previousEnd = statement.end;
    totals.set(key, entry);
  }
  process.stdout.write(`\nper request (${requests}): runs, mean driver ms, mean gap before it ms\n`);
  for (const [key, entry] of totals)
    process.stdout.write(
      `  ${(entry.count / requests).toFixed(2)} ${(entry.ms / requests).toFixed(3).padStart(7)} ${(entry.gapMs / requests).toFixed(3).padStart(7)}  ${key}\n`,
    );
}

/** Seeds, approves one document to warm the caches, then logs a second approval and a stale window's refused one. */
export async function countApprovalStatements(root: string, databaseUrl: string | null): Promise<void> {
  patchDrivers(root);
  const { startSeededBenchServer } = loadModule(resolve(root, 'bench/startSeededBenchServer')) as typeof BenchServer;
  const server = await startSeededBenchServer({
    name: 'approvecount',
    databaseUrl,
    analyze: false,
    seed: (deps) => seed(root, deps.db, deps.tokenSecret, SEQUENTIAL + 2),
  });
  try {
    const { queueId, documentIds, token } = server.seeded;
    const where = `${root} on ${databaseUrl === null ? 'SQLite' : 'PostgreSQL'}`;
    if ((await approve(server.baseUrl, token, queueId, documentIds[0], 0)) !== 200) throw new Error('The warm-up approval failed.');
    logging = true;
    const status = await approve(server.baseUrl, token, queueId, documentIds[1], 0);
    logging = false;
    printLogged(`${where}: one successful approval (answered ${status})`);
    logged.length = 0;
    logging = true;
    const stale = await approve(server.baseUrl, token, queueId, documentIds[1], 0);
    logging = false;
    printLogged(`${where}: the same request again, a stale window (answered ${stale})`);
    logged.length = 0;
    // Sequential approvals, one request at a time: the time each write transaction holds the
    // connection (on SQLite every other request waits that long) and each request's latency.
    spans.length = 0;
    const latencies: number[] = [];
    const cpuBefore = process.cpuUsage();
    logging = true;
    for (const id of documentIds.slice(2)) {
      const started = performance.now();
      if ((await approve(server.baseUrl, token, queueId, id, 0)) !== 200) throw new Error('A sequential approval failed.');
      latencies.push(performance.now() - started);
    }
    logging = false;
    const cpu = process.cpuUsage(cpuBefore);
    printStatementTotals(logged, latencies.length);
    logged.length = 0;
    const cpuPerApproval = (cpu.user + cpu.system) / 1000 / latencies.length;
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    process.stdout.write(
      `\n${where}: ${latencies.length} sequential approvals: write transaction held p50 ${median(spans).toFixed(3)} ms, request p50 ${median(latencies).toFixed(3)} ms; process CPU per approval ${cpuPerApproval.toFixed(3)} ms (server and client)\n`,
    );
  } finally {
    await server.close();
  }
}

if (require.main === module) {
  const root = resolve(process.argv[2] ?? resolve(__dirname, '..'));
  const postgres = process.env.DATAHAVEN_TEST_DATABASE_URL || null;
  countApprovalStatements(root, postgres).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
