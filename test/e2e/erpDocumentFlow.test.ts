import type { Page } from 'playwright-core';
import { formatFileSize } from '../../packages/core/src/rules/fileSize';
import { DEMO_SCAN_FILE_NAME } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { NotesPage } from './pages/NotesPage';
import { ViewerPage } from './pages/ViewerPage';
import { makeInvoicePdf } from './support/makeInvoicePdf';
import { useBrowserSession } from './support/browserSession';

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
