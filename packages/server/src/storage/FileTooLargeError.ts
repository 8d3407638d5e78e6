/** Thrown by `FileStore.put` when the source exceeds `maxBytes`; the route answers 413 PayloadTooLarge. */
export class FileTooLargeError extends Error {
  /** The limit that was exceeded, in bytes. */
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`The file exceeds the limit of ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
    this.maxBytes = maxBytes;
  }
}
