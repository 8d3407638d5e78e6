import type { Page } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { useBrowserSession } from './support/browserSession';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

describe('Capture in the Business Central iframe', () => {
  it("asks the ERP page to capture the open purchase invoice (POST /record/capture → AL's CaptureRequested), and says so", async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    await erp.open();
    await erp.openRecord('PI-1003');
    const app = erp.documentsFrame();
    // Offered: the page says the invoice can be captured (isCapturable) and the clerk holds 'Dynamics: Capture'.
    await app.getByRole('button', { name: 'Capture', exact: true }).click();
    await app.locator('.fui-ToastTitle', { hasText: 'Capture started in the ERP.' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Capture requested for Purchase Invoice PI-1003.' }).waitFor();
    await erp.addInEvent(/CaptureRequested Purchase Invoice PI-1003/).waitFor({ state: 'attached' });
    expect(session.errors).toEqual([]);
  });
});
