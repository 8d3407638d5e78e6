import { MESSAGES } from './messages';
import { MESSAGES_DE } from './messagesDe';
import { primaryLanguageOf } from './primaryLanguageOf';
import type { TextsOf } from './TextsOf';

/** The spec's texts (MESSAGES) as a catalogue a translation must match key for key. */
export type MessageCatalogue = TextsOf<typeof MESSAGES>;

/** The translations of the spec's texts by primary language subtag; English (MESSAGES) is the fallback. */
const TRANSLATIONS: Readonly<Record<string, MessageCatalogue>> = { de: MESSAGES_DE };

/**
 * The spec's texts in `language` (a BCP 47 tag such as 'de-DE'): the translation of its primary
 * language where there is one, the spec's own English words otherwise.
 */
export function messagesFor(language: string): MessageCatalogue {
  return TRANSLATIONS[primaryLanguageOf(language)] ?? MESSAGES;
}
