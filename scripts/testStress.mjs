#!/usr/bin/env node
// `npm run test:stress`: runs `npm test` while two CPU-bound processes run beside it, the load
// of a busy 2-core CI machine shared with other builds. Why: tests that lean on wall-clock speed
// (short time-outs, sleeps) pass on an idle machine and fail there; this makes such a test fail
// here first. Repeat it (DATAHAVEN_STRESS_RUNS=3) for the "three times in a row" check.
import { spawn } from 'node:child_process';

const HOGS = 2;
const runs = Math.max(1, Number(process.env.DATAHAVEN_STRESS_RUNS ?? '1') || 1);

/** A process that keeps one core busy until it is killed. */
function startHog() {
  return spawn(process.execPath, ['-e', 'for (;;) { Math.sqrt(Math.random()); }'], { stdio: 'ignore' });
}

function runTests() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['test'], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const hogs = Array.from({ length: HOGS }, startHog);
const stopHogs = () => {
  for (const hog of hogs) if (hog.exitCode === null && hog.pid !== undefined) process.kill(hog.pid, 'SIGKILL');
};
process.on('SIGINT', () => {
  stopHogs();
  process.exit(130);
});

let code = 0;
try {
  for (let run = 1; run <= runs && code === 0; run += 1) {
    process.stdout.write(`\ntest:stress: run ${run} of ${runs}, with ${HOGS} CPU-bound processes beside it\n`);
    code = await runTests();
  }
} finally {
  stopHogs();
}
process.stdout.write(code === 0 ? `test:stress: ${runs} run(s) passed under load\n` : `test:stress: failed (exit ${code})\n`);
process.exit(code);
