/** Query parameters whose values are credentials: the spec's `auth` and `token`, OAuth's and Azure's (a SAS `sig`). */
const SECRET_PARAMETERS = [
  'auth',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'code',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'assertion',
  'password',
  'secret',
  'key',
  'apikey',
  'api_key',
  'sig',
  'signature',
];

/** `name=value` in a query string, up to the next `&`, `#`, space, quote or backslash (JSON's escape). */
const SECRET_PARAMETER = new RegExp(`([?&;](?:${SECRET_PARAMETERS.join('|')})=)[^&#\\s"'\\\\]+`, 'gi');

/**
 * Tokens however they travel: a JWT (Entra's, Graph's) or our own two-part token — runs of
 * base64url of 16 characters or more joined by dots.
 */
const TOKEN_SHAPE = /[A-Za-z0-9_-]{16,}(?:\.[A-Za-z0-9_-]{16,})+\.?[A-Za-z0-9_-]*/g;

/** What stands where a secret was. */
export const REDACTED = '[redacted]';

/**
 * `text` with every credential it may carry replaced by `[redacted]`: the values of secret query
 * parameters (`?auth=`, `&token=`, … the spec lets a host send Entra and Graph tokens in a URL)
 * and anything shaped like a token, wherever it stands (second attack finding 2).
 */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAMETER, `$1${REDACTED}`).replace(TOKEN_SHAPE, REDACTED);
}

/** Where log lines go: pino writes each line whole. */
export interface LogDestination {
  write(line: string): unknown;
}

/**
 * A log destination that redacts every line before `target` gets it — the request lines' URLs,
 * messages, error texts and stacks alike, so no logging call can leak a token by forgetting to.
 */
export function redactingDestination(target: LogDestination): LogDestination {
  return { write: (line: string) => target.write(redactSecrets(line)) };
}
