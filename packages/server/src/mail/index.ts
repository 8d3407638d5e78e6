/**
 * Mail: documents leaving by e-mail — an .eml draft to download, a draft in the user's mailbox through
 * Graph, a reply to the message being read.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { registerMailApi } from './http/registerMailApi';
