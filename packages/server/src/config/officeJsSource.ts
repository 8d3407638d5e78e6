/**
 * Where the Outlook pane loads office.js from (DATAHAVEN_OFFICE_JS, HOSTS.md "Outlook add-in"):
 * `hosted` — Microsoft's CDN, the copy Microsoft supports and an AppSource listing requires, so a
 * deployment gets it unless it says otherwise; `self` — the pinned copy from @microsoft/office-js
 * on our own server, which `npm start` (the demo, offline) and the test harnesses choose.
 */
export type OfficeJsSource = 'self' | 'hosted';

/** Reads DATAHAVEN_OFFICE_JS: empty or `hosted` → Microsoft's CDN, `self` → our copy. */
export function parseOfficeJsSource(text: string | undefined): OfficeJsSource {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '' || value === 'hosted') return 'hosted';
  if (value === 'self') return 'self';
  throw new Error(`DATAHAVEN_OFFICE_JS is 'hosted' (Microsoft's office.js) or 'self' (our own copy): ${text}`);
}
