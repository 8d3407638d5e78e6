/**
 * Work a request started runs on past the request's time box (a large conversion): the answer is
 * 503 with `Retry-After`, while the work goes on in the background and its result is cached for
 * the retry.
 */
export class StillWorkingError extends Error {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.name = 'StillWorkingError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
