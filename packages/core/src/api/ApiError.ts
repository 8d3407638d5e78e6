import { EXCEPTION_TYPES, isApiErrorBody, type ApiErrorBody } from '../model';
import { MESSAGE_FUNCTIONS } from '../locale/messageFunctions';
import { MESSAGES } from '../locale/messages';
import { UI_TEXT } from '../locale/uiText';

/** Why a call failed: an HTTP error answer, the 10 s time-out, no connection, an abort, or no usable token. */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'aborted' | 'auth';

/**
 * How the shell should show the error (spec §8): bodies with exceptionType go to the exception
 * banner; bodies with responseType, and 403 LicenseCountException, raise an alert; anything else
 * is a plain message for the screen that made the call.
 */
export type ApiErrorDisplay = 'banner' | 'alert' | 'message';

/** Fields of an ApiError. */
export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status; 0 when there was no HTTP answer. */
  status: number;
  display: ApiErrorDisplay;
  message: string;
  body?: ApiErrorBody;
}

/** A failed web-services call with the user-visible message already chosen. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly display: ApiErrorDisplay;
  readonly body: ApiErrorBody | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.display = init.display;
    this.body = init.body ?? null;
  }

  /**
   * Whether the server may have done what was asked although no success came back: no answer
   * (connection lost, time-out), a gateway's 502/504 (the server behind it may have finished;
   * our own 502s carry an exceptionType and are refusals), or
   * 409 'still being processed' for a request sent again with its Idempotency-Key. Sent again
   * with the same key, such a request is answered as the first time; any other refusal did nothing.
   */
  get outcomeUnknown(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    if (this.kind !== 'http') return false;
    if (this.status === 502 || this.status === 504) return this.body?.exceptionType === undefined;
    return this.status === 409 && this.body?.message === MESSAGES.idempotencyKeyInProgress;
  }

  /** The server's exception name (e.g. 'NotFound'), when it sent one. */
  get exceptionType(): string | null {
    return this.body?.exceptionType ?? null;
  }

  /** An error answer from the server, mapped per spec §8. `body` is the parsed JSON or text, if any. */
  static fromResponse(status: number, statusText: string, body: unknown): ApiError {
    if (isApiErrorBody(body)) {
      const serverMessage = body.message || statusText || String(status);
      if (status === 403 && body.exceptionType === EXCEPTION_TYPES.licenseCount) {
        return new ApiError({ kind: 'http', status, display: 'alert', message: serverMessage, body });
      }
      if (body.responseType !== undefined) {
        return new ApiError({ kind: 'http', status, display: 'alert', message: serverMessage, body });
      }
      if (body.exceptionType !== undefined) {
        return new ApiError({ kind: 'http', status, display: 'banner', message: serverMessage, body });
      }
      return new ApiError({
        kind: 'http',
        status,
        display: 'message',
        message: MESSAGE_FUNCTIONS.errorStatusMessage(status, serverMessage),
        body,
      });
    }
    const text =
      typeof body === 'string' && body.trim() !== '' && body.length <= 200 ? body.trim() : statusText || UI_TEXT.shell.requestFailed;
    return new ApiError({ kind: 'http', status, display: 'message', message: MESSAGE_FUNCTIONS.errorStatusMessage(status, text) });
  }

  /** The 10 s time-out elapsed before the answer. */
  static timeout(): ApiError {
    return new ApiError({ kind: 'timeout', status: 0, display: 'message', message: MESSAGES.requestTimedOut });
  }

  /** No HTTP answer at all (offline, DNS, CORS). */
  static network(): ApiError {
    return new ApiError({ kind: 'network', status: 0, display: 'message', message: MESSAGES.serverUnreachable });
  }

  /**
   * No usable token: the host could not give one, or gave one that cannot be read. Keeps the
   * host's own message (e.g. 'Message #3 timed out.'), else 'Received a bad Authentication token'.
   */
  static auth(cause?: unknown): ApiError {
    if (cause instanceof ApiError) return cause;
    const message = cause instanceof Error && cause.message !== '' ? cause.message : MESSAGES.badAuthenticationToken;
    return new ApiError({ kind: 'auth', status: 401, display: 'alert', message });
  }

  /** The caller aborted the request. */
  static aborted(message: string = MESSAGES.requestCancelled): ApiError {
    return new ApiError({ kind: 'aborted', status: 0, display: 'message', message });
  }
}

/** Tells whether a thrown value is an ApiError. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
