import type { Wording } from './Wording';

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

/**
 * A refusal of the domain, carrying the message users see (the spec's wording where it has one):
 * a fixed text, or a `Wording` the transport builds in the caller's language (`message` is then
 * its English, for logs and tests).
 */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** The message in any language; null for a fixed text (the transport translates the spec's by their English). */
  readonly wording: Wording | null;

  constructor(kind: DomainErrorKind, message: string | Wording) {
    super(typeof message === 'string' ? message : message('en'));
    this.name = 'DomainError';
    this.kind = kind;
    this.wording = typeof message === 'string' ? null : message;
  }
}

/** No such thing, or one the caller may not see (SECURITY row 9: the same answer for both). */
export function notFound(message: string | Wording): DomainError {
  return new DomainError('NotFound', message);
}

/** The caller lacks the privilege, queue flag or workflow bit the change needs. */
export function forbidden(message: string | Wording): DomainError {
  return new DomainError('Forbidden', message);
}

/** The change collides with the stored state (a name taken, a lock held, a row changed meanwhile). */
export function conflict(message: string | Wording): DomainError {
  return new DomainError('Conflict', message);
}

/** The caller acted on a queue the document has left since the caller's screen was drawn. */
export function outOfSync(message: string | Wording): DomainError {
  return new DomainError('OutOfSync', message);
}

/** The request names something the rules do not accept (a value out of range, a missing field). */
export function invalid(message: string | Wording): DomainError {
  return new DomainError('Validation', message);
}

/** The file is of a kind the product does not store. */
export function unsupportedFileType(message: string | Wording): DomainError {
  return new DomainError('UnsupportedFileType', message);
}

/** Something the request depends on (an ERP entity source) cannot answer now: down, too slow, busy. */
export function unavailable(message: string | Wording): DomainError {
  return new DomainError('Unavailable', message);
}

/** The request carries more than a limit allows (the files of one upload together, a user's day of uploads). */
export function tooLarge(message: string | Wording): DomainError {
  return new DomainError('TooLarge', message);
}
