/**
 * Thrown by a job handler when the job failed by its file's fault (damaged, over a limit, or
 * running past its time budget): the job is marked failed at once, with no retry, since the
 * same bytes would fail the same way and cost the same CPU again (SECURITY.md row 7).
 */
export class FileFaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileFaultError';
  }
}
