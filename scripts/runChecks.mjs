#!/usr/bin/env node
// `npm run checks`: lint, typecheck and the web build side by side. Each is one mostly
// single-threaded process (eslint, tsc -b, webpack), so one after the other they left a core of
// a 2-core CI machine idle for minutes; together they finish in about the time of the longest.
// Each one's output is kept and printed whole when it ends, so the logs do not interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/runChecks.mjs <npm script>...');
  process.exit(2);
}

/** Runs `npm run <name>`, collecting its output; resolves with its exit code and seconds taken. */
function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      const status = code === 0 ? 'passed' : `failed (${code ?? signal})`;
      process.stdout.write(`\n── npm run ${name}: ${status} in ${seconds} s ──\n${text === '' ? '' : `${text}\n`}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(scripts.map(run));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
