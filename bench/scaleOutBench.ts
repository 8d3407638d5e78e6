import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { MESSAGES } from '@datahaven/core/rules';
import { ALL_QUEUE_ACCESS, encodeQueueAccess } from '../packages/server/src/access/queueAccessFlags';
import { signToken, tokenPayloadFor } from '../packages/server/src/auth/tokenCodec';
import { type ScaleOut, startScaleOut } from '../packages/server/src/test/scaleOut/startScaleOut';
import { findNginx } from '../packages/server/src/test/scaleOut/startNginxProxy';
import { type RetriedAnswer, sendRetrying } from '../packages/server/src/test/scaleOut/sendRetrying';
import { seedApprovalQueue, type SeededApprovalQueue } from '../packages/server/src/test/seedApprovalQueue';
import { startAzurite } from '../packages/server/src/test/startAzurite';
import { printTable, type BenchRow } from './printTable';

/** Server processes behind the proxy (DATAHAVEN_SCALE_OUT_PROCESSES). */
const PROCESSES = Number(process.env.DATAHAVEN_SCALE_OUT_PROCESSES ?? '3');
const APPROVERS = 30;
/** Documents per race: one race with every process up, one where a process is killed a quarter of the way in. */
const PER_RACE = 300;

/** nginx from Debian's packages, installed here when missing and this runs as root (as CI and the dev machines do). */
function ensureNginx(): void {
  if (findNginx() !== null) return;
  if (process.getuid?.() !== 0) throw new Error('nginx is not installed: run `apt-get install nginx` (Debian) and try again.');
  process.stdout.write("scale-out: installing Debian's nginx\n");
  execFileSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Percentile `p` of `values` (nearest rank). */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** What one race did. */
interface Race {
  seconds: number;
  answers: RetriedAnswer[];
  latenciesMs: number[];
}

/** APPROVERS approvers approve `documentIds` through the proxy; `midway` runs once a quarter of them is answered. */
async function race(
  scaleOut: ScaleOut,
  seeded: SeededApprovalQueue,
  tokens: string[],
  documentIds: number[],
  midway: () => Promise<void>,
): Promise<Race> {
  const answers: RetriedAnswer[] = [];
  const latenciesMs: number[] = [];
  let fired = false;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, index) => {
      for (const [position, documentId] of documentIds.entries()) {
        if (position % tokens.length !== index) continue;
        const sent = performance.now();
        const answer = await sendRetrying(`${scaleOut.proxyUrl}/api/documents/approval`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: () =>
            JSON.stringify({ docId: [documentId], rowConflictIds: [0], expectedQueueId: seeded.queueId, approvalNote: 'Scale-out bench' }),
        });
        latenciesMs.push(performance.now() - sent);
        answers.push(answer);
        if (!fired && answers.length >= documentIds.length / 4) {
          fired = true;
          await midway();
        }
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, answers, latenciesMs };
}

/** Documents of `documentIds` not approved exactly once, by the history. */
async function notExactlyOnce(scaleOut: ScaleOut, documentIds: number[]): Promise<number> {
  const rows = await scaleOut.deps.db
    .selectFrom('workflow_history')
    .select('document_id')
    .where('document_id', 'in', documentIds)
    .where('action', '=', 'approve')
    .execute();
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.document_id, (counts.get(row.document_id) ?? 0) + 1);
  return documentIds.filter((id) => counts.get(id) !== 1).length;
}

/** The rows of one race. */
function raceRows(label: string, run: Race, wrong: number): BenchRow[] {
  const unexpected = run.answers.filter(
    (answer) => answer.status !== 200 && !(answer.status === 409 && answer.text.includes(MESSAGES.queueOutOfSync)),
  ).length;
  const retried = run.answers.filter((answer) => answer.retried.length > 0).length;
  const causes = new Map<string, number>();
  for (const cause of run.answers.flatMap((answer) => answer.retried)) causes.set(cause, (causes.get(cause) ?? 0) + 1);
  const causeText = [...causes].map(([cause, count]) => `${count} × ${cause}`).join(', ') || 'none';
  return [
    { measure: `${label}: approvals/s through nginx`, value: (run.answers.length / run.seconds).toFixed(1), budget: '', verdict: '' },
    {
      measure: `${label}: latency p50 / p99 (retries included)`,
      value: `${percentile(run.latenciesMs, 50).toFixed(0)} ms / ${percentile(run.latenciesMs, 99).toFixed(0)} ms`,
      budget: '',
      verdict: '',
    },
    { measure: `${label}: requests retried by the client`, value: String(retried), budget: '', verdict: '' },
    { measure: `${label}: resends by cause`, value: causeText, budget: '', verdict: '' },
    {
      measure: `${label}: answers other than 200 / out of sync`,
      value: String(unexpected),
      budget: '0',
      verdict: unexpected === 0 ? 'PASS' : 'MISS',
    },
    { measure: `${label}: documents not approved exactly once`, value: String(wrong), budget: '0', verdict: wrong === 0 ? 'PASS' : 'MISS' },
  ];
}

/**
 * `npm run bench -- scale-out`: N built server processes (default 3) behind Debian's nginx on one
 * PostgreSQL schema and one Azurite container (the harness the scale-out test uses), 30 approvers
 * racing through the proxy; once with every process up, once with one killed (kill -9) a quarter
 * of the way in. PostgreSQL from DATAHAVEN_BENCH_DATABASE_URL or DATAHAVEN_TEST_DATABASE_URL.
 */
export async function runScaleOutBench(): Promise<void> {
  const databaseUrl = process.env.DATAHAVEN_BENCH_DATABASE_URL ?? process.env.DATAHAVEN_TEST_DATABASE_URL;
  process.stdout.write(`\nScale-out bench — ${PROCESSES} server processes behind nginx, Node ${process.version}\n`);
  if (databaseUrl === undefined) {
    process.stdout.write('skipped: set DATAHAVEN_BENCH_DATABASE_URL (PostgreSQL), which every process shares\n');
    return;
  }
  ensureNginx();
  const azurite = await startAzurite();
  let scaleOut: ScaleOut | null = null;
  try {
    scaleOut = await startScaleOut({ processes: PROCESSES, databaseUrl, blobConnectionString: azurite.connectionString });
    const running = scaleOut;
    const seeded = await seedApprovalQueue(running.deps.db, {
      label: 'Scale Bench',
      usernames: Array.from({ length: APPROVERS }, (_, i) => `scale-bench-${i + 1}`),
      approvers: APPROVERS,
      documents: 2 * PER_RACE,
      approvalAccess: ALL_QUEUE_ACCESS,
      approvedAccess: encodeQueueAccess(['BrowseToQueue', 'AccessDocumentWithin']),
    });
    const issuedAt = new Date();
    const tokens = seeded.users.map((user) => signToken(running.deps.tokenSecret, tokenPayloadFor(user.username, issuedAt)));
    const first = seeded.documentIds.slice(0, PER_RACE);
    const second = seeded.documentIds.slice(PER_RACE);
    const allUp = await race(running, seeded, tokens, first, async () => undefined);
    const oneKilled = await race(running, seeded, tokens, second, () => running.kill(PROCESSES - 1));
    printTable([
      ...raceRows(`${PROCESSES} processes up`, allUp, await notExactlyOnce(running, first)),
      ...raceRows('one killed mid-race', oneKilled, await notExactlyOnce(running, second)),
    ]);
  } finally {
    await scaleOut?.stop();
    await azurite.stop();
  }
}
