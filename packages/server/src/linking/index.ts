/**
 * Linking: links between documents and ERP records — link, unlink, push-link, New Card from a
 * document, and the queue's OnLink events.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { LINK_PRIVILEGE, linkDocument } from './documentLinker';
export { registerLinkingApi } from './http/registerLinkingApi';
