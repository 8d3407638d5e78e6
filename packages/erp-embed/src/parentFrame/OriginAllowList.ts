/**
 * The origins allowed to be our parent frame (SECURITY.md row 17). Entries are exact origins
 * (`https://businesscentral.dynamics.com`) or a scheme with a leading wildcard host
 * (`https://*.dynamics.com`); a bare `*` is refused, because it would let any page drive us.
 */
export class OriginAllowList {
  private readonly exact: ReadonlySet<string>;
  private readonly suffixes: readonly { scheme: string; suffix: string }[];

  constructor(entries: readonly string[]) {
    const exact = new Set<string>();
    const suffixes: { scheme: string; suffix: string }[] = [];
    for (const raw of entries) {
      const entry = raw.trim().replace(/\/+$/, '');
      const wildcard = /^(https?):\/\/\*(\.[a-z0-9.-]+(?::\d+)?)$/i.exec(entry);
      if (wildcard) {
        suffixes.push({ scheme: wildcard[1].toLowerCase(), suffix: wildcard[2].toLowerCase() });
        continue;
      }
      const origin = toOrigin(entry);
      if (origin) exact.add(origin);
    }
    this.exact = exact;
    this.suffixes = suffixes;
  }

  /** Whether a message from `origin` may be trusted. */
  allows(origin: string): boolean {
    if (!origin || origin === 'null') return false;
    if (this.exact.has(origin.toLowerCase())) return true;
    const parsed = /^(https?):\/\/([^/]+)$/i.exec(origin);
    if (!parsed) return false;
    const scheme = parsed[1].toLowerCase();
    const host = parsed[2].toLowerCase();
    return this.suffixes.some((s) => s.scheme === scheme && host.endsWith(s.suffix) && host.length > s.suffix.length);
  }

  /** The exact origins listed; messages may be posted to these before the parent is known. */
  exactOrigins(): string[] {
    return [...this.exact];
  }

  /**
   * The parent's origin as the browser tells it (ancestorOrigins, then the referrer), kept
   * only when the list allows it; otherwise the only exact entry, when there is just one.
   */
  parentOriginOf(win: Window): string | null {
    const candidates: string[] = [];
    const ancestors = win.location.ancestorOrigins;
    if (ancestors && ancestors.length > 0) candidates.push(ancestors[0]);
    const referrer = toOrigin(win.document.referrer);
    if (referrer) candidates.push(referrer);
    const found = candidates.find((c) => this.allows(c));
    if (found) return found;
    return this.exact.size === 1 && this.suffixes.length === 0 ? [...this.exact][0] : null;
  }
}

function toOrigin(url: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    // A host such as '*' parses as a URL; it is no origin a frame can have.
    if (!/^([a-z0-9.-]+|\[[0-9a-f:.]+\])$/i.test(parsed.hostname)) return null;
    const origin = parsed.origin;
    return origin === 'null' ? null : origin.toLowerCase();
  } catch {
    return null;
  }
}
