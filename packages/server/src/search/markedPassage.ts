import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@datahaven/core/model';

/** Words a passage holds around its best match (FTS5 snippet() and ts_headline were asked for 24 too). */
export const PASSAGE_WORDS = 24;

/** A run of letters and digits: the same words searchWords() indexes. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The passage of `text` around the best match of the query `words` (lower-cased search words,
 * the last one a prefix) with each matching word between the snippet marks, or null when no word
 * matches. It is cut from the text as written — decimal points, thousands separators, hyphens and
 * case kept ("150.00", "1,234.56", "INV-1001"); only runs of white space become one space — since
 * the index holds the words alone and a passage cut from it printed "150 00" for 150.00. '…'
 * stands where the passage cuts the text.
 */
export function markedPassage(source: string, words: readonly string[]): string | null {
  if (words.length === 0 || source === '') return null;
  const text = source.normalize('NFKC');
  const tokens = [...text.matchAll(WORD)].map((match) => ({ start: match.index, end: match.index + match[0].length, word: match[0] }));
  const last = words.length - 1;
  const hits = tokens.map(({ word }) => {
    const lower = word.toLowerCase();
    return words.some((w, i) => (i === last ? lower.startsWith(w) : lower === w));
  });
  const first = hits.indexOf(true);
  if (first < 0) return null;
  // The window of PASSAGE_WORDS words that holds the most matches, a few words of context before the first.
  let bestStart = Math.max(0, first - 4);
  let bestCount = -1;
  for (let index = first; index < tokens.length; index++) {
    if (!hits[index]) continue;
    const start = Math.max(0, Math.min(index - 4, tokens.length - PASSAGE_WORDS));
    let count = 0;
    for (let j = start; j < Math.min(tokens.length, start + PASSAGE_WORDS); j++) if (hits[j]) count++;
    if (count > bestCount) {
      bestCount = count;
      bestStart = start;
    }
    if (count >= PASSAGE_WORDS) break;
  }
  const end = Math.min(tokens.length, bestStart + PASSAGE_WORDS);
  let passage = bestStart > 0 ? '…' : '';
  let at = tokens[bestStart].start;
  for (let index = bestStart; index < end; index++) {
    const token = tokens[index];
    passage += text.slice(at, token.start).replace(/\s+/g, ' ');
    passage += hits[index] ? `${SNIPPET_MARK_START}${token.word}${SNIPPET_MARK_END}` : token.word;
    at = token.end;
  }
  // Punctuation that closes the last word ("150.00." keeps its point, a sentence its full stop).
  const tail = end < tokens.length ? '' : text.slice(at).replace(/\s+/g, ' ').trimEnd();
  return `${passage}${tail}${end < tokens.length ? '…' : ''}`;
}
