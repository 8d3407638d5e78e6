/** A resource the token may also be passed to (spec §3 "Auth token"). */
export interface PassthroughResource {
  scope: string;
  url: string;
}

/** The first part of the product's two-part token. */
export interface TokenPayload {
  username: string;
  /** ISO-8601 UTC instant after which the token is refused. */
  expiration: string;
  passthroughResources: PassthroughResource[];
}

/**
 * Decodes base64url (or plain base64) text into a UTF-8 string. Uses only atob, so it runs the
 * same in browsers, Node and jsdom (which lacks TextDecoder); invalid UTF-8 throws.
 */
export function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  let escaped = '';
  for (let i = 0; i < binary.length; i++) escaped += '%' + binary.charCodeAt(i).toString(16).padStart(2, '0');
  return decodeURIComponent(escaped);
}

/** Encodes a UTF-8 string as unpadded base64url. */
export function encodeBase64Url(text: string): string {
  const binary = encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Reads the payload of a two-part token without checking its signature (only the server can).
 * Returns null for anything that is not `payload.signature` with a well-formed payload.
 */
export function decodeToken(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  try {
    const value: unknown = JSON.parse(decodeBase64Url(parts[0]));
    if (!isTokenPayload(value)) return null;
    return value;
  } catch {
    return null;
  }
}

function isTokenPayload(value: unknown): value is TokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.username === 'string' &&
    typeof v.expiration === 'string' &&
    !Number.isNaN(Date.parse(v.expiration)) &&
    Array.isArray(v.passthroughResources)
  );
}

/** Milliseconds left before the token expires (negative when expired). */
export function tokenMillisecondsLeft(payload: TokenPayload, now: number): number {
  return Date.parse(payload.expiration) - now;
}
