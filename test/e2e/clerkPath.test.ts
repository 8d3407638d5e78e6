import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_PURCHASE_INVOICES } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { ViewerPage } from './pages/ViewerPage';
import { WorkflowPage } from './pages/WorkflowPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { useBrowserSession } from './support/browserSession';
import { makeInvoicePdf } from './support/makeInvoicePdf';

/*
 * Issue 38, parts 3 and 4 — the clerk's path and the reasons: the clerk files an invoice on its
 * purchase invoice (it arrives in the AP Inbox), opens it and sends it for approval from the
 * viewer; the auto-route takes it through Coding (passed over) to Approval L1. The approver
 * rejects it there, and the demo's approval queues require the reason; the clerk then reads the
 * reason on its row in Rejected and in the bar over the document.
 */
const INVOICE = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1006') ?? DEMO_PURCHASE_INVOICES[5];
const REASON = 'The amount does not match the purchase order: 1,250.00 was agreed.';

const session = useBrowserSession();

/** A fresh window at the demo ERP as `username`. */
async function openErpAs(username: string): Promise<{ page: Page; erp: DemoErpPage; app: FrameLocator }> {
  const page = await session.newWindow();
  const erp = new DemoErpPage(page, session.server.baseUrl);
  await erp.open();
  await erp.switchUser(username);
  return { page, erp, app: erp.documentsFrame() };
}

describe("the clerk's path to approval, and the reason of a reject", () => {
  it('uploads, sends for approval from the viewer into Approval L1; the approver rejects with a reason; the clerk reads it on the row and over the document', async () => {
    const fileName = `${INVOICE.vendorInvoiceNo} clerk path ${Date.now()}.pdf`;

    // The clerk files the invoice on its purchase invoice: it arrives in the AP Inbox.
    const clerk = await openErpAs('clerk');
    await clerk.erp.openRecord(INVOICE.number);
    const folders = new FoldersPage(clerk.page, clerk.app);
    await folders.waitForFolder('Invoice');
    const pdf = await makeInvoicePdf({ pages: 1, vendorName: 'Demo vendor', invoiceNumber: INVOICE.vendorInvoiceNo });
    await folders.uploadByPicker('Invoice', { name: fileName, mimeType: 'application/pdf', buffer: pdf });
    await folders.waitForDocument(fileName);

    // From the viewer: Send for approval, with a note; the notice names where it went.
    await folders.openDocument(fileName, 'Invoice');
    const viewer = new ViewerPage(clerk.app);
    expect(await viewer.pageCount()).toBe(1);
    await clerk.app.getByRole('button', { name: 'Send for approval', exact: true }).click();
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

    expect(session.errors).toEqual([]);
  });
});
