import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../../errors/DomainError';
import type { DomainErrorKind } from '../../errors/DomainError';
import { HttpError } from '../HttpError';
import { ODataError } from './ODataError';

/** The OData v4 JSON error body. The brief fixes `code` to the empty string. */
export interface ODataErrorBody {
  error: { code: string; message: string };
}

/** The data service's status of each domain refusal: the one place /odata/v1 maps them. */
export const ODATA_STATUS_OF_DOMAIN_ERROR: Readonly<Record<DomainErrorKind, number>> = {
  NotFound: 404,
  Forbidden: 403,
  Conflict: 409,
  OutOfSync: 409,
  Validation: 400,
  UnsupportedFileType: 415,
  TooLarge: 413,
  Unavailable: 503,
};

/** Status and OData body of any error thrown inside the data service; unknown errors are 500 without details. */
export function odataErrorOf(error: unknown): { statusCode: number; body: ODataErrorBody } {
  const body = (message: string): ODataErrorBody => ({ error: { code: '', message } });
  if (error instanceof DomainError) return { statusCode: ODATA_STATUS_OF_DOMAIN_ERROR[error.kind], body: body(error.message) };
  if (error instanceof ODataError || error instanceof HttpError) return { statusCode: error.statusCode, body: body(error.message) };
  // Fastify's own 4xx (unparsable JSON body, unsupported media type, body too large) keep their status.
  const status = (error as Partial<FastifyError>).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { statusCode: status, body: body((error as Partial<FastifyError>).message ?? 'Invalid request.') };
  }
  return { statusCode: 500, body: body('An internal error occurred.') };
}

/** Answers every error under /odata/v1 with the OData error body (the /api handler keeps its own shape). */
export function registerODataErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body } = odataErrorOf(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'data service request failed');
    if (reply.sent || reply.raw.headersSent) return;
    void reply.status(statusCode).header('OData-Version', '4.0').type('application/json; charset=utf-8').send(body);
  });
}
