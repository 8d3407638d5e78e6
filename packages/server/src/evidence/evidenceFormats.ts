/** `2026-12-07T10:22:01.123Z` → `2026-12-07 10:22:01 UTC`; text that is no time stays as it is. */
export function printedTime(iso: string | null): string {
  if (iso === null) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** An amount with two decimals at least and thousands separators (12,000.00), as an auditor reads it. */
export function formatAmount(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
}
