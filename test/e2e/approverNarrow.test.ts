import type { FrameLocator } from 'playwright-core';
import { DemoErpPage } from './pages/DemoErpPage';
import { PhoneQueuePage } from './pages/PhoneQueuePage';
import { WorkflowPage } from './pages/WorkflowPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { e2eWaitFor } from './support/e2eWaitFor';
import { useBrowserSession } from './support/browserSession';
import { DEMO_PURCHASE_INVOICES } from '../../packages/server/src/demo/demoErp/demoErpWorld';
import { demoInvoiceLines, demoInvoiceTotals } from '../../packages/server/src/demo/demoErp/demoInvoiceLines';

/*
 * The Outlook task pane opens at 320 px (UX.md "Design for 320 px"). The demo ERP's iframe is
 * narrowed to exactly that, and an approver works Approval L1 in it: the seeded 'LW-5531.pdf'
 * (Litware's PI-1004, linked) waits there.
 */
const DOCUMENT = 'LW-5531.pdf';
const REASON = 'Litware billed the March toner twice; asked for a credit note.';

const session = useBrowserSession();

/**
 * What scrolls sideways in the frame: the page itself (document.scrollingElement) and every
 * element that may scroll (overflow-x auto or scroll) whose content is wider than its box.
 */
async function horizontalScrollers(app: FrameLocator): Promise<string[]> {
  return app.locator('html').evaluate(() => {
    const wide: string[] = [];
    const root = document.scrollingElement;
    if (root && root.scrollWidth > root.clientWidth) wide.push(`document ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const overflowX = getComputedStyle(element).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth) {
        wide.push(
          `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''}.${element.className} ${element.scrollWidth} > ${element.clientWidth}`,
        );
      }
    }
    return wide;
  });
}

/** The list step's Refresh (issue 38: beside the filter in the phone layout). */
async function refreshList(app: FrameLocator): Promise<void> {
  await app.getByRole('button', { name: 'Refresh', exact: true }).click();
}

/** PI-1004's total including tax as the demo ERP computes it, in en-US digits ('1,234.50'). */
function expectedAmountDigits(): string {
  const invoice = DEMO_PURCHASE_INVOICES.find((item) => item.number === 'PI-1004');
  if (!invoice) throw new Error('The demo world has no PI-1004.');
  const { totalCents } = demoInvoiceTotals(demoInvoiceLines(invoice.seed, invoice.pages));
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(totalCents / 100);
}

describe('an approver in a 320 px wide frame', () => {
  it('finds a document, reads its amount, rejects it with a reason, and nothing scrolls sideways', async () => {
    const page = await session.newWindow();
    const erp = new DemoErpPage(page, session.server.baseUrl);
    await erp.open();
    await erp.switchUser('approver');
    await erp.openWorkflowPage();
    // The control add-in's iframe at exactly the Outlook pane's width.
    await page.locator('iframe[title="Datahaven Documents"]').evaluate((frame: HTMLIFrameElement) => {
      frame.style.width = '320px';
    });
    const app = erp.documentsFrame();
    expect(await app.locator('html').evaluate(() => window.innerWidth)).toBe(320);
    const workflow = new WorkflowPage(app);
    await workflow.waitForRoot();
    expect(await horizontalScrollers(app)).toEqual([]);

    await workflow.openQueue('Approval L1');
    const l1 = new WorkflowQueuePage(app, 'Approval L1');
    await l1.grid().waitFor();
    // Narrow, the rows stack and a "Sorted by" menu stands in for the header.
    await app.getByRole('button', { name: /^(Sort|Sorted by)/ }).waitFor();

    // Finds it: the filter narrows the list to the one invoice.
    await app.getByRole('searchbox', { name: 'Filter documents' }).fill('LW-5531');
    await l1.waitForDocuments([DOCUMENT]);
    const row = l1.row(DOCUMENT);
    // Reads it: the row's stacked fields, each with its title, the amount among them. The listing
    // asks the ERP for the invoice's facts after it answers, so a Refresh may be needed to see them.
    const amount = row.getByRole('gridcell').filter({ hasText: /^Amount: / });
    const shown = await e2eWaitFor(
      async () => {
        if (await amount.isVisible()) return true;
        await refreshList(app);
        return amount
          .waitFor({ timeout: 3000 })
          .then(() => true)
          .catch(() => false);
      },
      { what: "the row's Amount field, refreshing the list until the ERP's facts are in", intervalMs: 0 },
    );
    expect(shown).toBe(true);
    expect((await amount.innerText()).trim()).toContain(expectedAmountDigits());
    const fields = await row.getByRole('gridcell').allInnerTexts();
    expect(fields[0].trim()).toBe(DOCUMENT);
    expect(fields.slice(1).filter((field) => !/^[^:\n]+:\s*\S/.test(field.trim()))).toEqual([]);
    // Opens it: the phone layout's document step (issue 38), its amount over the document.
    const phone = new PhoneQueuePage(app, 'Approval L1', 'click');
    await phone.open(DOCUMENT);
    expect((await phone.amount().innerText()).trim()).toContain(expectedAmountDigits());
    await app.getByRole('region', { name: 'Document viewer' }).waitFor();
    expect(await horizontalScrollers(app)).toEqual([]);

    // Rejects it: the dialog asks for the reason (focused), and the document leaves the queue.
    await phone.decision('Reject').click();
    const dialog = app.getByRole('dialog').filter({ has: app.getByRole('textbox', { name: 'Reason' }) });
    await dialog.waitFor();
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await expect(reason.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    expect(await horizontalScrollers(app)).toEqual([]);
    await reason.fill(REASON);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await app.getByRole('searchbox', { name: 'Filter documents' }).fill('');
    await l1.waitForDocuments(['CS-88120.pdf', 'NWT-2025-0097.pdf']);
    expect(await horizontalScrollers(app)).toEqual([]);

    expect(session.errors).toEqual([]);
  });
});
