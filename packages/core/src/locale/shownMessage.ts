import { MESSAGES as SPEC_MESSAGES } from '../rules';
import { MESSAGES } from './messages';

/** The key of each of the spec's English texts, to find its words in the shown language. */
const KEY_OF_TEXT: ReadonlyMap<string, keyof typeof SPEC_MESSAGES> = new Map(
  (Object.keys(SPEC_MESSAGES) as (keyof typeof SPEC_MESSAGES)[]).map((key) => [SPEC_MESSAGES[key], key]),
);

/**
 * A text the shared rules produced (rules/ speaks the spec's English: the server runs the same
 * rules and keeps its words) in the language shown: one of the spec's texts becomes the shown
 * catalogue's; any other text is returned as it is.
 */
export function shownMessage(text: string): string {
  const key = KEY_OF_TEXT.get(text);
  return key === undefined ? text : MESSAGES[key];
}
