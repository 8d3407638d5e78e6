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
/** What the clerk types: the vendor's invoice number as far as they remember it ('CS-881'). */
const TYPED = INVOICE.vendorInvoiceNo.slice(0, -2);
/**
 * The server's suggestion (GET /api/search-tags offers the names of documents the caller may see
 * that contain the typed text); the client's own "contains" tags only ever repeat the typed text,
 * so a label ending in '.pdf' can only have come from the server.
 */
const SUGGESTION = `Name: ${FILE_NAME}`;
const SAVED_NAME = `${VENDOR_WORD} ${INVOICE.vendorInvoiceNo}`;

/** The tags of one /search-tags answer as the picker labels them. */
function suggestionLabels(body: unknown): string[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((tag: unknown) => {
    if (typeof tag !== 'object' || tag === null) return [];
    const { prefix, text } = tag as Record<string, unknown>;
    return typeof prefix === 'string' && typeof text === 'string' ? [prefix === '' ? text : `${prefix}: ${text}`] : [];
  });
}

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow({ width: 1200, height: 900 });
});

describe('an AP clerk searching from the Business Central iframe', () => {
  it('types part of a vendor invoice number, picks the server-suggested name tag, adds the vendor name, saves the search, reloads and runs it again', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const search = new SearchPage(erp.documentsFrame());

    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord(VENDOR);
    await search.openFromFolders();

    // The suggestion list is the server's answer for the whole typed text: wait for that answer
    // offering it. On a busy machine the debounce may also fire after a first letter ('C'), whose
    // answer offers the same tag, so the wait names the query too (it times out if none is asked).
    const suggested = page.waitForResponse(
      async (response) =>
        response.url().includes('/api/search-tags') &&
        new URL(response.url()).searchParams.get('q') === TYPED &&
        suggestionLabels(await response.json().catch(() => null)).includes(SUGGESTION),
    );
    await search.type(TYPED);
    await suggested;
    await search.pickSuggestion(SUGGESTION);
    await search.type(VENDOR_WORD);
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
    await search.chip(SUGGESTION).waitFor();
    await search.waitForResult(FILE_NAME);
    await search.waitForCount('1 document found');
    expect(await search.resultNames()).toEqual([FILE_NAME]);
    expect(await search.box().inputValue()).toBe(VENDOR_WORD);

    expect(session.errors).toEqual([]);
  });
});
