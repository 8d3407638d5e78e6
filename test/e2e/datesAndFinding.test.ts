import type { Locator, Page } from 'playwright-core';
import { DEMO_PURCHASE_INVOICES, demoVendor } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { SearchPage } from './pages/SearchPage';
import type { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { useBrowserSession } from './support/browserSession';
import { e2eWaitFor } from './support/e2eWaitFor';

/*
 * Issue 38 "Dates and finding", replayed at a 1280 px desktop: the decision columns of a queue
 * fit beside the document, and the vendor number every row shows finds its rows in the queue
 * filter and in Search, whose empty states name what was searched.
 */

/** Litware's purchase invoice PI-1004 waits in 'Approval L1' (demo world); its vendor is V40000. */
const LITWARE_INVOICE = DEMO_PURCHASE_INVOICES.find((invoice) => invoice.number === 'PI-1004') ?? DEMO_PURCHASE_INVOICES[3];
const VENDOR_NUMBER = LITWARE_INVOICE.vendor;
const LITWARE_FILE = `${LITWARE_INVOICE.vendorInvoiceNo}.pdf`;
/** The four columns an approver decides on, which must show whole at 1280 px. */
const DECISION_COLUMNS = ['Vendor', 'Invoice No.', 'Amount', 'Due date'];

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow({ width: 1280, height: 900 });
});

/** What of each decision column's header and cells lies outside the grid's scrolling viewport or has its text cut. */
async function clippedDecisionCells(grid: Locator): Promise<string[]> {
  return grid.evaluate((table, titles) => {
    const viewport = table.parentElement;
    if (viewport === null) return ['the grid has no viewport'];
    const box = viewport.getBoundingClientRect();
    const headers = Array.from(table.querySelectorAll('thead th'));
    const problems: string[] = [];
    for (const title of titles) {
      const column = headers.findIndex((header) => (header.textContent ?? '').trim() === title);
      if (column < 0) {
        problems.push(`no "${title}" column`);
        continue;
      }
      const cells = [headers[column], ...Array.from(table.querySelectorAll('tbody tr')).map((row) => row.children[column])];
      for (const cell of cells) {
        if (!(cell instanceof HTMLElement)) continue;
        const rect = cell.getBoundingClientRect();
        const what = `${title}: "${cell.innerText.replace(/\s+/g, ' ').trim()}"`;
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) problems.push(`${what} lies outside the grid's viewport`);
        if (cell.scrollWidth > cell.clientWidth) problems.push(`${what} is cut (${cell.scrollWidth} px of text in ${cell.clientWidth} px)`);
        for (const part of Array.from(cell.querySelectorAll<HTMLElement>('span, button'))) {
          if (part.scrollWidth > part.clientWidth + 0.5 && getComputedStyle(part).overflow !== 'visible')
            problems.push(`${what}: "${part.innerText}" is cut`);
        }
      }
    }
    return problems;
  }, DECISION_COLUMNS);
}

/** Types into the queue's filter box and waits for the list that answers it. */
async function filterQueue(queue: WorkflowQueuePage, app: ReturnType<DemoErpPage['documentsFrame']>, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/workflow') && new URL(response.url()).searchParams.get('q') === text,
  );
  await app.getByRole('searchbox', { name: 'Filter documents' }).fill(text);
  await answered;
  await queue
    .grid()
    .or(app.getByText(/^No documents match /))
    .first()
    .waitFor();
}

describe('dates and finding at 1280 px', () => {
  it('shows vendor, invoice number, amount and due date whole beside the document, and the queue filter finds the vendor number', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const queue = await erp.openQueueAs('approver', 'Approval L1');
    const app = erp.documentsFrame();
    await queue.rows().first().waitFor();
    // The vendor facts are read from the ERP in the background: wait until every row shows its vendor number.
    await e2eWaitFor(async () => queue.grid().innerText(), {
      until: (text) => (text.match(/\(V\d0000\)/g) ?? []).length >= 3,
      what: 'every Approval L1 row to show its vendor "name (number)"',
    });
    await queue.rows().first().click();
    await app.getByRole('region', { name: 'Document viewer' }).waitFor();

    expect(await clippedDecisionCells(queue.grid())).toEqual([]);
    const vendorCell = queue.row(LITWARE_FILE).getByRole('gridcell').nth(1);
    expect(await vendorCell.innerText()).toBe(`${demoVendor(VENDOR_NUMBER).name} (${VENDOR_NUMBER})`);

    // The other columns wait in the Columns menu, which the keyboard works: Enter opens it, the
    // arrows walk it, Space ticks a column, Escape closes it; the choice shows at once.
    const columnsButton = app.getByRole('button', { name: 'Columns', exact: true });
    await columnsButton.focus();
    await page.keyboard.press('Enter');
    const daysInQueue = app.getByRole('menuitemcheckbox', { name: 'Days in queue' });
    await daysInQueue.waitFor();
    await e2eWaitFor(
      async () => {
        if (await daysInQueue.evaluate((item) => item === document.activeElement)) return true;
        await page.keyboard.press('ArrowDown');
        return false;
      },
      { until: (focused) => focused, what: 'the arrows to reach "Days in queue" in the Columns menu' },
    );
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await queue.grid().getByRole('columnheader', { name: 'Days in queue' }).waitFor();
    // Back to the four: Reset columns, by keyboard too.
    await columnsButton.focus();
    await page.keyboard.press('Enter');
    const reset = app.getByRole('menuitem', { name: 'Reset columns' });
    await reset.waitFor();
    await reset.focus();
    await page.keyboard.press('Enter');
    await queue.grid().getByRole('columnheader', { name: 'Days in queue' }).waitFor({ state: 'detached' });

    // The vendor number the row shows finds the row.
    await filterQueue(queue, app, VENDOR_NUMBER);
    await queue.waitForDocuments([LITWARE_FILE]);

    // A filter that finds nothing says what it looked for; it is not an empty queue.
    await filterQueue(queue, app, 'V99999');
    await app.getByText('No documents match "V99999" in this queue', { exact: true }).waitFor();
    expect(await app.getByText('No documents in this queue', { exact: true }).count()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('finds the documents of a vendor by its number in Search, and says what was searched when nothing matches', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const search = new SearchPage(erp.documentsFrame());
    await erp.open();
    await erp.switchUser('clerk');
    await erp.openRecord(demoVendor('V10000').name);
    await search.openFromFolders();

    await search.type(VENDOR_NUMBER);
    // The results before the search (every document, Litware's among them) stay until its answer
    // replaces them: wait for the answer — Litware's file and no document of another vendor.
    const names = await e2eWaitFor(
      () =>
        search
          .results()
          .getByRole('button', { name: /\.pdf$/ })
          .allInnerTexts(),
      {
        until: (shown) => shown.includes(LITWARE_FILE) && shown.every((name) => name.startsWith('LW-')),
        what: `the search for ${VENDOR_NUMBER} showing Litware's documents only`,
      },
    );
    // Litware's documents: its purchase invoice and the invoice filed on the vendor itself, nothing of another vendor.
    expect(names).toContain(LITWARE_FILE);
    expect(names).toContain('LW-5307.pdf');
    expect(names.filter((name) => !name.startsWith('LW-'))).toEqual([]);

    await search.clear();
    await search.type('V99999');
    await erp.documentsFrame().getByText('No documents match "V99999"', { exact: true }).waitFor();
    expect(session.errors).toEqual([]);
  });
});
