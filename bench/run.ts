import { loadavg } from 'node:os';
import { runLiveBench } from './liveBench';
import { runLoadBench } from './loadBench';
import { runPdfBench } from './pdfBench';
import { runScaleOutBench } from './scaleOutBench';
import { printTable } from './printTable';
import { runSearchBench } from './searchBench';
import { runSoakBench } from './soakBench';
import { strictExitCode } from './strictExitCode';
import { benchTargets } from './TargetLedger';
import { targetSummary } from './targetSummary';
import { runUiBench } from './uiBench';
import { runUploadBench } from './uploadBench';
import { runWorkflowBench } from './workflowBench';

/** Search on 100,000 documents, SQLite and PostgreSQL (issue 5). */
async function searchBench(): Promise<void> {
  const { title, rows } = await runSearchBench();
  process.stdout.write(`\n${title}\n`);
  printTable(rows);
}

/** Upload latency and time until searchable (issue 10). */
async function uploadBench(): Promise<void> {
  const { title, rows } = await runUploadBench();
  process.stdout.write(`\n${title}\n`);
  printTable(rows);
}

/** The benches by name: `npm run bench -- search` runs one, `npm run bench` all of them in this order. */
const BENCHES: Record<string, () => Promise<void>> = {
  ui: runUiBench,
  search: searchBench,
  workflow: runWorkflowBench,
  pdf: runPdfBench,
  upload: uploadBench,
  load: () => runLoadBench(),
  live: runLiveBench,
  'scale-out': runScaleOutBench,
  soak: runSoakBench,
};

/** Benches that run only when named: an hour of soak, and a proxy with three servers, are not part of `npm run bench`. */
const ONLY_WHEN_NAMED: ReadonlySet<string> = new Set(['scale-out', 'soak']);

/** The machine is shared: each bench's figures are printed with the load average they ran under. */
const loadAverage = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/**
 * `npm run bench [-- names…] [--strict]`: runs the named benches (without names, all but the
 * ONLY_WHEN_NAMED ones), each
 * printing its table with every target judged, then the count of PASS / MISS / UNJUDGED. With
 * `--strict` it exits 1 when any target was missed or could not be judged (CI does not run it).
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const strict = args.includes('--strict');
  const wanted = args.filter((arg) => arg !== '--strict');
  const unknown = wanted.filter((name) => !(name in BENCHES));
  if (unknown.length > 0)
    throw new Error(`Unknown bench ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')} (and --strict).`);
  for (const [name, bench] of Object.entries(BENCHES)) {
    if (wanted.length > 0 ? !wanted.includes(name) : ONLY_WHEN_NAMED.has(name)) continue;
    process.stdout.write(`\n== bench ${name}: starting at load average ${loadAverage()} (1 / 5 / 15 min)\n`);
    await bench();
    process.stdout.write(`== bench ${name}: done at load average ${loadAverage()}\n`);
  }
  const targets = benchTargets.targets();
  process.stdout.write(`\n${targetSummary(targets).join('\n')}\n`);
  const code = strictExitCode(targets, strict);
  if (strict) process.stdout.write(code === 0 ? '--strict: every target met.\n' : '--strict: a target was missed or not judged; exit 1.\n');
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
