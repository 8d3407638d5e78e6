/** How a find query matches: the words in that order (the find bar), or any of them (words a full-text search matched). */
export type FindMode = 'phrase' | 'words';

/** What the viewer is asked to find; `active` is the index of the current match over the whole document. */
export interface FindRequest {
  query: string;
  mode: FindMode;
  active: number;
}

/** One match on one page, as offsets into the page's text (its text items joined without separators). */
export interface TextMatch {
  page: number;
  start: number;
  end: number;
}

/** A piece of a match inside one text item (one span of the text layer). */
export interface MatchSegment {
  item: number;
  start: number;
  end: number;
}

/** The regular expression for a query, or null when it has no words. Whitespace in the page may differ from the query's. */
export function findPattern(query: string, mode: FindMode): RegExp | null {
  const words = query
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return null;
  return new RegExp(mode === 'phrase' ? words.join('\\s*') : words.join('|'), 'gi');
}

/** Every match of `pattern` in a page's text items (non-overlapping, in reading order). */
export function findInPage(page: number, items: readonly string[], pattern: RegExp): TextMatch[] {
  const text = items.join('');
  const matches: TextMatch[] = [];
  const search = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (let found = search.exec(text); found !== null; found = search.exec(text)) {
    if (found[0].length === 0) {
      search.lastIndex += 1;
      continue;
    }
    matches.push({ page, start: found.index, end: found.index + found[0].length });
  }
  return matches;
}

/** Splits a match into the text items it covers, with offsets inside each item. */
export function matchSegments(items: readonly string[], match: Pick<TextMatch, 'start' | 'end'>): MatchSegment[] {
  const segments: MatchSegment[] = [];
  let offset = 0;
  items.forEach((item, index) => {
    const itemEnd = offset + item.length;
    const start = Math.max(match.start, offset);
    const end = Math.min(match.end, itemEnd);
    if (start < end) segments.push({ item: index, start: start - offset, end: end - offset });
    offset = itemEnd;
  });
  return segments;
}
