/**
 * An error the data service answers on purpose, as the OData v4 JSON error body
 * `{"error":{"code":"","message":"…"}}`. Its own class (not HttpError) because OData needs
 * statuses the /api bodies never use: 405, 412 and 428.
 */
export class ODataError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'ODataError';
    this.statusCode = statusCode;
  }
}

/** 400: a query option, key or body the service does not accept. */
export function odataBadRequest(message: string): ODataError {
  return new ODataError(400, message);
}

/** 404: no such entity set or entity. */
export function odataNotFound(message = 'Not found.'): ODataError {
  return new ODataError(404, message);
}
