import { MESSAGES } from './messages';

/** An inclusive run of page numbers (1-based), e.g. pages 11 to 14. */
export interface PageSpan {
  first: number;
  last: number;
}

/**
 * The outcome of reading a split's page ranges: the groups (one new document each, pages in
 * the order written), or why not — bad syntax (the spec's message) or pages outside the document.
 */
export type PageRangeParse =
  | { valid: true; groups: number[][] }
  | { valid: false; reason: 'syntax'; message: string }
  | { valid: false; reason: 'outOfRange'; message: string; outOfRange: PageSpan[] };

/** Longest page-range text accepted (a user types it; anything longer is refused as invalid). */
export const MAX_PAGE_RANGES_LENGTH = 10_000;

const NUMBER = /^\d{1,9}$/;

function syntaxError(): PageRangeParse {
  return { valid: false, reason: 'syntax', message: MESSAGES.splitSelectionInvalid };
}

/** Joins consecutive page numbers into spans: [1, 2, 3, 5] → 1-3, 5. */
export function pageSpansOf(pages: readonly number[]): PageSpan[] {
  const spans: PageSpan[] = [];
  for (const page of pages) {
    const last = spans[spans.length - 1];
    if (last !== undefined && page === last.last + 1) last.last = page;
    else spans.push({ first: page, last: page });
  }
  return spans;
}

/** Spans as the user writes them: '1-3,5'. */
export function formatPageSpans(spans: readonly PageSpan[]): string {
  return spans.map((s) => (s.first === s.last ? String(s.first) : `${s.first}-${s.last}`)).join(',');
}

/** Ours (the spec says only that such pages are reported): 'Pages 11-12,15 are outside the document's 10 pages.' */
export function pagesOutOfRangeMessage(outOfRange: readonly PageSpan[], pageCount: number): string {
  const single = outOfRange.length === 1 && outOfRange[0].first === outOfRange[0].last;
  const subject = single ? `Page ${formatPageSpans(outOfRange)} is` : `Pages ${formatPageSpans(outOfRange)} are`;
  return `${subject} outside the document's ${pageCount} page${pageCount === 1 ? '' : 's'}.`;
}

/** Merges spans into sorted, non-overlapping, non-adjacent spans. */
function mergeSpans(spans: readonly PageSpan[]): PageSpan[] {
  const sorted = [...spans].sort((a, b) => a.first - b.first);
  const merged: PageSpan[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.first <= last.last + 1) last.last = Math.max(last.last, span.last);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * Spec §5: reads a split's page ranges against a document of `pageCount` pages. A group is a
 * comma-separated list of pages and ascending ranges ("1-3,5"); semicolons separate groups, each
 * one new document ("1-3;4;5-10"). Spaces are ignored. Bad syntax, an empty group, a descending
 * range or a page named twice (in any group) → the spec's message; pages below 1 or above
 * `pageCount` → reported as spans.
 */
export function parsePageRanges(text: string, pageCount: number): PageRangeParse {
  if (text.length > MAX_PAGE_RANGES_LENGTH) return syntaxError();
  const compact = text.replace(/\s+/g, '');
  if (compact === '') return syntaxError();
  const spanGroups: PageSpan[][] = [];
  for (const groupText of compact.split(';')) {
    if (groupText === '') return syntaxError();
    const spans: PageSpan[] = [];
    for (const item of groupText.split(',')) {
      const bounds = item.split('-');
      if (bounds.length > 2 || !bounds.every((b) => NUMBER.test(b))) return syntaxError();
      const first = Number(bounds[0]);
      const last = Number(bounds[bounds.length - 1]);
      if (last < first) return syntaxError();
      spans.push({ first, last });
    }
    spanGroups.push(spans);
  }
  const all = spanGroups.flat();
  const outside: PageSpan[] = [];
  for (const span of all) {
    if (span.first < 1) outside.push({ first: span.first, last: Math.min(span.last, 0) });
    if (span.last > pageCount) outside.push({ first: Math.max(span.first, pageCount + 1), last: span.last });
  }
  if (outside.length > 0) {
    const outOfRange = mergeSpans(outside);
    return { valid: false, reason: 'outOfRange', message: pagesOutOfRangeMessage(outOfRange, pageCount), outOfRange };
  }
  // Every span is now within 1..pageCount, so the enumeration below is bounded by the page count.
  const seen = new Set<number>();
  const groups: number[][] = [];
  for (const spans of spanGroups) {
    const pages: number[] = [];
    for (const span of spans) {
      for (let page = span.first; page <= span.last; page++) {
        if (seen.has(page)) return syntaxError();
        seen.add(page);
        pages.push(page);
      }
    }
    groups.push(pages);
  }
  return { valid: true, groups };
}
