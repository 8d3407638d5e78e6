/**
 * Why a command or policy refused. Each transport maps the kind to its own answer in one place
 * (http/plugins/errorHandler for /api, http/odata/registerODataErrorHandler for /odata/v1), so
 * the domain never knows a status code.
 */
export type DomainErrorKind =
  | 'NotFound'
  | 'Forbidden'
  | 'Conflict'
  | 'OutOfSync'
  | 'Validation'
  | 'UnsupportedFileType'
  | 'TooLarge'
  | 'Unavailable';

/** A refusal of the domain, carrying the message users see (the spec's wording where it has one). */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;

  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
  }
}

/** No such thing, or one the caller may not see (SECURITY row 9: the same answer for both). */
export function notFound(message: string): DomainError {
  return new DomainError('NotFound', message);
}

/** The caller lacks the privilege, queue flag or workflow bit the change needs. */
export function forbidden(message: string): DomainError {
  return new DomainError('Forbidden', message);
}

/** The change collides with the stored state (a name taken, a lock held, a row changed meanwhile). */
export function conflict(message: string): DomainError {
  return new DomainError('Conflict', message);
}

/** The caller acted on a queue the document has left since the caller's screen was drawn. */
export function outOfSync(message: string): DomainError {
  return new DomainError('OutOfSync', message);
}

/** The request names something the rules do not accept (a value out of range, a missing field). */
export function invalid(message: string): DomainError {
  return new DomainError('Validation', message);
}

/** The file is of a kind the product does not store. */
export function unsupportedFileType(message: string): DomainError {
  return new DomainError('UnsupportedFileType', message);
}

/** Something the request depends on (an ERP entity source) cannot answer now: down, too slow, busy. */
export function unavailable(message: string): DomainError {
  return new DomainError('Unavailable', message);
}

/** The request carries more than a limit allows (the files of one upload together, a user's day of uploads). */
export function tooLarge(message: string): DomainError {
  return new DomainError('TooLarge', message);
}
