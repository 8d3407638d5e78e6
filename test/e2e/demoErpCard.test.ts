import type { Page } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { useBrowserSession } from './support/browserSession';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

afterAll(() => {
  expect(session.errors).toEqual([]);
});

describe('the demo ERP card: the record as the ERP holds it', () => {
  it('shows a draft purchase invoice from the demo ERP, posts it, and shows the posted invoice', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    await erp.open();
    await erp.openRecord('PI-1003');
    const section = erp.erpSection();
    await section.getByText('V30000 Northwind Traders').waitFor();
    await section.getByText('Draft', { exact: true }).waitFor();
    await erp.postInvoice();
    await section.getByRole('status').filter({ hasText: 'PI-1003 is posted.' }).waitFor();
    await section.getByText('PPI-1003', { exact: true }).waitFor();
    expect(await section.getByRole('button', { name: 'Post' }).isHidden()).toBe(true);
  });

  it('says in words that the ERP cannot be reached while it is stopped, and shows the record again once it is back', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    await session.server.erp.close();
    await erp.openRecord('PI-1004');
    const section = erp.erpSection();
    await section.getByRole('status').filter({ hasText: 'Business Central cannot be reached right now. Please try again later.' }).waitFor();
    await session.server.restartErp();
    await erp.openRecord('Litware Office');
    await section.getByText('V40000', { exact: true }).waitFor();
  });
});
