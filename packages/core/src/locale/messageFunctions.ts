import { messageFunctionsFor, type MessageFunctions } from '../rules';
import { liveCatalogue } from './liveCatalogue';

/**
 * The spec's texts with values (rules/MESSAGE_FUNCTIONS: refusals, limits, duplicates…) in the
 * language shown, and their detectors in that language too: the server answers in the language
 * the client asks for (Accept-Language), so a refusal is recognised in the words it came in.
 */
export const MESSAGE_FUNCTIONS: MessageFunctions = liveCatalogue<MessageFunctions>({
  en: messageFunctionsFor('en'),
  de: messageFunctionsFor('de'),
});
