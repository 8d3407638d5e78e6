/**
 * One cell of an exported list, typed so the .xlsx gets a real number or date (with the user's
 * number format) and the CSV the locale's text for it: plain text, a count or size, an amount in
 * its currency, a calendar day (YYYY-MM-DD) or an instant (ISO 8601); null is an empty cell.
 */
export type SpreadsheetCell =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'amount'; value: number; currency: string | null }
  | { kind: 'date'; day: string }
  | { kind: 'dateTime'; at: string }
  | null;
