import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey, JSONWebKeySet, JWK, JWTPayload } from 'jose';

/** One RS256 key with its key id. */
interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** How `EntraSigningKeys.sign` signs. */
export interface EntraSignOptions {
  issuer: string;
  audience: string;
  /** Seconds until expiry (default 3600); negative for an expired token. */
  expiresInSeconds?: number;
  /** Seconds from now before which the token is not valid (default 0). */
  notBeforeInSeconds?: number;
  /** A key id to put in the header instead of the signing key's (a forged token claiming a published key). */
  kid?: string;
}

async function newKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/**
 * An Entra-like signing key set for the demo and the tests: RS256 keys made at start-up, each with
 * a key id, published as a JWKS; `rollover` makes a new current key (the old one stays published
 * beside it for a while, as Entra's rollover does, unless `retireOld`).
 */
export class EntraSigningKeys {
  private constructor(private keys: SigningKey[]) {}

  /** A key set with one fresh key. */
  static async create(): Promise<EntraSigningKeys> {
    return new EntraSigningKeys([await newKey()]);
  }

  /** The key id tokens are signed with now. */
  get currentKid(): string {
    return this.keys[0].kid;
  }

  /** The published key set (public keys only). */
  jwks(): JSONWebKeySet {
    return { keys: this.keys.map((key) => key.publicJwk) };
  }

  /** Makes a new current key; answers its key id. */
  async rollover(retireOld = false): Promise<string> {
    const key = await newKey();
    this.keys = retireOld ? [key] : [key, ...this.keys].slice(0, 2);
    return key.kid;
  }

  /** Signs `claims` with the current key (RS256, typ JWT), with iat, nbf and exp set. */
  async sign(claims: JWTPayload, options: EntraSignOptions): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: options.kid ?? this.keys[0].kid })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt(now)
      .setNotBefore(now + (options.notBeforeInSeconds ?? 0))
      .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
      .sign(this.keys[0].privateKey);
  }
}
