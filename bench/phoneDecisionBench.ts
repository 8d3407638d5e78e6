import type { Browser, FrameLocator } from 'playwright-core';
import { PhoneQueuePage, type PhoneDecision } from '../test/e2e/pages/PhoneQueuePage';
import { TeamsSimulatorPage } from '../test/e2e/pages/TeamsSimulatorPage';
import { WorkflowQueuePage } from '../test/e2e/pages/WorkflowQueuePage';
import { demoTokenOf, queueIdByName } from '../test/e2e/support/demoApi';
import type { DemoServer } from '../test/e2e/support/startDemoServer';
import { requireRejectReason, seedApprovalInvoices, type SeededInvoice } from '../test/e2e/support/seedApprovalInvoices';
import type { BenchRow } from './printTable';

const QUEUE = 'Approval L1';
/** The walk of issue 38's Done-when: 20 invoices, every fifth rejected with a reason. */
const COUNT = 20;
const NOTE = 'Checked against the delivery.';
const REASON = 'The quantities do not match the delivery; please send a corrected invoice.';

function decisionFor(_name: string, index: number): PhoneDecision {
  return index % 5 === 4 ? { kind: 'reject', reason: REASON } : { kind: 'approve', note: NOTE };
}

/** The Teams simulator with its tab on Approval L1, in a window of this size (a phone's with touch). */
async function openTeamsTab(browser: Browser, server: DemoServer, viewport: { width: number; height: number }, touch: boolean) {
  const context = await browser.newContext({ viewport, ...(touch ? { hasTouch: true, isMobile: true } : {}) });
  const page = await context.newPage();
  const queueId = await queueIdByName(server.baseUrl, await demoTokenOf(server.baseUrl, 'approver'), QUEUE);
  const contentUrl = `${server.baseUrl}/teams/queues/${queueId}`;
  const saved = JSON.stringify({ entityId: `datahaven-queue-${queueId}`, contentUrl, websiteUrl: contentUrl, suggestedDisplayName: QUEUE });
  await page.addInitScript(
    ({ key, value }) => {
      if (window.top === window) window.localStorage.setItem(key, value);
    },
    { key: 'datahaven.demo.teams.tab', value: saved },
  );
  await new TeamsSimulatorPage(page, server.baseUrl).openSavedTab('approver');
  const tab = page.frameLocator('iframe[title="Datahaven Documents tab"]');
  await tab.getByRole('heading', { name: QUEUE, exact: true }).waitFor();
  return { context, tab };
}

/** The walk on a phone: the document step, its facts and the decision bar (PhoneQueuePage.clear), tapped. */
async function phoneWalk(tab: FrameLocator, invoices: readonly SeededInvoice[], prefix: string): Promise<number> {
  const queue = new PhoneQueuePage(tab, QUEUE, 'tap');
  await queue.filterTo(
    prefix,
    invoices.map((invoice) => invoice.name),
  );
  const started = performance.now();
  const decided = await queue.clear(invoices[0].name, decisionFor);
  const elapsed = performance.now() - started;
  if (decided.length !== invoices.length) throw new Error(`The phone walk decided ${decided.length} of ${invoices.length} invoices.`);
  return elapsed;
}

/** The same walk on the desktop layout: the row's amount read in the list, Approve / Reject on the toolbar, clicked. */
async function desktopWalk(tab: FrameLocator, invoices: readonly SeededInvoice[], prefix: string): Promise<number> {
  const list = new WorkflowQueuePage(tab, QUEUE);
  await tab.getByRole('searchbox', { name: 'Filter documents' }).fill(prefix);
  await list.waitForDocuments(invoices.map((invoice) => invoice.name));
  const started = performance.now();
  await list.row(invoices[0].name).click();
  for (let index = 0; index < invoices.length; index++) {
    const [name] = await list.selectedNames();
    const invoice = invoices.find((candidate) => candidate.name === name);
    if (invoice === undefined) throw new Error(`The desktop walk selected ${name ?? 'nothing'}, not one of the seeded invoices.`);
    const row = (await list.row(name).innerText()).trim();
    if (!row.includes(invoice.amountDigits)) throw new Error(`The row of ${name} does not show its amount ${invoice.amountDigits}.`);
    const decision = decisionFor(name, index);
    const approve = decision.kind === 'approve';
    await list.action(approve ? 'Approve' : 'Reject').click();
    const field = approve ? 'Note' : 'Reason';
    const prompt = tab.getByRole('dialog').filter({ has: tab.getByRole('textbox', { name: field }) });
    await prompt.getByRole('textbox', { name: field }).fill(approve ? decision.note : decision.reason);
    await prompt.getByRole('button', { name: approve ? 'Approve' : 'Reject', exact: true }).click();
    await prompt.waitFor({ state: 'hidden' });
    await list.row(name).waitFor({ state: 'detached' });
  }
  const elapsed = performance.now() - started;
  if ((await list.rows().count()) !== 0) throw new Error('The desktop walk left invoices in the list.');
  return elapsed;
}

/**
 * Issue 38's Done-when: the time an approver takes to clear 20 invoices (read each amount, approve
 * with the queue's note or reject with a reason) in the Teams tab at 375 × 812 with touch, beside
 * the same walk at 1280 × 800 with the mouse. Each walk gets 20 fresh invoices; the clock runs from
 * the first press on the filtered list to the last decision's list update.
 */
export async function measurePhoneDecisions(browser: Browser, server: DemoServer): Promise<BenchRow[]> {
  await requireRejectReason(server.baseUrl, QUEUE);
  const walks = [
    { label: '375 × 812, touch (phone layout)', viewport: { width: 375, height: 812 }, touch: true, prefix: 'BPH-', walk: phoneWalk },
    {
      label: '1280 × 800, mouse (desktop layout)',
      viewport: { width: 1280, height: 800 },
      touch: false,
      prefix: 'BDT-',
      walk: desktopWalk,
    },
  ];
  const rows: BenchRow[] = [];
  const times: number[] = [];
  for (const walk of walks) {
    const invoices = await seedApprovalInvoices(server, { count: COUNT, prefix: walk.prefix, queue: QUEUE });
    const { context, tab } = await openTeamsTab(browser, server, walk.viewport, walk.touch);
    try {
      const elapsed = await walk.walk(tab, invoices, walk.prefix);
      times.push(elapsed);
      rows.push({
        measure: `${COUNT} decisions in the Teams tab at ${walk.label}`,
        value: `${(elapsed / 1000).toFixed(1)} s (${Math.round(elapsed / COUNT)} ms each)`,
        budget: '',
        verdict: '',
      });
    } finally {
      await context.close();
    }
  }
  rows.push({ measure: `phone ÷ desktop, ${COUNT} decisions`, value: `${(times[0] / times[1]).toFixed(2)} ×`, budget: '', verdict: '' });
  return rows;
}
