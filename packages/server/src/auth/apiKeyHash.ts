import { createHash, randomBytes } from 'node:crypto';

/** Prefix of every API key, so leaked keys are recognisable. */
export const API_KEY_PREFIX = 'dhk_';

/** A new API key: `dhk_` + 40 random base64url characters (30 random bytes). */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(30).toString('base64url');
}

/** The stored form of a key: SHA-256 hex. Keys are long random strings, so a plain hash suffices. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
