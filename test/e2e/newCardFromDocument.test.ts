import type { Page } from 'playwright-core';
import { DEMO_UNLINKED_FILE_NAME } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { viewerAction, viewerActionShown } from './pages/viewerTool';
import { useBrowserSession } from './support/browserSession';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

/** The purchase invoices of CRONUS whose number is `number`, read from the demo ERP's OData over HTTP as any client would. */
async function purchaseInvoicesNumbered(number: string): Promise<Record<string, unknown>[]> {
  const erp = session.server.erp;
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'e2e-client', client_secret: 'e2e-secret' });
  const token = (await (
    await fetch(erp.tokenUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form })
  ).json()) as { access_token: string };
  const get = async (url: string): Promise<{ value: Record<string, unknown>[] }> =>
    (await fetch(url, { headers: { Authorization: `Bearer ${token.access_token}`, Accept: 'application/json' } })).json() as Promise<{
      value: Record<string, unknown>[];
    }>;
  const company = (await get(`${erp.apiUrl}/companies`)).value.find((candidate) => candidate.name === 'CRONUS');
  const filter = encodeURIComponent(`number eq '${number}'`);
  return (await get(`${erp.apiUrl}/companies(${String(company?.id)})/purchaseInvoices?$filter=${filter}`)).value;
}

describe('New Card From Document in the Business Central iframe', () => {
  it('makes a new purchase invoice for Northwind in the demo ERP from the unlinked invoice in Coding, and links the document to it', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const coding = await erp.openQueueAs('clerk', 'Coding');
    await coding.row(DEMO_UNLINKED_FILE_NAME).click();

    // Beside Link to Existing: on, since the document is unlinked and the clerk holds the privilege.
    await (await viewerAction(app, 'New Card From Document', true)).click();
    const dialog = app.getByRole('dialog', { name: `New record from ${DEMO_UNLINKED_FILE_NAME}` });
    // An invoice starts on the purchase invoice table, filed as a vendor invoice.
    await dialog.getByRole('option', { name: 'Vendor Invoice', exact: true }).waitFor({ state: 'attached' });
    expect(await dialog.getByLabel('Record type').inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The new record page: the vendor from the ERP's vendors, the vendor's invoice number.
    await dialog.getByText('New Purchase Invoice').waitFor();
    await dialog.getByRole('option', { name: /^V30000 – / }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Vendor', { exact: true }).selectOption('V30000');
    await dialog.getByLabel("Vendor's invoice number").fill('NWT-2025-0144');
    await dialog.getByRole('button', { name: 'Create and link' }).click();
    const created = dialog.getByText(/^Purchase Invoice PI-\d+ was created and the document linked to it\.$/);
    await created.waitFor();
    const number = /PI-\d+/.exec((await created.textContent()) ?? '')?.[0] ?? '';
    // The record opens in the ERP: the server generated its URL.
    await dialog.getByRole('button', { name: `Open ${number}` }).waitFor();

    // The demo ERP holds it, for Northwind, as its own OData service answers.
    expect(await purchaseInvoicesNumbered(number)).toEqual([
      expect.objectContaining({ number, vendorNumber: 'V30000', vendorInvoiceNumber: 'NWT-2025-0144', status: 'Draft' }),
    ]);

    // Linked: the document's actions follow (New Card is off for a linked document, Break Link on;
    // Link to Existing stays on for the clerk, who may replace a link: UX-DECISIONS.md "Re-linking").
    await dialog.getByRole('button', { name: 'Close' }).click();
    await viewerActionShown(app, 'Break Link', true);
    await viewerActionShown(app, 'New Card From Document', false);
    expect(session.errors).toEqual([]);
  });

  it("makes the purchase invoice on the ERP's own page instead: its insert event (SendRecordEvent → PUT /record/event) completes the New Card and links the document", async () => {
    // The same window and queue: the invoice linked above is unlinked again, so it can start over.
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    await (await viewerAction(app, 'Break Link', true)).click();
    const confirm = app.getByRole('dialog', { name: 'Break the link?' });
    await confirm.getByRole('button', { name: 'Break Link' }).click();
    await (await viewerAction(app, 'New Card From Document', true)).click();
    const dialog = app.getByRole('dialog', { name: `New record from ${DEMO_UNLINKED_FILE_NAME}` });
    await dialog.getByRole('option', { name: 'Vendor Invoice', exact: true }).waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText("Or make the record on the ERP's own page: when it is saved there, the document is linked to it.").waitFor();

    // BC's New Purchase Invoice, saved on the ERP page: the demo ERP makes it, AL tells the add-in.
    const number = await erp.createPurchaseInvoice('V30000', 'NWT-2025-0144-R');
    const created = dialog.getByText(`Purchase Invoice ${number} was created and the document linked to it.`);
    await created.waitFor();
    expect(await purchaseInvoicesNumbered(number)).toEqual([
      expect.objectContaining({ number, vendorNumber: 'V30000', vendorInvoiceNumber: 'NWT-2025-0144-R', status: 'Draft' }),
    ]);
    // After the link the ERP page was told (upward PUT /refresh → AL's RefreshRequested).
    await erp.addInEvent(/RefreshRequested .*"docId"/).waitFor({ state: 'attached' });

    await dialog.getByRole('button', { name: 'Close' }).click();
    await viewerActionShown(app, 'Break Link', true);
    await viewerActionShown(app, 'New Card From Document', false);
    expect(session.errors).toEqual([]);
  });
});
