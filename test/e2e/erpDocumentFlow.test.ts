import type { Page } from 'playwright-core';
import { formatFileSize } from '../../packages/core/src/rules/fileSize';
import { DEMO_SCAN_FILE_NAME } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { NotesPage } from './pages/NotesPage';
import { ViewerPage } from './pages/ViewerPage';
import { makeInvoicePdf } from './support/makeInvoicePdf';
import { useBrowserSession } from './support/browserSession';
import { setErpApprovalStatus } from './support/demoApi';

const VENDOR = 'Fabrikam, Inc.';
/** The seeded scan lives in this folder of the vendor (packages/server/src/demo/demoWorld.ts). */
const SCAN_FOLDER = 'Correspondence';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

describe('an AP clerk in the Business Central iframe', () => {
  it('uploads a 3-page invoice into a vendor folder, reads page 3, keeps a note across a reload, and opens the vendor scan as pages', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);
    const viewer = new ViewerPage(app);
    const notes = new NotesPage(app);

    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord(VENDOR);
    await folders.waitForFolder('Invoices');

    const fileName = `Invoice E2E-${Date.now()}.pdf`;
    const pdf = await makeInvoicePdf({ pages: 3, vendorName: VENDOR, invoiceNumber: 'E2E-0001' });
    await folders.uploadByPicker('Invoices', { name: fileName, mimeType: 'application/pdf', buffer: pdf });
    const listed = await folders.waitForDocument(fileName);
    expect(listed.shown).toContain(fileName);
    expect(listed.shown).toContain(formatFileSize(pdf.length));
    expect(listed.accessibleName.startsWith(`${fileName}, ${formatFileSize(pdf.length)}, `)).toBe(true);

    await folders.openDocument(fileName, 'Invoices');
    expect(await viewer.pageCount()).toBe(3);
    await viewer.goToPage(3);
    expect(await viewer.currentPage()).toBe(3);
    expect(await viewer.inkOnPage(3)).toBeGreaterThan(1000);

    const noteText = `Checked against PO 4711 (${fileName})`;
    await viewer.openNotes();
    await notes.addNote(noteText);
    await notes.waitForNote(noteText);

    await page.reload();
    await erp.switchUser('clerk');
    await erp.openRecord(VENDOR);
    await folders.openNotes(fileName, 'Invoices');
    await notes.waitForNote(noteText);

    await notes.back();
    await folders.openDocument(DEMO_SCAN_FILE_NAME, SCAN_FOLDER);
    const scanPages = await viewer.pageCount();
    expect(scanPages).toBeGreaterThan(1);
    await viewer.goToPage(scanPages);
    expect(await viewer.inkOnPage(scanPages)).toBeGreaterThan(1000);

    expect(session.errors).toEqual([]);
  });
});

describe('an AP clerk files a vendor invoice on its purchase invoice, and it follows the invoice when posted', () => {
  it('uploads on V30000, links the document on to PI-1003 found by number, sees it in PI-1003, posts PI-1003 in the demo ERP and finds it on PPI-1003', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);

    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord('Northwind Traders');
    await folders.waitForFolder('Invoices');
    const fileName = `Northwind NWT-E2E-${Date.now()}.pdf`;
    const pdf = await makeInvoicePdf({ pages: 1, vendorName: 'Northwind Traders', invoiceNumber: 'NWT-E2E' });
    await folders.uploadByPicker('Invoices', { name: fileName, mimeType: 'application/pdf', buffer: pdf });
    await folders.waitForDocument(fileName);

    // Filed on the vendor, linked on to the vendor's invoice: the clerk may break links, so Link to
    // Existing replaces the vendor link (docs/UX-DECISIONS.md "Re-linking").
    await folders.selectDocument(fileName, 'Invoices');
    const linkAction = app.getByRole('button', { name: 'Link to Existing' });
    await app.locator('button:not([aria-disabled="true"])', { hasText: 'Link to Existing' }).waitFor();
    await linkAction.click();
    await app.getByRole('heading', { name: `Link to existing record – ${fileName}` }).waitFor();
    await app.getByText('Linked to Vendor V30000. Linking it to another record replaces this link.').waitFor();
    await app.getByLabel('Record type').selectOption({ label: 'Purchase Invoice' });
    const records = app.getByRole('grid', { name: 'Records' });
    await records.getByRole('textbox', { name: 'Filter number' }).fill('PI-1003');
    await records.getByRole('row', { name: /^PI-1004 / }).waitFor({ state: 'detached' });
    await records.getByRole('row', { name: /^PI-1003 / }).click();
    await app.getByRole('button', { name: 'Link', exact: true }).click();
    await app.locator('.fui-ToastTitle').filter({ hasText: 'Linked to PI-1003' }).waitFor();
    // Gone from the vendor's folders: it is the invoice's now.
    await folders.document(fileName).waitFor({ state: 'detached' });

    // PI-1003's folder tree lists it in its 'Invoice' folder (the subtype moved to the invoice table's).
    await erp.openRecord('PI-1003');
    await folders.waitForFolder('Supporting Documents');
    await folders.selectDocument(fileName, 'Invoice');

    // BC's Post: the demo ERP posts it (approved in Datahaven: set in the ERP here, as this flow is about
    // the documents following it), and the page reports it to our API as the AL codeunit does.
    setErpApprovalStatus(session.server.erp, 'PI-1003', 'Approved');
    await erp.postInvoice();
    await erp
      .erpSection()
      .getByRole('status')
      .filter({ hasText: /^PI-1003 is posted\. \d+ documents? follows? it to PPI-1003\.$/ })
      .waitFor();
    await erp.openRecord('PPI-1003');
    await folders.waitForFolder('Supporting Documents');
    await folders.selectDocument(fileName, 'Invoice');
    await erp.erpSection().getByText('PI-1003', { exact: true }).waitFor();

    expect(session.errors).toEqual([]);
  });
});
