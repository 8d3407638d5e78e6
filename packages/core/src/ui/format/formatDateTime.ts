/** A short local date ("5/30/2025" style, per the browser's locale) for an ISO instant; '' when unreadable. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  const date = parse(iso);
  return date ? date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' }) : '';
}

/** A local date and time for an ISO instant; '' when unreadable. */
export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  const date = parse(iso);
  return date
    ? date.toLocaleString(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
    : '';
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}
