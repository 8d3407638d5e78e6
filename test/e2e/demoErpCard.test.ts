import type { Page } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { useBrowserSession } from './support/browserSession';
import { setErpApprovalStatus } from './support/demoApi';

const session = useBrowserSession();
let page: Page;
/**
 * Every server error the page or its iframes received from our server: an ERP that is down must
 * never make one. 503 is the card's designed answer in words while the ERP is stopped.
 */
const serverErrors: string[] = [];

beforeAll(async () => {
  page = await session.newWindow();
  page.on('response', (response) => {
    if (response.status() >= 500 && response.status() !== 503 && response.url().startsWith(session.server.baseUrl))
      serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
});

afterAll(() => {
  expect(session.errors).toEqual([]);
  expect(serverErrors).toEqual([]);
});

describe('the demo ERP card: the record as the ERP holds it', () => {
  it('shows a draft purchase invoice from the demo ERP, posts it, and shows the posted invoice', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    await erp.open();
    await erp.openRecord('PI-1003');
    const section = erp.erpSection();
    await section.getByText('V30000 Northwind Traders').waitFor();
    await section.getByText('Draft', { exact: true }).waitFor();
    // Posting needs the invoice approved in Datahaven (the demo ERP's setup switch is on): an ERP user approved it.
    setErpApprovalStatus(session.server.erp, 'PI-1003', 'Approved');
    await erp.postInvoice();
    await section.getByRole('status').filter({ hasText: 'PI-1003 is posted.' }).waitFor();
    await section.getByText('PPI-1003', { exact: true }).waitFor();
    expect(await section.getByRole('button', { name: 'Post' }).isHidden()).toBe(true);
  });

  it('says in words, on the card and in the FactBox, that the ERP cannot be reached while it is stopped, and shows the record and its related folders again once it is back (no 500)', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    await session.server.erp.close();
    await erp.openRecord('PI-1004');
    const section = erp.erpSection();
    await section
      .getByRole('status')
      .filter({ hasText: 'Business Central cannot be reached right now. Please try again later.' })
      .waitFor();
    // The FactBox says it too, above the folders the product itself holds, and leaves out the related records' folders.
    const app = erp.documentsFrame();
    const folders = new FoldersPage(page, app);
    const notice = app.getByRole('status', { name: 'Documents of related records are not shown.' });
    await notice.filter({ hasText: 'Business Central cannot be reached right now. Please try again later.' }).waitFor();
    await folders.waitForFolder('Invoice');
    await folders.waitForFolder('Supporting Documents');
    expect(await folders.folder('Vendor V40000').count()).toBe(0);
    await session.server.restartErp();
    // Retry in the FactBox: the related records' folders are back and the notice is gone. The
    // FactBox may also ask again by itself (the window regaining focus does, while the notice
    // shows), and then Retry is disabled and the notice goes away under a click; so wait until
    // either the folders are back or Retry can be pressed, and press it inside the page only if
    // it still can be at that instant.
    const retry = notice.getByRole('button', { name: 'Retry' });
    const vendorFolder = folders.folder('Vendor V40000');
    await vendorFolder
      .or(retry.and(app.locator('button:enabled')))
      .first()
      .waitFor();
    await app.locator('body').evaluate((body) => {
      const button = Array.from(body.querySelectorAll<HTMLButtonElement>('[role="status"] button')).find(
        (candidate) => candidate.textContent === 'Retry',
      );
      if (button !== undefined && !button.disabled) button.click();
    });
    await folders.waitForFolder('Vendor V40000');
    await folders.waitForFolder('Purchase Order 106004');
    await notice.waitFor({ state: 'detached' });
    await erp.openRecord('Litware Office');
    await section.getByText('V40000', { exact: true }).waitFor();
  });
});
