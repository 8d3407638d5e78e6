import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenPayload } from '@datahaven/core/model';

/**
 * Our tokens' payload: the spec's fields, plus `keyId` when an API key minted the token, so the
 * auth check can refuse it the moment that key is revoked, and the Entra tenant + object id when a
 * Microsoft Entra ID sign-in minted it, so a refresh stops once that identity is unbound.
 */
export interface ServerTokenPayload extends TokenPayload {
  keyId?: number;
  entraTenantId?: string;
  entraObjectId?: string;
}

/** The Entra identity (`tid` + `oid`, lower case) a token was minted for. */
export interface TokenEntraIdentity {
  tenantId: string;
  objectId: string;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Token lifetime (BRIEF: 60 minutes). */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** A token whose expiry lies further ahead than this was not made by us: refused (SECURITY row 14). */
export const TOKEN_MAX_FUTURE_MS = 24 * 60 * 60 * 1000;

function base64url(data: Buffer): string {
  return data.toString('base64url');
}

function signPart(secret: Buffer, part1: string): Buffer {
  return createHmac('sha256', secret).update(part1, 'utf8').digest();
}

/** Builds the two-part token `base64url(JSON payload).base64url(HMAC-SHA256(secret, part1))`. */
export function signToken(secret: Buffer, payload: ServerTokenPayload): string {
  const part1 = base64url(Buffer.from(JSON.stringify(payload), 'utf8'));
  return `${part1}.${base64url(signPart(secret, part1))}`;
}

/**
 * Makes a payload for `username` that expires one token lifetime after `now`; `keyId` names the
 * minting API key, `entra` the Entra identity that signed in.
 */
export function tokenPayloadFor(
  username: string,
  now: Date,
  keyId: number | null = null,
  entra: TokenEntraIdentity | null = null,
): ServerTokenPayload {
  const payload: ServerTokenPayload = {
    username,
    expiration: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
    passthroughResources: [],
  };
  if (keyId !== null) payload.keyId = keyId;
  if (entra !== null) {
    payload.entraTenantId = entra.tenantId;
    payload.entraObjectId = entra.objectId;
  }
  return payload;
}

/** The Entra identity a verified payload was minted for, or null (password or API-key tokens). */
export function entraIdentityOfToken(payload: ServerTokenPayload): TokenEntraIdentity | null {
  if (payload.entraTenantId === undefined || payload.entraObjectId === undefined) return null;
  return { tenantId: payload.entraTenantId, objectId: payload.entraObjectId };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Whether `part` is the one unpadded base64url spelling of its bytes: a last character with
 * stray trailing bits decodes to the same bytes, so without this each token had four spellings
 * (second attack, finding 8) and a token could not be compared or revoked by its text.
 */
function isCanonicalBase64url(part: string): boolean {
  return BASE64URL.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;
}

/**
 * Checks signature (timing-safe) and expiry; returns the payload, or null for anything not
 * signed by `secret`, expired, without an expiry, or expiring more than 24 h ahead.
 */
export function verifyToken(secret: Buffer, token: string, now: Date): ServerTokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [part1, part2] = parts;
  if (!part1 || !part2 || !isCanonicalBase64url(part1) || !isCanonicalBase64url(part2)) return null;
  const expected = signPart(secret, part1);
  const given = Buffer.from(part2, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part1, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { username, expiration, passthroughResources, keyId, entraTenantId, entraObjectId } = value as Record<string, unknown>;
  if (typeof username !== 'string' || username === '' || typeof expiration !== 'string') return null;
  const expiresAt = Date.parse(expiration);
  if (Number.isNaN(expiresAt)) return null;
  const left = expiresAt - now.getTime();
  if (left <= 0 || left > TOKEN_MAX_FUTURE_MS) return null;
  if (keyId !== undefined && !(typeof keyId === 'number' && Number.isSafeInteger(keyId) && keyId > 0)) return null;
  const payload: ServerTokenPayload = {
    username,
    expiration,
    passthroughResources: Array.isArray(passthroughResources) ? passthroughResources : [],
  };
  if (keyId !== undefined) payload.keyId = keyId;
  // Both or neither, each a lower-case GUID: anything else was not written by tokenPayloadFor.
  if (entraTenantId !== undefined || entraObjectId !== undefined) {
    if (typeof entraTenantId !== 'string' || typeof entraObjectId !== 'string') return null;
    if (!GUID.test(entraTenantId) || !GUID.test(entraObjectId)) return null;
    payload.entraTenantId = entraTenantId;
    payload.entraObjectId = entraObjectId;
  }
  return payload;
}
