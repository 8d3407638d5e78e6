import type { Page } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { SplitMergePage } from './pages/SplitMergePage';
import { ViewerPage } from './pages/ViewerPage';
import { makeInvoicePdf } from './support/makeInvoicePdf';
import { useBrowserSession } from './support/browserSession';

const VENDOR = 'Fabrikam, Inc.';
const FOLDER = 'Invoices';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

describe('an AP clerk splitting a scan and merging it back', () => {
  it('splits a 6-page PDF in the visual split tool into pages 1-2 and 3-6, sees both in the folder, and merges them back into one 6-page document', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);
    const pageWork = new SplitMergePage(page, app);
    const viewer = new ViewerPage(app);

    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord(VENDOR);
    await folders.waitForFolder(FOLDER);

    const stem = `Scan SPLIT-${Date.now()}`;
    const fileName = `${stem}.pdf`;
    const pdf = await makeInvoicePdf({ pages: 6, vendorName: VENDOR, invoiceNumber: 'SPLIT-0001' });
    await folders.uploadByPicker(FOLDER, { name: fileName, mimeType: 'application/pdf', buffer: pdf });
    await folders.waitForDocument(fileName);

    // Split dialog → Visual → the full visual split tool.
    await folders.selectDocument(fileName, FOLDER);
    await pageWork.openSplitDialog(fileName);
    await pageWork.openVisualSplitTool();
    expect(await pageWork.pagesOf(1)).toEqual([1, 2, 3, 4, 5, 6]);

    // Page 3 starts a new document; pages 4 to 6 follow it there, one drag each.
    await pageWork.dragPageToNewDocument(3);
    expect(await pageWork.pagesOf(2)).toEqual([3]);
    for (const moved of [4, 5, 6]) await pageWork.dragPageToGroup(moved, 2);
    expect(await pageWork.pagesOf(1)).toEqual([1, 2]);
    expect(await pageWork.pagesOf(2)).toEqual([3, 4, 5, 6]);

    await pageWork.nameGroup(1, `${stem} A`);
    await pageWork.nameGroup(2, `${stem} B`);
    const made = await pageWork.createDocuments(2);
    expect(made).toEqual([`${stem} A.pdf (2 pages)`, `${stem} B.pdf (4 pages)`]);

    // Back in the folder: both new documents, and the original (a clerk may not delete it).
    await pageWork.done();
    await folders.waitForDocument(`${stem} A.pdf`);
    await folders.waitForDocument(`${stem} B.pdf`);
    await folders.waitForDocument(fileName);

    // Select B first, then A: the merge screen lists them in selection order; Move up puts A first.
    await pageWork.selectDocuments([`${stem} B.pdf`, `${stem} A.pdf`]);
    await pageWork.openMerge();
    expect(await pageWork.mergeOrder()).toEqual([`${stem} B.pdf`, `${stem} A.pdf`]);
    await pageWork.moveUp(`${stem} A.pdf`);
    expect(await pageWork.mergeOrder()).toEqual([`${stem} A.pdf`, `${stem} B.pdf`]);

    const merged = await pageWork.merge(2, `${stem} merged`);
    expect(merged).toContain(`Merged into ${stem} merged.pdf (6 pages)`);
    await pageWork.openMerged();
    expect(await viewer.pageCount()).toBe(6);
    await viewer.goToPage(6);
    expect(await viewer.inkOnPage(6)).toBeGreaterThan(1000);

    expect(session.errors).toEqual([]);
  });
});
