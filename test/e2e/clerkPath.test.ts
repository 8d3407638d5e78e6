import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_PURCHASE_INVOICES, DEMO_USERS } from '../../packages/server/src/demo/demoWorld';
import type { RecordedMail } from '../../packages/server/src/demo/registerDemoGraphRoutes';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { ViewerPage } from './pages/ViewerPage';
import { WorkflowPage } from './pages/WorkflowPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { useBrowserSession } from './support/browserSession';
import { demoTokenOf, queueIdByName } from './support/demoApi';
import { e2eWaitFor } from './support/e2eWaitFor';
import { makeInvoicePdf } from './support/makeInvoicePdf';

/*
 * Issue 38, parts 3 and 4 — the clerk's path and the reasons: the clerk files an invoice on its
 * purchase invoice (it arrives in the AP Inbox), opens it and sends it for approval from the
 * viewer; the auto-route takes it through Coding (passed over) to Approval L1. The approver
 * rejects it there, and the demo's approval queues require the reason; the clerk then reads the
 * reason on its row in Rejected and in the bar over the document, gets it by e-mail (the demo's
 * Graph stand-in takes the mail), and reads it again over the document opened from its record.
 * While the auto-route leads nowhere (Approval L1 switched off), Send for approval is not offered.
 */
const INVOICE = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1006') ?? DEMO_PURCHASE_INVOICES[5];
const REASON = 'The amount does not match the purchase order: 1,250.00 was agreed.';

const session = useBrowserSession();

/** The mails the demo's Graph stand-in took (GET /demo/graph/sent-mail). */
async function sentMails(): Promise<RecordedMail[]> {
  return ((await (await fetch(`${session.server.baseUrl}/demo/graph/sent-mail`)).json()) as { mails: RecordedMail[] }).mails;
}

/** Switches a queue on or off as the demo administrator would (OData `PATCH WorkflowQueues(id)`). */
async function setQueueEnabled(queueId: number, enabled: boolean): Promise<void> {
  const token = await demoTokenOf(session.server.baseUrl, 'admin');
  const answer = await fetch(`${session.server.baseUrl}/odata/v1/WorkflowQueues(${queueId})`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', 'if-match': '*' },
    body: JSON.stringify({ Enabled: enabled }),
  });
  if (answer.status !== 204) throw new Error(`PATCH WorkflowQueues(${queueId}) answered ${answer.status}: ${await answer.text()}`);
}

/** A fresh window at the demo ERP as `username`. */
async function openErpAs(username: string): Promise<{ page: Page; erp: DemoErpPage; app: FrameLocator }> {
  const page = await session.newWindow();
  const erp = new DemoErpPage(page, session.server.baseUrl);
  await erp.open();
  await erp.switchUser(username);
  return { page, erp, app: erp.documentsFrame() };
}

describe("the clerk's path to approval, and the reason of a reject", () => {
  it('uploads, sends for approval from the viewer into Approval L1; the approver rejects with a reason; the clerk reads it on the row, over the document, by e-mail and over the document opened from its record; no Send for approval while the auto-route leads nowhere', async () => {
    const fileName = `${INVOICE.vendorInvoiceNo} clerk path ${Date.now()}.pdf`;

    // The clerk files the invoice on its purchase invoice: it arrives in the AP Inbox.
    const clerk = await openErpAs('clerk');
    await clerk.erp.openRecord(INVOICE.number);
    const folders = new FoldersPage(clerk.page, clerk.app);
    await folders.waitForFolder('Invoice');
    const pdf = await makeInvoicePdf({ pages: 1, vendorName: 'Demo vendor', invoiceNumber: INVOICE.vendorInvoiceNo });
    await folders.uploadByPicker('Invoice', { name: fileName, mimeType: 'application/pdf', buffer: pdf });
    await folders.waitForDocument(fileName);

    // While Approval L1 is off, the auto-route from the AP Inbox runs out in Coding (passed over):
    // the server names no target, and the viewer offers no Send for approval.
    const l1Id = await queueIdByName(session.server.baseUrl, await demoTokenOf(session.server.baseUrl, 'admin'), 'Approval L1');
    await setQueueEnabled(l1Id, false);
    const sendButton = clerk.app.getByRole('button', { name: /^Send for approval/ });
    try {
      const targetAnswer = clerk.page.waitForResponse((response) => /\/api\/queues\/\d+\/send-for-approval$/.test(response.url()));
      await folders.openDocument(fileName, 'Invoice');
      expect(await (await targetAnswer).json()).toEqual({ sendForApproval: null });
      expect(await new ViewerPage(clerk.app).pageCount()).toBe(1);
      expect(await sendButton.count()).toBe(0);
    } finally {
      await setQueueEnabled(l1Id, true);
    }

    // With L1 back on, the viewer (opened afresh) offers it, naming where it goes.
    await clerk.erp.open();
    await clerk.erp.switchUser('clerk');
    await clerk.erp.openRecord(INVOICE.number);
    await folders.waitForFolder('Invoice');
    await folders.waitForDocument(fileName);

    // From the viewer: Send for approval, with a note; the notice names where it went.
    await folders.openDocument(fileName, 'Invoice');
    const viewer = new ViewerPage(clerk.app);
    expect(await viewer.pageCount()).toBe(1);
    await expect(sendButton.innerText()).resolves.toBe('Send for approval → Approval L1');
    await clerk.app.getByRole('button', { name: 'Send for approval to Approval L1', exact: true }).click();
    const prompt = clerk.app.getByRole('dialog').filter({ has: clerk.app.getByRole('textbox', { name: 'Note (optional)' }) });
    await prompt.waitFor();
    await prompt.getByRole('textbox', { name: 'Note (optional)' }).fill('Coded to the purchase invoice.');
    await prompt.getByRole('button', { name: 'Send for approval', exact: true }).click();
    await prompt.waitFor({ state: 'hidden' });
    // The toast (its text is also read out by the live region, hence .first()).
    await clerk.app.getByText('Sent 1 document for approval: now in Approval L1', { exact: true }).first().waitFor();

    // It waits in Approval L1 for the approver, who rejects it: the reason is required there.
    const approver = await openErpAs('approver');
    await approver.erp.openWorkflowPage();
    const approverFlow = new WorkflowPage(approver.app);
    await approverFlow.waitForRoot();
    await approverFlow.openQueue('Approval L1');
    const l1 = new WorkflowQueuePage(approver.app, 'Approval L1');
    await l1.row(fileName).click();
    await l1.action('Reject').click();
    const reject = approver.app.getByRole('dialog').filter({ has: approver.app.getByRole('textbox', { name: /Reason/ }) });
    await reject.waitFor();
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await reject.getByText('A note is required to submit.', { exact: true }).waitFor();
    await reject.getByRole('textbox', { name: /Reason/ }).fill(REASON);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await reject.waitFor({ state: 'hidden' });
    await l1.row(fileName).waitFor({ state: 'detached' });

    // The clerk finds it in Rejected: the reason on its row, and over the document when it is opened.
    await clerk.erp.open();
    await clerk.erp.switchUser('clerk');
    await clerk.erp.openWorkflowPage();
    const clerkFlow = new WorkflowPage(clerk.app);
    await clerkFlow.waitForRoot();
    await clerkFlow.openQueue('Rejected');
    const rejected = new WorkflowQueuePage(clerk.app, 'Rejected');
    await rejected.setAutoview(true);
    expect(await rejected.rejection(fileName).innerText()).toBe(`Rejected: ${REASON}`);
    await rejected.row(fileName).click();
    // The bar's accessible name is its title (Fluent's MessageBar labels itself by it): found by its mark.
    const bar = clerk.app.getByRole('region', { name: 'Document viewer' }).locator('[data-bar="rejection"]');
    await bar.waitFor();
    const barText = await bar.innerText();
    expect(barText).toContain(`Rejected: ${REASON}`);
    expect(barText).toContain('Rejected by Pat Approver in Approval L1');

    // The clerk sent it, so the clerk gets the reason by e-mail (the demo's Graph stand-in takes it).
    const clerkAddress = DEMO_USERS.find((user) => user.username === 'clerk')?.email ?? '';
    const [mail] = await e2eWaitFor(async () => (await sentMails()).filter((m) => m.subject === `Rejected: ${fileName}`), {
      until: (mails) => mails.length > 0,
      what: `the reject mail of ${fileName}`,
    });
    expect(mail.toRecipients).toEqual([{ emailAddress: { address: clerkAddress, name: 'Alex Clerk' } }]);
    expect(mail.body.content).toContain(`Pat Approver rejected <strong>${fileName}</strong> in Approval L1.`);
    expect(mail.body.content).toContain(`<blockquote style="white-space: pre-wrap">${REASON}</blockquote>`);
    const link = /<a href="([^"]+)">/.exec(mail.body.content)?.[1] ?? '';
    const linkPath = new URL(link).pathname;
    expect(linkPath).toMatch(/^\/viewer\/[A-Za-z0-9=]{2}-[A-Za-z0-9=]+$/);

    // Opened outside the queue (from its record, the standalone viewer at the mail's link), the same bar says why.
    await clerk.erp.open();
    await clerk.erp.switchUser('clerk');
    await clerk.erp.openRecord(INVOICE.number);
    await folders.waitForFolder('Invoice');
    await folders.waitForDocument(fileName);
    await folders.openDocument(fileName, 'Invoice');
    const standaloneBar = clerk.app.locator('[data-bar="rejection"]');
    await standaloneBar.waitFor();
    expect(await standaloneBar.innerText()).toContain(`Rejected: ${REASON}`);
    expect(await standaloneBar.innerText()).toContain('Rejected by Pat Approver in Approval L1');
    await e2eWaitFor(() => clerk.page.frames().some((frame) => new URL(frame.url()).pathname === linkPath), {
      until: (found) => found,
      what: `the documents frame at the mail's link ${linkPath}`,
    });
    // Rejected leads back onto the auto-route: from there it goes to Approval L1 again.
    await expect(sendButton.innerText()).resolves.toBe('Send for approval → Approval L1');

    expect(session.errors).toEqual([]);
  });
});
