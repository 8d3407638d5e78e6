/**
 * A Microsoft Graph or Entra ID call that failed, in words an administrator can act on: who
 * refused what and why (Graph's own message where it gave one). `status` is the HTTP status, or
 * 0 when no answer came (unreachable, timed out). Job handlers let it propagate: the job runner
 * keeps the message as the job's last error and retries later.
 */
export class GraphRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'GraphRequestError';
    this.status = status;
    this.code = code;
  }
}
