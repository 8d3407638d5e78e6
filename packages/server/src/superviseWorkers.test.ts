import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { describeNeeding } from './test/describeNeeding';
import { freePort } from './test/freePort';
import { POSTGRES } from './test/testRequirements';

/*
 * `serve` with DATAHAVEN_WORKERS, as an operator runs it: the built server (packages/server/dist,
 * rebuilt here so the test never runs stale code) in a process of its own, watched from outside
 * through /proc and HTTP. Every wait polls a state (a line printed, a set of processes, an exit), never a fixed time.
 */

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const MAIN = join(REPO_ROOT, 'packages', 'server', 'dist', 'main.js');

beforeAll(() => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'packages/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
}, 180_000);

/** The server's process with what it printed so far. */
interface Served {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Every server a test started, killed after it if still running (a failed wait must not leave processes behind). */
const started: ChildProcess[] = [];

function startServer(env: Record<string, string>): Served {
  const child = spawn(process.execPath, [MAIN, 'serve'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  started.push(child);
  return { child, output: () => output, exited };
}

/** Polls `read` until it answers something `done` accepts; fails with what was last read after `limitMs`. */
async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string, limitMs = 90_000): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Waited ${limitMs} ms for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((tick) => setImmediate(tick));
    await new Promise((tick) => setTimeout(tick, 50));
  }
}

/** The pids of a process's children, from /proc. */
function childrenOf(pid: number): number[] {
  const path = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function statusOf(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

describe('serve with DATAHAVEN_WORKERS', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'datahaven-workers-'));
  });
  afterEach(async () => {
    for (const child of started.splice(0)) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const gone = new Promise((resolveExit) => child.once('exit', resolveExit));
      // The supervisor first (its workers stop with it), then anything it left.
      child.kill('SIGKILL');
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses several processes on SQLite in words, before anything starts', async () => {
    const served = startServer({ DATAHAVEN_DATA_DIR: dataDir, DATAHAVEN_WORKERS: '2', DATAHAVEN_PORT: String(await freePort()) });
    expect(await served.exited).toBe(1);
    expect(served.output()).toContain(
      'DATAHAVEN_WORKERS above 1 needs PostgreSQL (DATAHAVEN_DATABASE_URL): SQLite lets one process write at a time.',
    );
    expect(existsSync(join(dataDir, 'datahaven.sqlite'))).toBe(false);
  });

  const postgresUrl = process.env.DATAHAVEN_TEST_DATABASE_URL ?? '';
  // PostgreSQL only, as describeOnEachDatabase's PostgreSQL block; the servers get a schema of the run's own.
  describeNeeding(POSTGRES)('on PostgreSQL', () => {
    const schema = `workers_${randomBytes(5).toString('hex')}`;
    const admin = new Client({ connectionString: postgresUrl });
    beforeAll(() => admin.connect());
    afterAll(async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });

    it('serves from every process, replaces one that dies, and stops them all on SIGTERM', async () => {
      const port = await freePort();
      const served = startServer({
        DATAHAVEN_DATA_DIR: dataDir,
        DATAHAVEN_WORKERS: '2',
        DATAHAVEN_PORT: String(port),
        DATAHAVEN_DATABASE_URL: postgresUrl,
        DATAHAVEN_DATABASE_SCHEMA: schema,
      });
      const pid = served.child.pid ?? 0;
      await waitFor(served.output, (text) => text.includes('Datahaven Documents is running in 2 processes:'), 'the start-up lines');
      const first = childrenOf(pid);
      expect(first).toHaveLength(2);
      expect(await statusOf(`http://127.0.0.1:${port}/api/version`)).toBe(200);

      // A worker killed outright: another takes its place, and the port keeps answering.
      process.kill(first[0], 'SIGKILL');
      const replaced = await waitFor(
        () => childrenOf(pid),
        (pids) => pids.length === 2 && !pids.includes(first[0]),
        'a replacement process',
      );
      expect(served.output()).toContain(`A server process (pid ${first[0]}) ended with SIGKILL; starting another in 1 s.`);
      // The tables went into the configured schema (DATAHAVEN_DATABASE_SCHEMA), created by the supervisor.
      const tables = await admin.query(
        'select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = $2',
        [schema, 'documents'],
      );
      expect(tables.rows[0]).toEqual({ n: 1 });
      await waitFor(
        () => statusOf(`http://127.0.0.1:${port}/api/version`),
        (status) => status === 200,
        'an answer after the replacement',
      );

      served.child.kill('SIGTERM');
      expect(await served.exited).toBe(0);
      for (const worker of replaced) expect(isAlive(worker)).toBe(false);
    });

    it('gives up in words, exit code 1, when the processes cannot listen (the port is taken), rather than restarting them for ever', async () => {
      const taken = createServer();
      await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
      const address = taken.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      try {
        const served = startServer({
          DATAHAVEN_DATA_DIR: dataDir,
          DATAHAVEN_WORKERS: '2',
          DATAHAVEN_PORT: String(port),
          DATAHAVEN_DATABASE_URL: postgresUrl,
          DATAHAVEN_DATABASE_SCHEMA: schema,
        });
        expect(await served.exited).toBe(1);
        expect(served.output()).toContain('EADDRINUSE');
        expect(served.output()).toMatch(/A server process \(pid \d+\) ended with code 1 before it listened; stopping the others\./);
        expect(served.output()).not.toContain('is running');
      } finally {
        await new Promise((closed) => taken.close(closed));
      }
    });
  });
});
