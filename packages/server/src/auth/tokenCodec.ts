import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenPayload } from '@datahaven/core/model';

/**
 * Our tokens' payload: the spec's fields, plus `keyId` when an API key minted the token, so the
 * auth check can refuse it the moment that key is revoked.
 */
export interface ServerTokenPayload extends TokenPayload {
  keyId?: number;
}

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

/** Makes a payload for `username` that expires one token lifetime after `now`; `keyId` names the minting API key. */
export function tokenPayloadFor(username: string, now: Date, keyId: number | null = null): ServerTokenPayload {
  const payload: ServerTokenPayload = {
    username,
    expiration: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
    passthroughResources: [],
  };
  if (keyId !== null) payload.keyId = keyId;
  return payload;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Checks signature (timing-safe) and expiry; returns the payload, or null for anything not
 * signed by `secret`, expired, without an expiry, or expiring more than 24 h ahead.
 */
export function verifyToken(secret: Buffer, token: string, now: Date): ServerTokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [part1, part2] = parts;
  if (!part1 || !part2 || !BASE64URL.test(part1) || !BASE64URL.test(part2)) return null;
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
  const { username, expiration, passthroughResources, keyId } = value as Record<string, unknown>;
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
  return payload;
}
