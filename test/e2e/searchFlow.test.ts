import type { Page } from 'playwright-core';
import { DEMO_PURCHASE_INVOICES, demoVendor } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { SearchPage } from './pages/SearchPage';
import { useBrowserSession } from './support/browserSession';

/** Contoso's first purchase invoice (demo world): its description names the vendor, its name holds the invoice number. */
const INVOICE = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.vendor === 'V20000') ?? DEMO_PURCHASE_INVOICES[1];
const VENDOR = demoVendor(INVOICE.vendor).name;
const VENDOR_WORD = VENDOR.split(' ')[0];
const FILE_NAME = `${INVOICE.vendorInvoiceNo}.pdf`;
const INVOICE_WORD = INVOICE.vendorInvoiceNo.split('-').pop() ?? INVOICE.vendorInvoiceNo;
const SAVED_NAME = `${VENDOR_WORD} ${INVOICE_WORD}`;

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow({ width: 1200, height: 900 });
});

describe('an AP clerk searching from the Business Central iframe', () => {
  it('types a vendor name, picks a suggested tag, adds a word, saves the search, reloads and runs it again', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const search = new SearchPage(erp.documentsFrame());

    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord(VENDOR);
    await search.openFromFolders();

    await search.type(VENDOR_WORD);
    await search.pickSuggestion(`Description: ${VENDOR_WORD}`);
    await search.type(INVOICE_WORD);
    await search.waitForResult(FILE_NAME);
    await search.waitForCount('1 document found');
    expect(await search.resultNames()).toEqual([FILE_NAME]);

    await search.save(SAVED_NAME);

    await page.reload();
    await erp.switchUser('clerk');
    await erp.openRecord(VENDOR);
    await search.openFromFolders();
    await search.clear();

    await search.runSaved(SAVED_NAME);
    await search.chip(`Description: ${VENDOR_WORD}`).waitFor();
    await search.waitForResult(FILE_NAME);
    await search.waitForCount('1 document found');
    expect(await search.resultNames()).toEqual([FILE_NAME]);
    expect(await search.box().inputValue()).toBe(INVOICE_WORD);

    expect(session.errors).toEqual([]);
  });
});
