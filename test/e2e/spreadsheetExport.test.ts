import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { DemoErpPage } from './pages/DemoErpPage';
import { WorkflowPage } from './pages/WorkflowPage';
import { OverflowToolbarPage } from './pages/OverflowToolbarPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { useBrowserSession } from './support/browserSession';

/* The demo world puts three linked purchase invoices in 'Approval L1'; Pat Approver ('approver') works it. */
const APPROVAL_L1 = ['CS-88120.pdf', 'NWT-2025-0097.pdf', 'LW-5531.pdf'];

const session = useBrowserSession();

/** A window at the demo ERP as the approver, in 'Approval L1' with its three invoices listed. */
async function openApprovalL1(viewport?: { width: number; height: number }) {
  const page = await session.newWindow(viewport);
  const erp = new DemoErpPage(page, session.server.baseUrl);
  await erp.open();
  await erp.switchUser('approver');
  await erp.openWorkflowPage();
  const workflow = new WorkflowPage(erp.documentsFrame());
  await workflow.waitForRoot();
  await workflow.openQueue('Approval L1');
  const queue = new WorkflowQueuePage(erp.documentsFrame(), 'Approval L1');
  await queue.waitForDocuments(APPROVAL_L1);
  return { page, erp, queue };
}

describe('a queue exported to a spreadsheet (issue 40 item 7)', () => {
  it('Export → Excel saves an .xlsx whose rows are the rows the grid shows, with its columns, typed amounts and viewer links', async () => {
    const { page, queue } = await openApprovalL1();
    const titles = await queue.columnTitles();
    const shown = await queue.cellTexts();

    const download = await queue.exportList(page, 'Excel (.xlsx)');
    expect(download.suggestedFilename()).toBe('Approval L1.xlsx');
    const workbook = new ExcelJS.Workbook();
    // exceljs's types name Node's pre-generic Buffer; the bytes are one.
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0];
    const cell = (row: number, column: number): ExcelJS.Cell => sheet.getRow(row).getCell(column);
    expect(Array.from({ length: titles.length + 1 }, (_, c) => String(cell(1, c + 1).value))).toEqual([...titles, 'Document link']);
    expect(sheet.rowCount).toBe(shown.length + 1);
    // Text columns as the grid writes them (name, vendor, invoice number), row by row in the grid's order.
    const textColumns = ['Name', 'Vendor', 'Invoice No.'].map((title) => titles.indexOf(title));
    expect(textColumns.every((index) => index >= 0)).toBe(true);
    expect(shown.map((_, r) => textColumns.map((c) => String(cell(r + 2, c + 1).value)))).toEqual(
      shown.map((cells) => textColumns.map((c) => cells[c].split('\n')[0].trim())),
    );
    // The amount is a number in its currency's format; each row links to its document's viewer.
    const amount = titles.indexOf('Amount') + 1;
    expect(shown.every((_, r) => typeof cell(r + 2, amount).value === 'number')).toBe(true);
    expect(cell(2, amount).numFmt).toMatch(/#,##0/);
    const link = cell(2, titles.length + 1).value;
    expect(link !== null && typeof link === 'object' && 'hyperlink' in link ? link.hyperlink : link).toMatch(/\/viewer\/[\w-]+=*$/);
    expect(session.errors).toEqual([]);
  });

  it('on a narrow window Export waits behind More, and its CSV holds the rows the grid shows with a byte-order mark', async () => {
    const { page, erp, queue } = await openApprovalL1({ width: 760, height: 900 });
    const toolbar = new OverflowToolbarPage(erp.documentsFrame(), 'Workflow actions', 'More actions');
    await toolbar.more().waitFor();
    expect((await toolbar.shownControls()).map((control) => control.name)).not.toContain('Export');
    expect(await toolbar.panelNames()).toContain('Export');
    const shown = await queue.cellTexts();
    const download = await queue.exportList(page, 'CSV');
    expect(download.suggestedFilename()).toBe('Approval L1.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(shown.map((cells) => cells[0].split('\n')[0].trim()));
    expect(session.errors).toEqual([]);
  });
});
