import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { waitFor } from '../../test/waitFor';
import { spreadsheetLocale } from './spreadsheetLocale';
import type { SpreadsheetRow, SpreadsheetSheet } from './SpreadsheetSheet';
import { writeSpreadsheet } from './writeSpreadsheet';
import type { SpreadsheetFormat } from './writeSpreadsheet';

const ROWS_PER_PAGE = 5000;
/** What the first page writes at least, in either format (a .xlsx page of 5,000 rows compresses to more than this). */
const FIRST_PAGE_BYTES = 32 * 1024;

/** Row n's text: varied enough that the compressed .xlsx grows with every row. */
const nameOf = (n: number): string => `Invoice ${n} – Größe ${(n * 2654435761) % 4294967296}`;

/** A page of rows numbered from `first`, with text, an amount and a day, as a database page would come. */
function page(first: number): SpreadsheetRow[] {
  return Array.from({ length: ROWS_PER_PAGE }, (_, k) => ({
    cells: [
      { kind: 'text', text: nameOf(first + k) },
      { kind: 'amount', value: (first + k) / 4, currency: 'EUR' },
      { kind: 'date', day: '2026-02-28' },
    ],
    link: `https://dh.example/viewer/${first + k}`,
  }));
}

/**
 * A sheet of two pages whose second page is read only when the test lets it: the first page's
 * bytes must reach the output before the second is read, which a writer that gathered the whole
 * list before writing could never do (it would wait for the second page, and the test for its bytes).
 */
function gatedSheet(): { sheet: SpreadsheetSheet; secondRead: () => boolean; release: () => void } {
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let secondRead = false;
  async function* pages(): AsyncGenerator<SpreadsheetRow[]> {
    yield page(1);
    await gate;
    secondRead = true;
    yield page(1 + ROWS_PER_PAGE);
  }
  return {
    sheet: {
      sheetName: 'Queue',
      columns: [
        { title: 'Name', width: 30 },
        { title: 'Amount', width: 12 },
        { title: 'Due', width: 12 },
      ],
      linkTitle: 'Document link',
      pages: pages(),
    },
    secondRead: () => secondRead,
    release: () => release(),
  };
}

describe.each<SpreadsheetFormat>(['xlsx', 'csv'])('writeSpreadsheet (%s)', (format) => {
  it('streams: the first page is written out before the next page is read, and the file is whole at the end', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => output.on('end', () => resolve()));
    const { sheet, secondRead, release } = gatedSheet();
    const written = writeSpreadsheet(output, sheet, format, spreadsheetLocale('de-DE'));
    // More than a zip's headers: the first page's rows themselves, compressed.
    await waitFor(() => Buffer.concat(chunks).length > FIRST_PAGE_BYTES, {
      what: "the first page's rows to reach the output while the second is held back",
    });
    expect(secondRead()).toBe(false);
    release();
    await written;
    await ended;
    const bytes = Buffer.concat(chunks);
    if (format === 'csv') {
      const lines = bytes.toString('utf8').split('\r\n');
      expect(lines).toHaveLength(2 * ROWS_PER_PAGE + 2);
      expect(lines[0]).toBe('\ufeffName;Amount;Due;Document link');
      expect(lines[2 * ROWS_PER_PAGE]).toBe(
        `${nameOf(2 * ROWS_PER_PAGE)};2500,00 €;28.02.2026;https://dh.example/viewer/${2 * ROWS_PER_PAGE}`,
      );
    } else {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
      const read = workbook.worksheets[0];
      expect(read.rowCount).toBe(2 * ROWS_PER_PAGE + 1);
      const last = read.getRow(2 * ROWS_PER_PAGE + 1);
      expect([last.getCell(1).value, last.getCell(2).value, last.getCell(3).value]).toEqual([
        nameOf(2 * ROWS_PER_PAGE),
        2500,
        new Date('2026-02-28T00:00:00.000Z'),
      ]);
      expect(last.getCell(2).numFmt).toBe('#,##0.00 "€"');
    }
  });
});

describe('CSV cells', () => {
  it('quotes separators, quotes and line breaks, and defuses text a spreadsheet would run as a formula', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    async function* pages(): AsyncGenerator<SpreadsheetRow[]> {
      yield [
        {
          cells: [
            { kind: 'text', text: '=HYPERLINK("x")' },
            { kind: 'text', text: 'a;b\nc' },
            { kind: 'number', value: 2.5 },
            { kind: 'dateTime', at: '2026-02-28T13:05:00.000Z' },
          ],
          link: null,
        },
      ];
    }
    await writeSpreadsheet(
      output,
      { sheetName: 'x', columns: ['A', 'B', 'C', 'D'].map((title) => ({ title, width: 10 })), linkTitle: null, pages: pages() },
      'csv',
      spreadsheetLocale('de-DE', 'Europe/Berlin'),
    );
    expect(Buffer.concat(chunks).toString('utf8')).toBe('\ufeffA;B;C;D\r\n"\'=HYPERLINK(""x"")";"a;b\nc";2,5;28.02.2026 14:05\r\n');
  });
});
