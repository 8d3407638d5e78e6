/** The request header that makes a retried POST safe (draft-ietf-httpapi-idempotency-key; the server keeps answers 24 h). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * A fresh Idempotency-Key header value: a random UUID as the draft's quoted string. One per user
 * action (an upload, an e-mail filed), reused only when the same action is sent again after its
 * answer was lost, so the server replays the first answer instead of storing the files twice.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  // RFC 9562 version 4: the version nibble and the variant bits.
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}"`;
}
