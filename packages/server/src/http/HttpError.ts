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
  | 'InternalError';

/** The JSON body of every error answer. */
export interface ErrorBody {
  statusCode: number;
  exceptionType: ExceptionType;
  message: string;
}

/** An error a route throws on purpose; the error handler turns it into an `ErrorBody`. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly exceptionType: ExceptionType;

  constructor(statusCode: number, exceptionType: ExceptionType, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.exceptionType = exceptionType;
  }
}

/** 400 ValidationError. */
export function badRequest(message: string): HttpError {
  return new HttpError(400, 'ValidationError', message);
}

/** 401 Unauthorized. */
export function unauthorized(message = 'Authentication is required.'): HttpError {
  return new HttpError(401, 'Unauthorized', message);
}

/** 403 Forbidden. */
export function forbidden(message: string): HttpError {
  return new HttpError(403, 'Forbidden', message);
}

/** 404 NotFound (also for documents the caller may not see: SECURITY row 9). */
export function notFound(message: string): HttpError {
  return new HttpError(404, 'NotFound', message);
}
