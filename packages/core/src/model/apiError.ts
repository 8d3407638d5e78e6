/** The JSON error body every web-services error answers with (BRIEF "error bodies"). */
export interface ApiErrorBody {
  statusCode: number;
  /** Server exception name, e.g. 'NotFound'; bodies with it go to the exception banner (spec §8). */
  exceptionType?: string;
  message: string;
  /** When present the client raises an alert instead of the banner (spec §8). */
  responseType?: string;
}

/** Exception type names the server uses (BRIEF). */
export const EXCEPTION_TYPES = {
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'NotFound',
  validationError: 'ValidationError',
  payloadTooLarge: 'PayloadTooLarge',
  unsupportedFileType: 'UnsupportedFileType',
  licenseCount: 'LicenseCountException',
  conflict: 'Conflict',
  tooManyRequests: 'TooManyRequests',
  internalError: 'InternalError',
} as const;

/** Tells whether a parsed response body has the shape of an error body. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.message === 'string' &&
    (v.statusCode === undefined || typeof v.statusCode === 'number') &&
    (v.exceptionType === undefined || typeof v.exceptionType === 'string') &&
    (v.responseType === undefined || typeof v.responseType === 'string') &&
    (typeof v.exceptionType === 'string' || typeof v.responseType === 'string' || typeof v.statusCode === 'number')
  );
}
