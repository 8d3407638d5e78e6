import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { SpreadsheetCell } from './SpreadsheetCell';
import type { SpreadsheetLocale } from './spreadsheetLocale';
import type { SpreadsheetRow, SpreadsheetSheet } from './SpreadsheetSheet';

/** The two kinds of file an export writes. */
export type SpreadsheetFormat = 'xlsx' | 'csv';

/** Width of the link column, in characters (a viewer URL). */
const LINK_WIDTH = 50;

/** Waits while `output` holds more than its buffer, so a slow client slows the database reads instead of filling memory. */
async function drained(output: Writable): Promise<void> {
  if (output.writableNeedDrain && !output.destroyed) await Promise.race([once(output, 'drain'), once(output, 'close')]);
}

/** A CSV field: quoted when it holds the separator, a quote or a line break; text a spreadsheet would run as a formula starts with a quote mark. */
function csvField(text: string, separator: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell as CSV text in the locale. */
function csvCell(cell: SpreadsheetCell, locale: SpreadsheetLocale): string {
  if (cell === null) return '';
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'number':
      return locale.numberText(cell.value);
    case 'amount':
      return locale.amountText(cell.value, cell.currency);
    case 'date':
      return locale.dayText(cell.day);
    case 'dateTime':
      return locale.dateTimeText(cell.at);
  }
}

/** One CSV line (CRLF, as RFC 4180 and Excel write it). */
function csvLine(fields: readonly string[], kinds: readonly boolean[], separator: string): string {
  return `${fields.map((field, index) => csvField(field, separator, kinds[index] ?? true)).join(separator)}\r\n`;
}

/** CSV in UTF-8 with a byte-order mark (so Excel reads umlauts right), the locale's list separator and texts. */
async function writeCsv(output: Writable, sheet: SpreadsheetSheet, locale: SpreadsheetLocale): Promise<void> {
  const separator = locale.listSeparator;
  const titles = [...sheet.columns.map((column) => column.title), ...(sheet.linkTitle === null ? [] : [sheet.linkTitle])];
  output.write(`\ufeff${csvLine(titles, [], separator)}`);
  for await (const page of sheet.pages) {
    if (output.destroyed) return;
    const text = page
      .map((row) => {
        const fields = row.cells.map((cell) => csvCell(cell, locale));
        const kinds = row.cells.map((cell) => cell === null || cell.kind === 'text');
        return csvLine(sheet.linkTitle === null ? fields : [...fields, row.link ?? ''], kinds, separator);
      })
      .join('');
    output.write(text);
    await drained(output);
  }
  output.end();
}

/** A cell as the .xlsx holds it: numbers and dates typed (dates as the wall-clock time exceljs stores as a serial), with their format. */
function xlsxCell(cell: SpreadsheetCell, locale: SpreadsheetLocale): { value: ExcelJS.CellValue; numFmt?: string } {
  if (cell === null) return { value: null };
  switch (cell.kind) {
    case 'text':
      return { value: cell.text };
    case 'number':
      return { value: cell.value };
    case 'amount':
      return { value: cell.value, numFmt: locale.amountFormat(cell.currency) };
    case 'date':
      return { value: new Date(`${cell.day.slice(0, 10)}T00:00:00.000Z`), numFmt: locale.dateFormat };
    case 'dateTime':
      return { value: locale.wallClock(cell.at), numFmt: locale.dateTimeFormat };
  }
}

/** A name Excel accepts for a sheet: at most 31 characters, none of []*?:/\\, not its reserved 'History'. */
function sheetNameOf(name: string): string {
  const safe =
    name
      .replace(/[[\]*?:/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1';
  return safe.toLowerCase() === 'history' ? `${safe.slice(0, 29)} 1` : safe;
}

/** One sheet streamed into a zip as it is written (exceljs's WorkbookWriter): each row is committed and leaves memory. */
async function writeXlsx(output: Writable, sheet: SpreadsheetSheet, locale: SpreadsheetLocale): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheetNameOf(sheet.sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  worksheet.columns = [
    ...sheet.columns.map((column) => ({ header: column.title, width: column.width })),
    ...(sheet.linkTitle === null ? [] : [{ header: sheet.linkTitle, width: LINK_WIDTH }]),
  ];
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();
  let rowNumber = 1;
  const writeRow = (row: SpreadsheetRow): void => {
    rowNumber += 1;
    const excelRow = worksheet.getRow(rowNumber);
    row.cells.forEach((cell, index) => {
      const { value, numFmt } = xlsxCell(cell, locale);
      const target = excelRow.getCell(index + 1);
      target.value = value;
      if (numFmt !== undefined) target.numFmt = numFmt;
    });
    if (sheet.linkTitle !== null && row.link !== null) {
      const target = excelRow.getCell(row.cells.length + 1);
      target.value = { text: row.link, hyperlink: row.link };
      target.font = { color: { argb: 'FF0563C1' }, underline: true };
    }
    excelRow.commit();
  };
  for await (const page of sheet.pages) {
    if (output.destroyed) return;
    for (const row of page) writeRow(row);
    await drained(output);
  }
  worksheet.commit();
  await workbook.commit();
}

/**
 * Writes `sheet` to `output` as .xlsx or CSV in `locale`'s formats, page by page as the pages
 * are read; resolves once the file is whole (the output ended), or early when the output was
 * closed (a client that went away stops the reads).
 */
export async function writeSpreadsheet(
  output: Writable,
  sheet: SpreadsheetSheet,
  format: SpreadsheetFormat,
  locale: SpreadsheetLocale,
): Promise<void> {
  if (format === 'csv') await writeCsv(output, sheet, locale);
  else await writeXlsx(output, sheet, locale);
}
