/** Where a search's words matched in one document: a short piece of its text with the matched words marked. */
export interface SearchSnippet {
  text: string;
  /** Ranges of `text` (start inclusive, end exclusive, in UTF-16 code units) to highlight. */
  highlights: { start: number; end: number }[];
}

/** Marks the index engines put around a matched word (private-use characters, never in indexed text). */
export const SNIPPET_MARK_START = '\uE000';
/** End of a matched word (see SNIPPET_MARK_START). */
export const SNIPPET_MARK_END = '\uE001';

/** Turns an engine's marked snippet (FTS5 snippet(), PostgreSQL ts_headline) into text and ranges; null when nothing matched. */
export function parseMarkedSnippet(marked: string | null | undefined): SearchSnippet | null {
  if (!marked) return null;
  let text = '';
  const highlights: { start: number; end: number }[] = [];
  let open = -1;
  for (const char of marked) {
    if (char === SNIPPET_MARK_START) open = text.length;
    else if (char === SNIPPET_MARK_END) {
      if (open >= 0 && text.length > open) highlights.push({ start: open, end: text.length });
      open = -1;
    } else text += char;
  }
  return highlights.length === 0 ? null : { text, highlights };
}
