import type { DomainError, DomainErrorKind } from '../errors/DomainError';
import type { Wording } from '../errors/Wording';
import { httpTextFor } from './httpText';

/** The `exceptionType` names of the error bodies (BRIEF). */
export type ExceptionType =
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'ValidationError'
  | 'PayloadTooLarge'
  | 'UnsupportedFileType'
  | 'LicenseCountException'
  | 'Conflict'
  | 'GraphError'
  | 'TooManyRequests'
  | 'InternalError';

/** The JSON body of every error answer. */
export interface ErrorBody {
  statusCode: number;
  exceptionType: ExceptionType;
  message: string;
}

/**
 * An error the transport throws on purpose (a malformed request, a missing token); the error
 * handler turns it into an `ErrorBody`. Commands and policies throw `DomainError` instead.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly exceptionType: ExceptionType;
  /** The message in any language (see DomainError); null for a fixed text. */
  readonly wording: Wording | null;

  constructor(statusCode: number, exceptionType: ExceptionType, message: string | Wording) {
    super(typeof message === 'string' ? message : message('en'));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.exceptionType = exceptionType;
    this.wording = typeof message === 'string' ? null : message;
  }
}

/** 400 ValidationError. */
export function badRequest(message: string | Wording): HttpError {
  return new HttpError(400, 'ValidationError', message);
}

/** 401 Unauthorized. */
export function unauthorized(message: string | Wording = (language) => httpTextFor(language).authenticationRequired): HttpError {
  return new HttpError(401, 'Unauthorized', message);
}

/** 403 Forbidden. */
export function forbidden(message: string | Wording): HttpError {
  return new HttpError(403, 'Forbidden', message);
}

/** 404 NotFound (also for documents the caller may not see: SECURITY row 9). */
export function notFound(message: string | Wording): HttpError {
  return new HttpError(404, 'NotFound', message);
}

/** The /api status and `exceptionType` of each domain refusal: the one place /api maps them. */
export const HTTP_STATUS_OF_DOMAIN_ERROR: Readonly<Record<DomainErrorKind, { statusCode: number; exceptionType: ExceptionType }>> = {
  NotFound: { statusCode: 404, exceptionType: 'NotFound' },
  Forbidden: { statusCode: 403, exceptionType: 'Forbidden' },
  Conflict: { statusCode: 409, exceptionType: 'Conflict' },
  // The client tells "reload the queue" by the message (the spec's queueOutOfSync), not the type.
  OutOfSync: { statusCode: 409, exceptionType: 'Conflict' },
  Validation: { statusCode: 400, exceptionType: 'ValidationError' },
  UnsupportedFileType: { statusCode: 415, exceptionType: 'UnsupportedFileType' },
  // An ERP that is down or busy: 503 in words, never a 500 (erp/erpMessages.ts).
  TooLarge: { statusCode: 413, exceptionType: 'PayloadTooLarge' },
  Unavailable: { statusCode: 503, exceptionType: 'InternalError' },
};

/** The /api answer to a domain refusal. */
export function httpErrorOf(error: DomainError): HttpError {
  const { statusCode, exceptionType } = HTTP_STATUS_OF_DOMAIN_ERROR[error.kind];
  return new HttpError(statusCode, exceptionType, error.wording ?? error.message);
}
