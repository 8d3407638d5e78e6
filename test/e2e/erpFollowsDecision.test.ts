import type { Page } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { useBrowserSession } from './support/browserSession';

/*
 * Issue 35, part 5 ("the ERP follows the decision"), in the browser: the demo world seeds
 * CS-88120.pdf, linked to purchase invoice PI-1002, in 'Approval L1' (approve-to 'Approval L2',
 * then 'Approved'). Pat ('approver') approves it at level 1, Dana ('admin') at level 2; the
 * server's job writes the status to the demo ERP (its extension API, as manifests/bc's API page),
 * the document's properties say 'ERP updated', the card shows Approved and BC's Post posts it.
 * PI-1003, whose invoice still waits in 'Approval L1', is refused with the reason.
 */
const INVOICE_DOCUMENT = 'CS-88120.pdf';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

describe('the ERP follows the decision, on the demo ERP page', () => {
  it('refuses to post an invoice not approved in Datahaven with the reason; approved at two levels by two people, the card shows Approved and Post posts it', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    await erp.open();
    const section = erp.erpSection();

    // Not approved (its document waits in Approval L1): BC's Post is refused, in words.
    await erp.openRecord('PI-1003');
    await section.getByText('V30000 Northwind Traders').waitFor();
    await erp.postInvoice();
    await section
      .getByRole('status')
      .filter({
        hasText:
          'Business Central refused the request: Purchase invoice PI-1003 cannot be posted: it is not approved in Datahaven Documents (approval status: none).',
      })
      .waitFor();
    expect(await section.getByText('Draft', { exact: true }).count()).toBe(1);

    // Level 1: Pat approves with the note Approval L1 requires, in a browser of their own.
    const l1 = await new DemoErpPage(await session.newWindow(), session.server.baseUrl).openQueueAs('approver', 'Approval L1');
    await l1.row(INVOICE_DOCUMENT).waitFor();
    await l1.selectWithKeyboard([INVOICE_DOCUMENT]);
    await l1.approveWithNote('Matches the order and the receipt; approved at level 1.');
    await l1.row(INVOICE_DOCUMENT).waitFor({ state: 'detached' });

    // Level 2: Dana approves, in another; Approval L2 approves to Approved, where the approve-to chain ends.
    const l2 = await new DemoErpPage(await session.newWindow(), session.server.baseUrl).openQueueAs('admin', 'Approval L2');
    await l2.row(INVOICE_DOCUMENT).waitFor();
    await l2.selectWithKeyboard([INVOICE_DOCUMENT]);
    await l2.action('Approve').click();
    await l2.row(INVOICE_DOCUMENT).waitFor({ state: 'detached' });

    // The document says the ERP was updated (its properties ask again while the write is pending).
    await erp.openRecord('PI-1002');
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);
    await folders.openDocument(INVOICE_DOCUMENT, 'Invoice');
    await app.getByRole('button', { name: 'Properties' }).click();
    const line = app.getByRole('status', { name: 'ERP status' });
    await line.filter({ hasText: 'ERP updated' }).waitFor();
    expect(await line.innerText()).toContain('Business Central holds Approved for PI-1002.');

    // The card reads the invoice from the demo ERP again: Approved; Post posts it.
    await erp.openRecord('PI-1003');
    await section.getByText('V30000 Northwind Traders').waitFor();
    await erp.openRecord('PI-1002');
    await section.getByText('V20000 Contoso Supplies').waitFor();
    await section.getByText('Approved', { exact: true }).waitFor();
    await erp.postInvoice();
    await section
      .getByRole('status')
      .filter({ hasText: /^PI-1002 is posted\. \d+ documents? follows? it to PPI-1002\.$/ })
      .waitFor();

    expect(session.errors).toEqual([]);
  });
});
