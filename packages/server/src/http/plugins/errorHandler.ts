import type { FastifyError, FastifyInstance } from 'fastify';
import { DatabaseError } from 'pg';
import { FileTooLargeError } from '../../storage/FileTooLargeError';
import { InvalidFileKeyError } from '../../storage/InvalidFileKeyError';
import { DomainError } from '../../errors/DomainError';
import { ImageLimitError } from '../../pdf/ImageLimitError';
import { PdfWorkError } from '../../pdf/PdfWorkError';
import { HttpError, httpErrorOf } from '../HttpError';
import { StillWorkingError } from '../StillWorkingError';
import type { ErrorBody, ExceptionType } from '../HttpError';
import { HTTP_TEXT, httpTextFor } from '../httpText';
import { localizedMessage } from '../localizedMessage';

const TYPE_BY_STATUS: Readonly<Record<number, ExceptionType>> = {
  400: 'ValidationError',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedFileType',
  429: 'TooManyRequests',
};

/** What a request naming a number beyond its column's type is told (PostgreSQL's ids are 32-bit). */
export const NUMBER_OUT_OF_RANGE = HTTP_TEXT.numberOutOfRange;

/**
 * PostgreSQL's numeric_value_out_of_range: a value of the request beyond its column's type, such
 * as an id over 2,147,483,647 (the path and list patterns allow 15 digits). The id names no row,
 * so it is the request's fault and answers 400 in words, not 500; SQLite's 64-bit ids simply find
 * nothing (404).
 */
const PG_NUMERIC_VALUE_OUT_OF_RANGE = '22003';

/**
 * Maps any thrown error to the BRIEF's error body, its message in `language` (the caller's
 * Accept-Language; English by default); unknown errors become 500 without details.
 */
export function errorBodyOf(thrown: unknown, language = 'en'): ErrorBody {
  const text = httpTextFor(language);
  const error = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown;
  if (error instanceof HttpError)
    return {
      statusCode: error.statusCode,
      exceptionType: error.exceptionType,
      message: localizedMessage(error.message, error.wording, language),
    };
  if (error instanceof FileTooLargeError)
    return { statusCode: 413, exceptionType: 'PayloadTooLarge', message: text.fileTooLarge(error.maxBytes) };
  if (error instanceof InvalidFileKeyError) return { statusCode: 404, exceptionType: 'NotFound', message: text.notFound };
  if (error instanceof ImageLimitError)
    return { statusCode: 413, exceptionType: 'PayloadTooLarge', message: localizedMessage(error.message, error.wording, language) };
  // The file's content defeated a conversion or render: said in words, never a 500.
  if (error instanceof PdfWorkError)
    return { statusCode: 415, exceptionType: 'UnsupportedFileType', message: text.previewNotAvailable(error.message) };
  if (error instanceof StillWorkingError) return { statusCode: 503, exceptionType: 'InternalError', message: error.message };
  if (error instanceof DatabaseError && error.code === PG_NUMERIC_VALUE_OUT_OF_RANGE)
    return { statusCode: 400, exceptionType: 'ValidationError', message: text.numberOutOfRange };
  const fastifyError = error as Partial<FastifyError>;
  // The schema validator's words (http/plugins/requestValidation) in the caller's language; the
  // field names, and the validator's own detail ('must be integer'), stay as they are.
  if (fastifyError.validation !== undefined) {
    const message = fastifyError.message;
    return {
      statusCode: 400,
      exceptionType: 'ValidationError',
      message: message === undefined ? text.invalidRequest : localizedMessage(message, null, language),
    };
  }
  if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.code === 'FST_FILES_LIMIT') {
    return { statusCode: 413, exceptionType: 'PayloadTooLarge', message: fastifyError.message ?? text.payloadTooLarge };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      statusCode: status,
      exceptionType: TYPE_BY_STATUS[status] ?? 'ValidationError',
      message: fastifyError.message ?? text.invalidRequest,
    };
  }
  return { statusCode: 500, exceptionType: 'InternalError', message: text.internalError };
}

/** Answers every error with `{ statusCode, exceptionType, message }` in the caller's language, saying it in Content-Language. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const body = errorBodyOf(error, request.language);
    if (body.statusCode >= 500 && !(error instanceof StillWorkingError)) request.log.error({ err: error }, 'request failed');
    // Kept in the log: a number out of range is nearly always the request's, but one the server
    // computed itself would show up here.
    else if (error instanceof DatabaseError) request.log.warn({ err: error }, 'request refused by the database');
    if (reply.sent || reply.raw.headersSent) return;
    // A file answer may have set these before failing; the error body is JSON.
    reply.removeHeader('content-disposition');
    reply.removeHeader('content-range');
    reply.removeHeader('etag');
    if (error instanceof StillWorkingError) reply.header('Retry-After', String(error.retryAfterSeconds));
    // Refused while the body still streams in (an upload past a limit): close the connection
    // after the answer instead of reading — and discarding — the rest (second attack finding 4).
    // A 429 comes before the body is read at all (the limit runs on the request's arrival).
    if ((body.statusCode === 413 || body.statusCode === 429) && !request.raw.complete) reply.header('Connection', 'close');
    void reply.status(body.statusCode).header('Content-Language', request.language).type('application/json; charset=utf-8').send(body);
  });
}
