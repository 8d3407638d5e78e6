/** Thrown when PDFium work exceeds its time box (SECURITY.md row 7); the worker is replaced. */
export class RenderTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`PDF work took longer than ${timeoutMs} ms and was stopped.`);
    this.name = 'RenderTimeoutError';
  }
}
