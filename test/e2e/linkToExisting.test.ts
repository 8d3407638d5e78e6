import type { Page } from 'playwright-core';
import { DEMO_UNLINKED_FILE_NAME } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { viewerAction, viewerActionShown } from './pages/viewerTool';
import { useBrowserSession } from './support/browserSession';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

describe('Link to Existing in the Business Central iframe', () => {
  it('links the unlinked Northwind invoice waiting in Coding to PI-1003, found by its number in the demo ERP', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    const coding = await erp.openQueueAs('clerk', 'Coding');
    await coding.row(DEMO_UNLINKED_FILE_NAME).click();

    // The inline viewer's Link to Existing: on, since the document is unlinked and the clerk may link.
    await (await viewerAction(app, 'Link to Existing', true)).click();
    await app.getByRole('heading', { name: `Link to existing record – ${DEMO_UNLINKED_FILE_NAME}` }).waitFor();
    await app.getByLabel('Record type').selectOption({ label: 'Purchase Invoice' });
    const records = app.getByRole('grid', { name: 'Records' });
    await records.getByRole('textbox', { name: 'Filter number' }).fill('PI-1003');
    // The filter has answered once the other invoices are gone.
    await records.getByRole('row', { name: /^PI-1004 / }).waitFor({ state: 'detached' });
    await records.getByRole('row', { name: /^PI-1003 / }).click();
    await app.getByRole('button', { name: 'Link', exact: true }).click();
    await app.locator('.fui-ToastTitle').filter({ hasText: 'Linked to PI-1003' }).waitFor();

    // Back in Coding, the invoice is linked: Break Link is on for it now (the server's access flag).
    await coding.grid().waitFor();
    await coding.row(DEMO_UNLINKED_FILE_NAME).click();
    await viewerActionShown(app, 'Break Link', true);

    // PI-1003's folders list it: it had no subtype, so it took the invoice table's first ('Vendor Invoice', folder 'Invoice').
    await erp.open();
    await erp.openRecord('PI-1003');
    const folders = new FoldersPage(page, app);
    await folders.waitForFolder('Supporting Documents');
    await folders.selectDocument(DEMO_UNLINKED_FILE_NAME, 'Invoice');
    expect(session.errors).toEqual([]);
  });
});
