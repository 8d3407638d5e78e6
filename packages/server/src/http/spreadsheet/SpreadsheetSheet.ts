import type { SpreadsheetCell } from './SpreadsheetCell';

/** A column of an exported list: its heading and how wide the .xlsx makes it (in characters). */
export interface SpreadsheetColumn {
  title: string;
  width: number;
}

/** One exported row: its cells in column order and the document it shows (for the link column), if any. */
export interface SpreadsheetRow {
  cells: readonly SpreadsheetCell[];
  /** The document's viewer URL, written as the last column's hyperlink. */
  link: string | null;
}

/**
 * What an export writes: the columns, the rows in pages (read from the database one page at a
 * time, so a 10,000-row list is never held whole), the sheet's name and the link column's heading
 * (no link column without it).
 */
export interface SpreadsheetSheet {
  sheetName: string;
  columns: readonly SpreadsheetColumn[];
  linkTitle: string | null;
  pages: AsyncIterable<readonly SpreadsheetRow[]>;
}
