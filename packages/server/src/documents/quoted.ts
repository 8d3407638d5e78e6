/** A value as the history notes quote it: `'text'`, or `(blank)` for null and empty. */
export function quoted(value: string | null): string {
  return value === null || value === '' ? '(blank)' : `'${value}'`;
}
