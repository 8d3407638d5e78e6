import type { Page } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { OutlookFilingPage } from './pages/OutlookFilingPage';
import { useBrowserSession } from './support/browserSession';
import { demoTokenOf, queueIdByName } from './support/demoApi';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow({ width: 1300, height: 900 });
});

/** The documents of a queue, as its first page lists them. */
async function queueDocuments(token: string, id: number): Promise<{ id: number; name: string; description: string | null }[]> {
  const response = await fetch(`${session.server.baseUrl}/api/queues/${id}/workflow?skip=0&take=200`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { documents: { id: number; name: string; description: string | null }[] }).documents;
}

describe("an AP clerk filing a received e-mail's invoice from Outlook", () => {
  it('reads the message in the pane, files its PDF into AP Inbox (the text file said not to be importable), finds it there, and a second filing is said to be a duplicate', async () => {
    const invoiceNo = 'OUT-E2E-1';
    const clerk = await demoTokenOf(session.server.baseUrl, 'clerk');
    const inbox = await queueIdByName(session.server.baseUrl, clerk, 'AP Inbox');
    await page.goto(`${session.server.baseUrl}/demo/outlook?user=clerk&mode=read&invoiceNo=${invoiceNo}`);
    const filing = new OutlookFilingPage(page.frameLocator('iframe[title="Datahaven Documents"]'));

    // The queue list is the clerk's workflow root: Office SSO traded for the product token on the way.
    await filing.waitForReady();
    await filing.text('payment-terms.txt cannot be filed: only PDF, TIFF and image files are imported.').waitFor();
    expect(await filing.attachment('payment-terms.txt').isDisabled()).toBe(true);
    expect(await filing.attachment(`Invoice ${invoiceNo}.pdf`).isChecked()).toBe(true);
    await filing.chooseQueue(/— AP Inbox$/);
    await filing.writeNote('Filed from Outlook.');
    await filing.file();
    await filing.outcome('1 document filed in AP Inbox.');
    // The queue's page in the responsive workflow view (opened in the pane: test/e2e/deadEnds.test.ts follows it).
    expect(await filing.openQueueLink('AP Inbox').getAttribute('href')).toBe(`/workflow2/queues/${inbox}/documents`);

    const filed = (await queueDocuments(clerk, inbox)).filter((document) => document.name === `Invoice ${invoiceNo}.pdf`);
    expect(filed).toHaveLength(1);
    expect(filed[0].description).toBe(`Invoice ${invoiceNo} — Fabrikam Accounts <ap@fabrikam.example>`);

    // Found there in the web app, as the clerk works the queue on the ERP's Document Workflow page.
    const erpPage = await session.newWindow({ width: 1300, height: 900 });
    const queue = await new DemoErpPage(erpPage, session.server.baseUrl).openQueueAs('clerk', 'AP Inbox');
    await queue.row(`Invoice ${invoiceNo}.pdf`).waitFor();
    await erpPage.close();

    // The same message filed again: nothing stored, the server's words shown.
    await filing.file();
    await filing.outcome(/is already in the queue AP Inbox; it was not imported again\./);
    expect((await queueDocuments(clerk, inbox)).filter((document) => document.name === `Invoice ${invoiceNo}.pdf`)).toHaveLength(1);
    expect(session.errors).toEqual([]);
  });

  it("files the PDF and the e-mail itself into a vendor's Invoices folder, found by name, and finds both on the vendor in the ERP page", async () => {
    const invoiceNo = 'OUT-E2E-2';
    await page.goto(`${session.server.baseUrl}/demo/outlook?user=clerk&mode=read&invoiceNo=${invoiceNo}`);
    const filing = new OutlookFilingPage(page.frameLocator('iframe[title="Datahaven Documents"]'));
    await filing.waitForReady();
    await filing.chooseRecord('Vendor', 'Fabrikam', 'V10000 — Fabrikam, Inc.', 'Invoices');
    await filing.keepMessage();
    await filing.file();
    const said = await filing.outcome('2 documents filed on Vendor V10000 — Fabrikam, Inc. in the folder Invoices.');
    expect(said).not.toMatch(/already/);

    const erp = new DemoErpPage(page, session.server.baseUrl);
    const folders = new FoldersPage(page, erp.documentsFrame());
    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord('Fabrikam, Inc.');
    await folders.selectFolder('Invoices');
    await folders.waitForDocument(`Invoice ${invoiceNo}.pdf`);
    await folders.waitForDocument(`Invoice ${invoiceNo}.eml`);
    expect(session.errors).toEqual([]);
  });
});
