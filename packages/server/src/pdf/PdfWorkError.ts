/**
 * A PDF or image task that the worker ran and that failed on the file's content (damaged,
 * unsupported, over a limit): running it again on the same bytes fails the same way.
 */
export class PdfWorkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfWorkError';
  }
}
