import { encodeBase64Url } from '@datahaven/core';

/** A product token (`payload.signature`) for `username` that expires at `expiresAt` (ms); only its payload matters to the client. */
export function productToken(expiresAt: number, username = 'clerk'): string {
  const payload = { username, expiration: new Date(expiresAt).toISOString(), passthroughResources: [] };
  return `${encodeBase64Url(JSON.stringify(payload))}.signature-${username}-${expiresAt}`;
}
