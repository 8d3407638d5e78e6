/**
 * Where the Outlook pane loads office.js from (DATAHAVEN_OFFICE_JS, HOSTS.md "Outlook add-in"):
 * `self` — the pinned copy from @microsoft/office-js on our own server (offline, locked-down
 * tenants); `hosted` — Microsoft's CDN, which an AppSource listing requires.
 */
export type OfficeJsSource = 'self' | 'hosted';

/** Reads DATAHAVEN_OFFICE_JS: empty or `self` → our copy, `hosted` → Microsoft's CDN. */
export function parseOfficeJsSource(text: string | undefined): OfficeJsSource {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '' || value === 'self') return 'self';
  if (value === 'hosted') return 'hosted';
  throw new Error(`DATAHAVEN_OFFICE_JS is 'self' (our own copy of office.js) or 'hosted' (Microsoft's): ${text}`);
}
