import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EntraIdentity } from './EntraTokenValidator';

/** Whom an Entra identity signs in as: a user, a disabled user, or nobody. */
export type EntraSignIn = { kind: 'user'; username: string } | { kind: 'disabled'; username: string } | { kind: 'unknown' };

/**
 * The product user bound to an Entra identity by tenant id + object id (`tid` + `oid`), and by
 * nothing else. A first sign-in of an oid no user holds binds nothing and creates nothing: an
 * administrator binds it beforehand (PUT /api/users/{id}/entra-identity). Name claims
 * (`preferred_username`, `upn`, `email`) are never looked at: an attacker can give their own
 * Entra account another person's name or e-mail, and binding by it took accounts over (issue 35
 * finding 5, "nOAuth").
 */
export async function findEntraUser(db: Kysely<Database>, identity: EntraIdentity): Promise<EntraSignIn> {
  const user = await db
    .selectFrom('users')
    .select(['username', 'disabled'])
    .where('entra_tenant_id', '=', identity.tenantId)
    .where('entra_object_id', '=', identity.objectId)
    .executeTakeFirst();
  if (user === undefined) return { kind: 'unknown' };
  return user.disabled === 1 ? { kind: 'disabled', username: user.username } : { kind: 'user', username: user.username };
}
