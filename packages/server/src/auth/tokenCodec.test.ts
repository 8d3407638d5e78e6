import { entraIdentityOfToken, signToken, tokenPayloadFor, verifyToken } from './tokenCodec';
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

  it('carries the Entra identity that signed in through verification; a payload with half of it or a non-GUID is refused', () => {
    const entra = { tenantId: 'aaaaaaaa-0000-4000-8000-000000000001', objectId: 'dddddddd-0000-4000-8000-000000000001' };
    const payload = verifyToken(secret, signToken(secret, tokenPayloadFor('clerk', now, null, entra)), now);
    expect(payload === null ? null : entraIdentityOfToken(payload)).toEqual(entra);
    const plain = verifyToken(secret, signToken(secret, tokenPayloadFor('clerk', now)), now);
    expect(plain === null ? undefined : entraIdentityOfToken(plain)).toBeNull();
    const base = tokenPayloadFor('clerk', now);
    expect(verifyToken(secret, signToken(secret, { ...base, entraTenantId: entra.tenantId }), now)).toBeNull();
    expect(
      verifyToken(secret, signToken(secret, { ...base, entraTenantId: entra.tenantId, entraObjectId: 'alex@contoso.com' }), now),
    ).toBeNull();
  });
});
