import { MESSAGES, messagesFor, type MessageCatalogue } from '@datahaven/core/rules';
import type { Wording } from '../errors/Wording';
import { fieldMessageDe } from './fieldMessageDe';

/**
 * Each spec text by its English words. The spec's fixed texts are thrown as they are (the
 * modules use MESSAGES, the English contract), and their English is unique, so it names the key
 * to look up in the caller's catalogue.
 */
const SPEC_KEY_BY_TEXT: ReadonlyMap<string, keyof MessageCatalogue> = new Map(
  (Object.keys(MESSAGES) as (keyof MessageCatalogue)[]).map((key) => [MESSAGES[key], key]),
);

/**
 * An answer's message in `language`: a `Wording` built in it, a spec text (MESSAGES) looked up
 * in its translation, a request check's text (the contract's and the schema validator's field
 * messages, http/fieldMessageDe) in German, anything else as it was written (ours in English
 * where no module words it in other languages yet).
 */
export function localizedMessage(message: string, wording: Wording | null, language: string): string {
  if (wording !== null) return wording(language);
  const key = SPEC_KEY_BY_TEXT.get(message);
  if (key !== undefined) return messagesFor(language)[key];
  return language.toLowerCase().startsWith('de') ? (fieldMessageDe(message) ?? message) : message;
}
