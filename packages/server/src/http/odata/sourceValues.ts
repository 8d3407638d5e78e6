import type { SourceRow } from './EntitySetDefinition';

/*
 * Raw rows differ by driver: PostgreSQL returns numeric and bigint columns as text, SQLite
 * returns numbers. These readers normalise one column each.
 */

/** An integer column. */
export function intOf(row: SourceRow, column: string): number {
  return Number(row[column]);
}

/** A nullable integer column. */
export function intOrNullOf(row: SourceRow, column: string): number | null {
  const value = row[column];
  return value === null || value === undefined ? null : Number(value);
}

/** A text column. */
export function textOf(row: SourceRow, column: string): string {
  return String(row[column] ?? '');
}

/** A nullable text column. */
export function textOrNullOf(row: SourceRow, column: string): string | null {
  const value = row[column];
  return value === null || value === undefined ? null : String(value);
}

/** A 0/1 flag column. */
export function flagOf(row: SourceRow, column: string): boolean {
  return Number(row[column]) === 1;
}
