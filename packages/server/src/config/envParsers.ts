// The environment parsers loadConfig and loadEntraConfig share: each setting's own rules (its
// default, its range, its name in the message) stay with the setting; how a list, an origin, a
// URL or a whole number is read and refused lives here once, so the two cannot drift apart.

/** A comma- or space-separated list without empty items; an unset variable is an empty list. */
export function parseList(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter((item) => item !== '');
}

/** A list of origins (scheme://host[:port], optionally *.host); throws naming `name` on any other item. */
export function parseOrigins(name: string, text: string | undefined): string[] {
  const origins = parseList(text);
  for (const origin of origins) {
    // Only scheme://host[:port]: these go into the CSP (frame-ancestors) and to teams-js as trusted
    // message origins, so anything else could inject a directive or trust a page it should not.
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(origin)) throw new Error(`${name} has an invalid origin: ${origin}`);
  }
  return origins;
}

/** A plain http(s) URL without credentials, query or fragment and without a trailing slash; throws naming `name` otherwise. */
export function parsePlainUrl(name: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} is not a URL: ${text}`);
  }
  // Secrets and tokens are sent there (keys fetched, Graph and ERP calls): nothing that could redirect them.
  if (!['http:', 'https:'].includes(url.protocol) || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new Error(`${name} must be a plain http(s) URL: ${text}`);
  }
  return url.toString().replace(/\/+$/, '');
}

/** A whole number from `min` to `max`; otherwise throws "`name` is not `what`: `text`". The caller decides what a blank means. */
export function parseWholeNumber(name: string, text: string, min: number, max: number, what: string): number {
  // Digits only: Number() reads ' ' as 0 and '1e3' as 1000, so a blank DATAHAVEN_PORT became a random port.
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} is not ${what}: ${text}`);
  return value;
}
