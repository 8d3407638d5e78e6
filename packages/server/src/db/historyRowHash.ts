import { createHash } from 'node:crypto';

/** The columns a history row's hash leaves out: its id (given by the database) and the chain itself. */
const OUTSIDE_THE_HASH = new Set(['id', 'prev_hash', 'row_hash']);

/**
 * A column's value as canonical text, the same whichever database read it: PostgreSQL hands
 * double precision back as a JS number but bigint and numeric as strings, SQLite everything
 * numeric as a number, so numbers (and bigints) become their shortest round-trip decimal text
 * (`String`: 10000, 0.1, 1e+21; -0 as 0) and text stays as it is. A Date (a timestamp column, if one
 * is ever added) becomes its ISO text; a boolean 1 or 0 as SQLite stores it.
 */
function canonicalValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString();
  throw new Error(`A workflow_history value of type ${typeof value} has no canonical form.`);
}

/**
 * The canonical serialisation of a `workflow_history` row's content: every column but id,
 * prev_hash and row_hash, NULL (or absent) ones left out — so a nullable column added later
 * leaves the hashes of rows written before it unchanged — keys sorted, values as canonical text,
 * written as JSON (`{"action":"approve","at":"…","document_id":"7",…}`).
 */
export function canonicalHistoryContent(row: Readonly<Record<string, unknown>>): string {
  const entries = Object.keys(row)
    .filter((key) => !OUTSIDE_THE_HASH.has(key) && row[key] !== null && row[key] !== undefined)
    .sort()
    .map((key) => [key, canonicalValue(row[key])] as const);
  return JSON.stringify(Object.fromEntries(entries));
}

/**
 * A history row's `row_hash`: SHA-256 (lower-case hex) over the document's previous row's
 * `row_hash` ('' for its first row), a line feed, and the row's canonical content. A changed
 * column changes the row's hash; a removed or reordered row breaks the next row's `prev_hash`.
 */
export function historyRowHash(prevHash: string, row: Readonly<Record<string, unknown>>): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalHistoryContent(row)).digest('hex');
}
