import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { ViewerPage } from './pages/ViewerPage';
import { useBrowserSession } from './support/browserSession';

const VENDOR = 'Fabrikam, Inc.';
const FOLDER = 'Invoices';
/** The XRechnung UBL example the capture tests read (packages/server/src/einvoice/test/fixtures). */
const XRECHNUNG = readFileSync(join(__dirname, '../../packages/server/src/einvoice/test/fixtures/xrechnung-ubl.xml'));

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

describe('an e-invoice XML in the viewer (issue 36)', () => {
  it('is uploaded as .xml and shown as an invoice page whose words are found, not as raw XML', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);
    const viewer = new ViewerPage(app);
    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord(VENDOR);
    await folders.waitForFolder(FOLDER);
    const fileName = `XRechnung RE-2026-03315 ${Date.now()}.xml`;
    await folders.uploadByPicker(FOLDER, { name: fileName, mimeType: 'application/xml', buffer: XRECHNUNG });
    await folders.waitForDocument(fileName);
    await folders.openDocument(fileName, FOLDER);

    expect(await viewer.pageCount()).toBe(1);
    expect(await viewer.inkOnPage(1)).toBeGreaterThan(0);
    await viewer.selectText(1, 'RE-2026-03315');
    await page.keyboard.press('Control+F');
    await viewer.findBox().fill('1267.35');
    // The total with VAT and the amount due (nothing was paid in advance).
    await viewer.findCount().getByText('1 of 2', { exact: true }).waitFor();
    await viewer.highlights(1).first().waitFor();
    await viewer.back();
    expect(session.errors).toEqual([]);
  });
});
