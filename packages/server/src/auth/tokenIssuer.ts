import type { Kysely } from 'kysely';
import { signToken, tokenPayloadFor } from './tokenCodec';
import type { TokenEntraIdentity } from './tokenCodec';
import type { Database } from '../db/schema';

/** What issuing a token needs: the database, the HMAC secret and the clock. */
export interface TokenIssuerDeps {
  db: Kysely<Database>;
  tokenSecret: Buffer;
  now: () => Date;
}

/**
 * Mints a 60-minute two-part token for `username`; resolves to null when the user does not
 * exist or is disabled. `keyId` is the API key the token stems from (minted by it, or
 * refreshed from a token it minted): the token stops working the moment that key is revoked.
 * `entra` is the Entra identity that signed in (or the one a refreshed token carried): a refresh
 * is refused once the user is no longer bound to it.
 */
export async function issueTokenForUser(
  deps: TokenIssuerDeps,
  username: string,
  keyId: number | null = null,
  entra: TokenEntraIdentity | null = null,
): Promise<string | null> {
  const user = await deps.db.selectFrom('users').select(['username', 'disabled']).where('username', '=', username).executeTakeFirst();
  if (user === undefined || user.disabled === 1) return null;
  return signToken(deps.tokenSecret, tokenPayloadFor(user.username, deps.now(), keyId, entra));
}
