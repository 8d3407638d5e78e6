/** Thrown when a storage key is not 64 lower-case hex characters; routes answer 400 or 404. */
export class InvalidFileKeyError extends Error {
  constructor() {
    super('Invalid file key.');
    this.name = 'InvalidFileKeyError';
  }
}
