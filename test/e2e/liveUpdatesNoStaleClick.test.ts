import type { Page, Route } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { useBrowserSession } from './support/browserSession';
import { demoTokenOf, queueIdByName } from './support/demoApi';
import { e2eWaitFor } from './support/e2eWaitFor';

/*
 * Issue 38, "a document another approver just acted on says so instead of failing on click": Pat
 * Approver has an invoice open on the demo ERP's Document Workflow page (Approval L1) while Dana
 * Admin approves it through the API. The moment the live stream names it — before Pat's list has
 * read the queue again (that read is held here with page.route) — Pat's Approve is off and the bar
 * says who approved it. And when Pat's own approval was already on its way (held, then let go after
 * Dana's), the server's out-of-sync refusal shows in the same bar in the spec's words, not in a dialog.
 */
const QUEUE = 'Approval L1';
/** In Approval L1 from the demo seed. */
const SEEDED = ['CS-88120.pdf', 'NWT-2025-0097.pdf', 'LW-5531.pdf'];
/** The spec's out-of-sync refusal (embedded §4). */
const OUT_OF_SYNC = 'Document Queue Out Of Sync With Window';

const session = useBrowserSession();

/** Requests a page holds back until released: each is passed on (or found aborted by the page) on release. */
class HeldRequests {
  readonly #held: Route[] = [];
  #holding = true;

  /** Holds the page's requests matching `pattern` from now on. */
  static async on(page: Page, pattern: string | RegExp, method?: string): Promise<HeldRequests> {
    const held = new HeldRequests();
    await page.route(pattern, (route) => {
      if ((method !== undefined && route.request().method() !== method) || !held.#holding) return route.continue();
      held.#held.push(route);
      return undefined;
    });
    return held;
  }

  /** How many are held now. */
  get count(): number {
    return this.#held.length;
  }

  /** Passes every held request on and lets later ones through. */
  async release(): Promise<void> {
    this.#holding = false;
    // The page may have given up on one (react-query cancels a superseded read): nothing to pass on then.
    for (const route of this.#held.splice(0)) await route.continue().catch(() => undefined);
  }
}

/** Pat on the ERP page's Approval L1, the document `name` selected and open (autoview). */
async function patWithOpen(name: string, listed: readonly string[]): Promise<{ page: Page; erp: DemoErpPage; queue: WorkflowQueuePage }> {
  const page = await session.newWindow();
  const erp = new DemoErpPage(page, session.server.baseUrl);
  const queue = await erp.openQueueAs('approver', QUEUE);
  await queue.waitForDocuments(listed);
  await queue.row(name).click();
  await e2eWaitFor(async () => (await queue.selectedNames()).join() === name, { what: `${name} to be selected` });
  await e2eWaitFor(() => queue.action('Approve').isEnabled(), { what: `Approve to be offered for ${name}` });
  return { page, erp, queue };
}

/** Dana Admin approves `name` out of Approval L1 through the API, as another approver's page would. */
async function danaApproves(name: string): Promise<void> {
  const baseUrl = session.server.baseUrl;
  const token = await demoTokenOf(baseUrl, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const queueId = await queueIdByName(baseUrl, token, QUEUE);
  const listing = await fetch(`${baseUrl}/api/queues/${queueId}/workflow?take=50&q=${encodeURIComponent(name.replace(/\.pdf$/, ''))}`, {
    headers,
  });
  expect(listing.status).toBe(200);
  const { documents } = (await listing.json()) as { documents: { id: number; name: string; rowVersion: number }[] };
  const document = documents.find((candidate) => candidate.name === name);
  if (document === undefined) throw new Error(`${name} is not in ${QUEUE}.`);
  const approval = await fetch(`${baseUrl}/api/documents/approval`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      docId: [document.id],
      rowConflictIds: [document.rowVersion],
      expectedQueueId: queueId,
      approvalNote: 'Approved elsewhere.',
    }),
  });
  expect({ status: approval.status, body: approval.status === 200 ? '' : await approval.text() }).toEqual({ status: 200, body: '' });
}

describe('live updates: no stale click on a document another approver just acted on', () => {
  it('turns Approve off and says who approved the open document the moment the stream names it, before the list reads again', async () => {
    const { page, queue } = await patWithOpen('LW-5531.pdf', SEEDED);
    // Pat's list may not read the queue again until released: what changes on screen meanwhile is the push's doing alone.
    const listReads = await HeldRequests.on(page, /\/api\/queues\/\d+\/workflow/);
    await danaApproves('LW-5531.pdf');
    const bar = queue.actedOnBar('LW-5531.pdf: approved by Dana Admin a moment ago');
    await bar.waitFor();
    await e2eWaitFor(() => queue.action('Approve').isDisabled(), { what: 'Approve to be off for the document Dana approved' });
    expect(await queue.action('Reject').isDisabled()).toBe(true);
    expect(await queue.action('Route').isDisabled()).toBe(true);
    // Still listed and still selected: the list has not moved, the screen knows anyway.
    expect(await queue.documentNames()).toContain('LW-5531.pdf');
    expect(await queue.selectedNames()).toEqual(['LW-5531.pdf']);
    await listReads.release();
    await queue.waitForDocuments(SEEDED.filter((name) => name !== 'LW-5531.pdf'));
    // The bar stays, with the way on to the next document.
    await bar.getByRole('button', { name: 'Next document' }).click();
    await e2eWaitFor(async () => (await queue.selectedNames()).length === 1, { what: 'the next document to be selected' });
    await e2eWaitFor(() => queue.action('Approve').isEnabled(), { what: 'Approve to be offered for the next document' });
    expect(session.errors).toEqual([]);
  });

  it("shows the server's out-of-sync refusal of a click that raced the push in the bar, in the spec's words, without a dialog", async () => {
    const listed = SEEDED.filter((name) => name !== 'LW-5531.pdf');
    const { page, erp, queue } = await patWithOpen('NWT-2025-0097.pdf', listed);
    const approvals = await HeldRequests.on(page, /\/api\/documents\/approval(\?|$)/, 'PUT');
    const listReads = await HeldRequests.on(page, /\/api\/queues\/\d+\/workflow/);
    // Pat's approval leaves the page and is held on its way, before anything is known of Dana's.
    await queue.approveWithNote('Checked against the order.');
    await e2eWaitFor(() => approvals.count === 1, { what: "Pat's approval to be on its way" });
    await danaApproves('NWT-2025-0097.pdf');
    await queue.actedOnBar('NWT-2025-0097.pdf: approved by Dana Admin a moment ago').waitFor();
    // Now Pat's approval reaches the server, a step behind: refused as out of sync.
    await approvals.release();
    const refused = queue.actedOnBar(OUT_OF_SYNC);
    await refused.waitFor();
    expect(await refused.innerText()).toContain('NWT-2025-0097.pdf: approved by Dana Admin a moment ago');
    await e2eWaitFor(async () => (await queue.notePrompt().count()) === 0, { what: 'the note prompt to close' });
    expect(await queue.action('Approve').isDisabled()).toBe(true);
    await listReads.release();
    await queue.waitForDocuments(listed.filter((name) => name !== 'NWT-2025-0097.pdf'));
    // No dialog at any point after the refusal: the bar alone said it.
    expect(await erp.documentsFrame().getByRole('dialog').count()).toBe(0);
    expect(session.errors).toEqual([]);
  });
});
