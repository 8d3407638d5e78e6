import { messagesFor, type MessageCatalogue } from '../rules';
import { liveCatalogue } from './liveCatalogue';

/**
 * The spec's texts (rules/MESSAGES) in the language shown: what the client's screens, stores and
 * API errors show. The server and the spec tests keep rules/MESSAGES, the English original.
 */
export const MESSAGES: MessageCatalogue = liveCatalogue<MessageCatalogue>({ en: messagesFor('en'), de: messagesFor('de') });
