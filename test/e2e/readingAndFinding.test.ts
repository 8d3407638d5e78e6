import type { Page } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { NotesPage } from './pages/NotesPage';
import { ViewerPage } from './pages/ViewerPage';
import { makeInvoicePdf } from './support/makeInvoicePdf';
import { useBrowserSession } from './support/browserSession';

const VENDOR = 'Fabrikam, Inc.';
const FOLDER = 'Invoices';

const session = useBrowserSession();
let page: Page;
let erp: DemoErpPage;
let folders: FoldersPage;
let viewer: ViewerPage;
let notes: NotesPage;

beforeAll(async () => {
  page = await session.newWindow();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.baseUrl });
  erp = new DemoErpPage(page, session.server.baseUrl);
  const app = erp.documentsFrame();
  folders = new FoldersPage(page, app);
  viewer = new ViewerPage(app);
  notes = new NotesPage(app);
  await erp.open();
  await erp.switchUser('clerk');
  await erp.openRecord(VENDOR);
  await folders.waitForFolder(FOLDER);
});

async function upload(fileName: string, pdf: Buffer): Promise<void> {
  await folders.uploadByPicker(FOLDER, { name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await folders.waitForDocument(fileName);
}

describe('reading and finding in the viewer', () => {
  it('copies the invoice number from the text layer of page 1, and Ctrl+F "Total" counts and highlights the matches', async () => {
    const fileName = `Invoice TL-${Date.now()}.pdf`;
    await upload(fileName, await makeInvoicePdf({ pages: 3, vendorName: VENDOR, invoiceNumber: 'INV-77031' }));
    await folders.openDocument(fileName, FOLDER);
    expect(await viewer.pageCount()).toBe(3);

    await viewer.selectText(1, 'INV-77031');
    await page.keyboard.press('Control+C');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('INV-77031');

    // The text stays on the drawn words when the page turns and zooms.
    expect(await viewer.textSitsOnPage(1, 'INV-77031')).toBe(true);
    await page.keyboard.press('r');
    await viewer.waitForTextTurned(1, 90);
    expect(await viewer.textSitsOnPage(1, 'INV-77031')).toBe(true);
    await page.keyboard.press('Shift+R');
    await page.keyboard.press('Control+Minus');
    await viewer.waitForTextTurned(1, 0);
    expect(await viewer.textSitsOnPage(1, 'INV-77031')).toBe(true);

    await page.keyboard.press('Control+F');
    await viewer.findBox().fill('Total');
    // One "Total" line on each of the 3 pages.
    await viewer.findCount().getByText('1 of 3', { exact: true }).waitFor();
    await viewer.highlights(1).first().waitFor();
    expect(await viewer.highlights(1).count()).toBe(1);
    expect(await viewer.highlights(1).first().getAttribute('data-active')).toBe('true');
    await viewer.findBox().press('Enter');
    await viewer.findCount().getByText('2 of 3', { exact: true }).waitFor();
    await viewer.findBox().press('Shift+Enter');
    await viewer.findCount().getByText('1 of 3', { exact: true }).waitFor();
    await viewer.back();
    expect(session.errors).toEqual([]);
  });

  it('asks for the password of a protected PDF, refuses a wrong one in words, and opens with the right one', async () => {
    const fileName = `Locked TL-${Date.now()}.pdf`;
    await upload(fileName, await makeInvoicePdf({ pages: 2, vendorName: VENDOR, invoiceNumber: 'INV-LOCK', userPassword: 'open-sesame' }));
    await folders.openDocument(fileName, FOLDER);
    await viewer.passwordForm().waitFor();
    await viewer.enterPassword('wrong guess');
    await viewer.passwordForm().getByText('That password is not right. Check it and try again.').waitFor();
    await viewer.enterPassword('open-sesame');
    expect(await viewer.pageCount()).toBe(2);
    expect(await viewer.inkOnPage(1)).toBeGreaterThan(1000);
    await viewer.back();
    expect(session.errors).toEqual([]);
  });

  it('folds five openings into one VIEWED line in the notes panel beside the page', async () => {
    const fileName = `Viewed TL-${Date.now()}.pdf`;
    await upload(fileName, await makeInvoicePdf({ pages: 1, vendorName: VENDOR, invoiceNumber: 'INV-VIEW' }));
    for (let opening = 1; opening <= 5; opening++) {
      await folders.openDocument(fileName, FOLDER);
      await viewer.pageCount();
      if (opening < 5) await viewer.back();
    }
    await viewer.openNotes();
    // The panel sits beside the page: the page stays on screen.
    await notes
      .list()
      .getByText(/^Viewed by .*, 5 times, last /)
      .waitFor();
    expect(await notes.list().getByText('VIEWED', { exact: true }).count()).toBe(0);
    expect(await viewer.pageCanvas(1).isVisible()).toBe(true);
    expect(session.errors).toEqual([]);
  });
});
