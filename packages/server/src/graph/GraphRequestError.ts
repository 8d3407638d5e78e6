import type { Wording } from '../errors/Wording';

/**
 * A Microsoft Graph or Entra ID call that failed, in words an administrator can act on: who
 * refused what and why (Graph's own message where it gave one). `status` is the HTTP status, or
 * 0 when no answer came (unreachable, timed out). Job handlers let it propagate: the job runner
 * keeps the message as the job's last error and retries later.
 */
export class GraphRequestError extends Error {
  readonly status: number;
  readonly code: string;
  /** The words in any language where ours (see errors/DomainError); null for a fixed text. */
  readonly wording: Wording | null;

  constructor(status: number, code: string, message: string | Wording) {
    super(typeof message === 'string' ? message : message('en'));
    this.name = 'GraphRequestError';
    this.status = status;
    this.code = code;
    this.wording = typeof message === 'string' ? null : message;
  }

  /** The message in `language` (a route answering its caller); jobs keep `message`, the English. */
  messageIn(language: string): string {
    return this.wording === null ? this.message : this.wording(language);
  }
}
