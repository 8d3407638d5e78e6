import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { describeNeeding } from '../../packages/server/src/test/describeNeeding';
import { freePort } from '../../packages/server/src/test/freePort';
import { POSTGRES } from '../../packages/server/src/test/testRequirements';
import { DemoErpPage } from './pages/DemoErpPage';
import { TeamsConfigurePage } from './pages/TeamsConfigurePage';
import { TeamsSimulatorPage } from './pages/TeamsSimulatorPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { useBrowserSession } from './support/browserSession';
import { e2eWaitFor } from './support/e2eWaitFor';

/*
 * Issue 38, Done-when row 2: two pages open on one queue — Pat Approver's Teams tab (the Teams
 * simulator) and Jo Junior's ERP page (the demo Business Central's Document Workflow page) on
 * Approval L1. Pat approves an invoice in Teams; Jo's page drops it from the list and says who
 * approved it within 2 s of the click, without a reload or Refresh (live updates: GET /api/events).
 * The same with two server processes on one PostgreSQL schema, one page on each (PostgreSQL
 * LISTEN/NOTIFY carries the change across).
 */
const QUEUE = 'Approval L1';
/** In Approval L1 from the demo seed, with the others. */
const SEEDED = ['CS-88120.pdf', 'NWT-2025-0097.pdf', 'LW-5531.pdf'];
const NOTE = 'Matches the purchase order; approved from the Teams channel.';
/** How soon after the approval the other page must show it (the words). */
const LIVE_DEADLINE_MS = 2_000;

const session = useBrowserSession();
const REPO_ROOT = resolve(__dirname, '..', '..');

/** Pat adds the tab for Approval L1 in the Teams simulator at `baseUrl`; resolves to the tab's queue screen, listing the seeded documents. */
async function teamsTabOnApprovalL1(page: Page, baseUrl: string): Promise<WorkflowQueuePage> {
  const teams = new TeamsSimulatorPage(page, baseUrl);
  await teams.open('approver');
  await teams.addTab();
  const configure = new TeamsConfigurePage(teams.configureFrame());
  await configure.waitForQueues();
  await configure.choose(QUEUE);
  await teams.waitForSaveEnabled();
  await teams.saveButton().click();
  const tab = new WorkflowQueuePage(teams.tabFrame(), QUEUE);
  await tab.waitForDocuments(SEEDED);
  return tab;
}

/** Jo opens Approval L1 on the demo ERP's workflow page at `baseUrl` and selects `selected` (so its document is open there). */
async function erpPageOnApprovalL1(page: Page, baseUrl: string, selected: string): Promise<{ queue: WorkflowQueuePage; erp: DemoErpPage }> {
  const erp = new DemoErpPage(page, baseUrl);
  const queue = await erp.openQueueAs('junior', QUEUE);
  await queue.waitForDocuments(SEEDED);
  await queue.row(selected).click();
  return { queue, erp };
}

/**
 * Pat approves `name` in the tab; then, with a deadline of LIVE_DEADLINE_MS from the click that
 * confirmed it, the ERP page must drop it and say who approved it — state waited on, never a sleep.
 */
async function approveAndSeeLive(tab: WorkflowQueuePage, other: WorkflowQueuePage, otherPage: DemoErpPage, name: string): Promise<void> {
  await tab.row(name).click();
  await tab.approveWithNote(NOTE);
  const clickedAt = Date.now();
  const rest = SEEDED.filter((seeded) => seeded !== name);
  const within = (): number => Math.max(1, clickedAt + LIVE_DEADLINE_MS - Date.now());
  const bar = otherPage.documentsFrame().getByText(`${name}: approved by Pat Approver a moment ago`);
  await e2eWaitFor(() => bar.isVisible(), { what: `the ERP page to say Pat approved ${name}`, timeoutMs: within(), intervalMs: 20 });
  await e2eWaitFor(
    async () => {
      const shown = (await other.documentNames()).sort();
      return shown.length === rest.length && shown.every((shownName, index) => shownName === [...rest].sort()[index]);
    },
    { what: `the ERP page's ${QUEUE} list to drop ${name} without a reload`, timeoutMs: within(), intervalMs: 20 },
  );
  // And the approver's own tab moved on too.
  await tab.waitForDocuments(rest);
}

describe('live updates between the Teams tab and the ERP page (one server, SQLite)', () => {
  it('shows an approval made in the Teams tab on the ERP page within 2 s, without a reload', async () => {
    const teamsWindow = await session.newWindow();
    const erpWindow = await session.newWindow();
    const tab = await teamsTabOnApprovalL1(teamsWindow, session.server.baseUrl);
    const { queue, erp } = await erpPageOnApprovalL1(erpWindow, session.server.baseUrl, 'CS-88120.pdf');
    // A mark on the ERP frame's window: gone if anything reloaded it.
    const frameRoot = erp.documentsFrame().locator('body');
    await frameRoot.evaluate((body) => Object.assign(body.ownerDocument.defaultView ?? {}, { datahavenLiveMark: 'kept' }));
    await approveAndSeeLive(tab, queue, erp, 'CS-88120.pdf');
    expect(await frameRoot.evaluate((body) => Reflect.get(body.ownerDocument.defaultView ?? {}, 'datahavenLiveMark'))).toBe('kept');
    expect(session.errors).toEqual([]);
  });
});

/** One `serve` process of the built server, with what it printed. */
interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

describeNeeding(POSTGRES)('live updates between two server processes on one PostgreSQL schema', () => {
  const databaseUrl = process.env.DATAHAVEN_TEST_DATABASE_URL ?? '';
  const schema = `t_live_${randomBytes(5).toString('hex')}`;
  const processes: ServerProcess[] = [];
  let dataDir = '';

  /** Starts `serve` (the built server, as an operator runs it) on a port of its own and waits until it answers. */
  async function serve(): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [join(REPO_ROOT, 'packages', 'server', 'dist', 'main.js'), 'serve'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        // One data folder: one token secret and one file store, as a deployment shares them.
        DATAHAVEN_DATA_DIR: dataDir,
        DATAHAVEN_DEMO: '1',
        // As `npm start`: the demo runs offline, with our own copy of office.js.
        DATAHAVEN_OFFICE_JS: 'self',
        DATAHAVEN_PORT: String(port),
        DATAHAVEN_DEMO_ERP_PORT: String(await freePort()),
        DATAHAVEN_DATABASE_URL: databaseUrl,
        DATAHAVEN_DATABASE_SCHEMA: schema,
        DATAHAVEN_WEB_DIR: join(REPO_ROOT, 'dist', 'web'),
        DATAHAVEN_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const started: ServerProcess = { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
    processes.push(started);
    await e2eWaitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`The server process ended (${child.exitCode}): ${output}`);
        return fetch(`${started.baseUrl}/api/version`).then(
          (answer) => answer.ok,
          () => false,
        );
      },
      { what: `the server process on port ${port} to answer` },
    );
    return started;
  }

  beforeAll(async () => {
    // The built server, rebuilt here so the processes never run stale code.
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'packages/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
    dataDir = await mkdtemp(join(tmpdir(), 'datahaven-e2e-live-'));
    // One after the other: the first seeds the demo world, the second finds it.
    await serve();
    await serve();
  }, 300_000);

  afterAll(async () => {
    for (const { child } of processes) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
  });

  it('shows an approval made in the Teams tab on one process on the ERP page of the other within 2 s', async () => {
    const [first, second] = processes;
    const teamsWindow = await session.newWindow();
    const erpWindow = await session.newWindow();
    const tab = await teamsTabOnApprovalL1(teamsWindow, first.baseUrl);
    const { queue, erp } = await erpPageOnApprovalL1(erpWindow, second.baseUrl, 'NWT-2025-0097.pdf');
    await approveAndSeeLive(tab, queue, erp, 'NWT-2025-0097.pdf');
    expect(session.errors).toEqual([]);
  });
});
