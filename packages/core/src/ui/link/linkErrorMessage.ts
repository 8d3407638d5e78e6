import { ApiError } from '../../api';
import { MESSAGE_FUNCTIONS } from '../../locale/messageFunctions';
import { MESSAGES } from '../../locale/messages';

/** The spec's messages (the link ones of embedded §5, a queue out of sync, a lock…), which the server may answer word for word. */
const SPEC_MESSAGES: ReadonlySet<string> = new Set<string>(
  Object.values(MESSAGES).filter((message) => message !== MESSAGES.documentNotFound),
);

/**
 * What a failed POST /documents/{id}/link tells the user, in the spec's words: a refusal already
 * in the spec's words as it is (a queue out of sync, say); 409 'already linked'; a 404 for the document 'could not be found', any other
 * 404 (the record) 'not linked … valid record id'; anything else 'There was an error linking the
 * document: {errorMessage}' with the server's (or the client's) words.
 */
export function linkErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGE_FUNCTIONS.linkingError(MESSAGES.unhandledError);
  if (SPEC_MESSAGES.has(error.message)) return error.message;
  if (error.status === 409) return MESSAGES.linkAlreadyLinked;
  if (error.status === 404)
    return error.message === MESSAGES.documentNotFound ? MESSAGES.linkDocumentNotFound : MESSAGES.linkInvalidRecordId;
  return MESSAGE_FUNCTIONS.linkingError(error.message);
}
