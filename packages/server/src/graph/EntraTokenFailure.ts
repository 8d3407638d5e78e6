/**
 * Why Entra gave no token, sorted so each caller can say it in its own words: `refused` (Entra
 * answered with an OAuth error, or MSAL holds back after Entra asked it to wait), `unreachable`
 * and `timedOut` (no answer), `badAnswer` (an answer that is no token), `failed` (MSAL stopped
 * before asking: its configuration or the authority's discovery).
 */
export type EntraTokenFailureKind = 'refused' | 'unreachable' | 'timedOut' | 'badAnswer' | 'failed';

/**
 * A token request through MSAL that gave no token: `status` is the token endpoint's HTTP status
 * (0 when none answered), `code` Entra's OAuth error code (`Http<status>` without one),
 * `description` the first line of Entra's `error_description` (the rest is trace ids), `url` the
 * endpoint asked.
 */
export class EntraTokenFailure extends Error {
  readonly kind: EntraTokenFailureKind;
  readonly status: number;
  readonly code: string;
  readonly description: string;
  readonly url: string;

  constructor(kind: EntraTokenFailureKind, details: { status: number; code: string; description: string; url: string }) {
    super(`${details.code}: ${details.description}`);
    this.name = 'EntraTokenFailure';
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.description = details.description;
    this.url = details.url;
  }
}
