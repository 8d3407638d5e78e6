import { MESSAGE_FUNCTIONS, type MessageFunctions } from './messageFunctions';
import { MESSAGE_FUNCTIONS_DE } from './messageFunctionsDe';
import { primaryLanguageOf } from './primaryLanguageOf';

/** The translations of MESSAGE_FUNCTIONS by primary language subtag; English is the fallback. */
const TRANSLATIONS: Readonly<Record<string, MessageFunctions>> = { de: MESSAGE_FUNCTIONS_DE };

/**
 * The spec's texts with values in `language` (a BCP 47 tag such as 'de-DE'): the translation of
 * its primary language where there is one, the English functions otherwise.
 */
export function messageFunctionsFor(language: string): MessageFunctions {
  return TRANSLATIONS[primaryLanguageOf(language)] ?? MESSAGE_FUNCTIONS;
}
