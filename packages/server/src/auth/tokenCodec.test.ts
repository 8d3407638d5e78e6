import { signToken, tokenPayloadFor, verifyToken } from './tokenCodec';
import { decodeToken } from '@datahaven/core/model';

const secret = Buffer.alloc(32, 1);
const now = new Date('2025-05-30T09:00:00.000Z');

describe('tokenCodec', () => {
  it('signs a token the core decodes and the server verifies', () => {
    const token = signToken(secret, tokenPayloadFor('clerk', now));
    expect(decodeToken(token)).toEqual({ username: 'clerk', expiration: '2025-05-30T10:00:00.000Z', passthroughResources: [] });
    expect(verifyToken(secret, token, now)?.username).toBe('clerk');
  });

  it('refuses at the expiry instant, other secrets, extra parts and junk', () => {
    const token = signToken(secret, tokenPayloadFor('clerk', now));
    expect(verifyToken(secret, token, new Date('2025-05-30T10:00:00.000Z'))).toBeNull();
    expect(verifyToken(Buffer.alloc(32, 2), token, now)).toBeNull();
    expect(verifyToken(secret, `${token}.x`, now)).toBeNull();
    expect(verifyToken(secret, 'not a token', now)).toBeNull();
    expect(verifyToken(secret, '', now)).toBeNull();
  });
});
