import { ApiError } from '../../api';
import { MESSAGES } from '../../locale/messages';

/**
 * The words for a failed split, recombination or merge: the server's own refusal (the spec's
 * texts: bad ranges, pages out of range, too big, locked by another user, not found), or the
 * spec's 'An error occurred when splitting the document.' for anything else (server faults,
 * time-outs, no connection).
 */
export function pageWorkErrorText(error: unknown, fallback: string = MESSAGES.splitError): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status >= 400 && error.status < 500 && error.message !== '')
    return error.message;
  return fallback;
}
