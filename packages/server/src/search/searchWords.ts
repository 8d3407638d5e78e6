/** Longest text indexed per field; longer page text is cut (PostgreSQL tsvector stays far below 1 MB). */
export const MAX_INDEXED_CHARS = 200_000;
/** Most words of a query that are used; the rest are ignored. */
export const MAX_QUERY_WORDS = 16;

/**
 * The words of `text` as both indexes see them: NFKC, lower case, runs of letters and digits.
 * Both engines are fed these words joined by spaces, so they tokenise alike.
 */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** `text` reduced to its search words joined by single spaces, cut at MAX_INDEXED_CHARS. */
export function indexedText(text: string): string {
  const words = searchWords(text.length > MAX_INDEXED_CHARS * 2 ? text.slice(0, MAX_INDEXED_CHARS * 2) : text).join(' ');
  return words.length > MAX_INDEXED_CHARS
    ? words.slice(0, words.lastIndexOf(' ', MAX_INDEXED_CHARS) + 1 || MAX_INDEXED_CHARS).trimEnd()
    : words;
}

/** The words of a query (at most MAX_QUERY_WORDS, each at most 64 characters). */
export function queryWords(q: string): string[] {
  return searchWords(q)
    .slice(0, MAX_QUERY_WORDS)
    .map((w) => w.slice(0, 64));
}
