import type { FrameLocator, Locator, Page } from 'playwright-core';
import { PhoneQueuePage, sizeOf, type PhoneDecision, type TargetSize } from './pages/PhoneQueuePage';
import { TeamsSimulatorPage } from './pages/TeamsSimulatorPage';
import { WorkflowPage } from './pages/WorkflowPage';
import { useBrowserSession } from './support/browserSession';
import { demoTokenOf, queueIdByName } from './support/demoApi';
import { requireRejectReason, seedApprovalInvoices, type SeededInvoice } from './support/seedApprovalInvoices';
import { sidewaysScrolls } from './support/sidewaysScrolls';

/*
 * Issue 38, Done-when row 1: on a phone (375 × 812 and 320 × 640, touch), in the Teams tab and in
 * the Outlook pane, an approver clears 20 invoices of Approval L1: reads each one's amount over the
 * document, approves it (the queue asks for a note) or rejects it with a reason (the queue is set
 * to require one), every control reached without anything scrolling sideways in any frame and every
 * control pressed at least 44 × 44 px.
 */
const QUEUE = 'Approval L1';
const COUNT = 20;
/** The smallest touch target (Apple's 44 pt, Microsoft's 44 px). */
const TARGET_PX = 44;
/** Clearing 20 invoices in a browser on a busy 2-core machine: a cap against a hang, not a measure. */
const WALK_TIMEOUT_MS = 900_000;

const session = useBrowserSession();

beforeAll(async () => {
  await requireRejectReason(session.server.baseUrl, QUEUE);
});

/** Every fifth invoice is rejected with a reason, the others approved with the note Approval L1 asks for. */
function decisionFor(_name: string, index: number): PhoneDecision {
  return index % 5 === 4
    ? { kind: 'reject', reason: 'The quantities do not match the delivery; please send a corrected invoice.' }
    : { kind: 'approve', note: 'Checked against the delivery.' };
}

/** Sizes smaller than the touch target, as "<name> <w>×<h>". */
function tooSmall(sizes: readonly TargetSize[]): string[] {
  return sizes
    .filter((size) => size.width < TARGET_PX || size.height < TARGET_PX)
    .map((size) => `${size.name} ${size.width}×${size.height}`);
}

/**
 * The walk both hosts share: the list filtered to this run's invoices, each opened in turn, its
 * amount read and decided on, with the checks at every step and in every prompt.
 */
async function clearInvoices(page: Page, app: FrameLocator, invoices: readonly SeededInvoice[], prefix: string): Promise<void> {
  const queue = new PhoneQueuePage(app, QUEUE, 'tap');
  await queue.filterTo(
    prefix,
    invoices.map((invoice) => invoice.name),
  );
  expect(await sidewaysScrolls(page)).toEqual([]);
  const rowSizes = await Promise.all(invoices.slice(0, 3).map((invoice) => sizeOf(invoice.name, queue.list.row(invoice.name))));
  expect(tooSmall(rowSizes)).toEqual([]);

  const decided = await queue.clear(invoices[0].name, decisionFor, {
    step: async () => {
      expect(await sidewaysScrolls(page)).toEqual([]);
      expect(tooSmall(await queue.decisionTargets())).toEqual([]);
      // The amount is above the fold: inside the frame's height, over the document.
      const box = await queue.amount().boundingBox();
      const height = await app.locator('html').evaluate(() => window.innerHeight);
      expect(box !== null && box.y >= 0 && box.y + box.height <= height).toBe(true);
    },
    prompt: async (prompt: Locator) => {
      expect(await sidewaysScrolls(page)).toEqual([]);
      const buttons = prompt.getByRole('button', { name: /^(Approve|Reject|Cancel)$/ });
      const sizes = await Promise.all((await buttons.all()).map((button, index) => sizeOf(`prompt button ${index + 1}`, button)));
      expect(sizes.length).toBe(2);
      expect(tooSmall(sizes)).toEqual([]);
    },
  });

  // Every invoice was shown once, with the amount the ERP holds for it, and decided on.
  expect(decided.map((entry) => entry.name).sort()).toEqual(invoices.map((invoice) => invoice.name).sort());
  for (const entry of decided) {
    const invoice = invoices.find((candidate) => candidate.name === entry.name);
    expect([entry.name, entry.amount.includes(invoice?.amountDigits ?? '?')]).toEqual([entry.name, true]);
  }
  expect(decided.filter((entry) => entry.decision === 'reject')).toHaveLength(COUNT / 5);
  // The list is empty for this run's filter and nothing scrolls sideways there either.
  expect(await queue.list.rows().count()).toBe(0);
  expect(await sidewaysScrolls(page)).toEqual([]);
}

/** The Teams simulator on a phone, its channel tab already added for Approval L1 (Teams keeps a tab's configuration). */
async function openTeamsTab(page: Page): Promise<FrameLocator> {
  const { baseUrl } = session.server;
  const queueId = await queueIdByName(baseUrl, await demoTokenOf(baseUrl, 'approver'), QUEUE);
  const contentUrl = `${baseUrl}/teams/queues/${queueId}`;
  const saved = JSON.stringify({ entityId: `datahaven-queue-${queueId}`, contentUrl, websiteUrl: contentUrl, suggestedDisplayName: QUEUE });
  await page.addInitScript(
    ({ key, value }) => {
      if (window.top === window) window.localStorage.setItem(key, value);
    },
    { key: 'datahaven.demo.teams.tab', value: saved },
  );
  const teams = new TeamsSimulatorPage(page, baseUrl);
  await teams.openSavedTab('approver');
  const tab = teams.tabFrame();
  await tab.getByRole('heading', { name: QUEUE, exact: true }).waitFor();
  return tab;
}

/** The Outlook simulator on a phone, reading an e-mail: the pane's Approvals tab, then the queue. */
async function openOutlookPane(page: Page): Promise<FrameLocator> {
  await page.goto(`${session.server.baseUrl}/demo/outlook?user=approver&mode=read`);
  const pane = page.frameLocator('iframe[title="Datahaven Documents"]');
  const approvals = pane.getByRole('tab', { name: 'Approvals' });
  expect(tooSmall([await sizeOf('Approvals tab', approvals)])).toEqual([]);
  await approvals.tap();
  const workflow = new WorkflowPage(pane);
  const link = workflow.queueLink(QUEUE);
  await link.waitFor();
  expect(tooSmall([await sizeOf(`${QUEUE} link`, link)])).toEqual([]);
  await link.tap();
  await pane.getByRole('heading', { name: QUEUE, exact: true }).waitFor();
  return pane;
}

const PHONES = [
  { width: 375, height: 812 },
  { width: 320, height: 640 },
] as const;

describe.each(PHONES)('an approver on a $width × $height phone (touch)', (viewport) => {
  it(
    `clears ${COUNT} invoices in the Teams tab: reads each amount, approves or rejects with a reason`,
    async () => {
      const prefix = `TM${viewport.width}-`;
      const invoices = await seedApprovalInvoices(session.server, { count: COUNT, prefix, queue: QUEUE });
      const page = await session.newWindow(viewport, { touch: true });
      const tab = await openTeamsTab(page);
      expect(await tab.locator('html').evaluate(() => window.innerWidth)).toBeLessThanOrEqual(viewport.width);
      await clearInvoices(page, tab, invoices, prefix);
      expect(session.errors).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    `clears ${COUNT} invoices in the Outlook pane: reads each amount, approves or rejects with a reason`,
    async () => {
      const prefix = `OL${viewport.width}-`;
      const invoices = await seedApprovalInvoices(session.server, { count: COUNT, prefix, queue: QUEUE });
      const page = await session.newWindow(viewport, { touch: true });
      const pane = await openOutlookPane(page);
      await clearInvoices(page, pane, invoices, prefix);
      expect(session.errors).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );
});
