import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EntraIdentity } from './EntraTokenValidator';

/**
 * The product user an Entra identity signs in as, by user name; null when none (or a disabled
 * one). Later sign-ins find the user by tenant + object id. The first maps by the token's
 * `preferred_username` / `upn` / `email` to a user's e-mail or user name (case-insensitive) among
 * users with no Entra identity yet, and stores the pair: a user once mapped is never taken over
 * by another account with the same name. Two users matching the same name map neither.
 */
export async function findEntraUser(db: Kysely<Database>, identity: EntraIdentity): Promise<string | null> {
  const byId = async (): Promise<string | null> => {
    const user = await db
      .selectFrom('users')
      .select(['username', 'disabled'])
      .where('entra_tenant_id', '=', identity.tenantId)
      .where('entra_object_id', '=', identity.objectId)
      .executeTakeFirst();
    if (user === undefined) return null;
    return user.disabled === 1 ? '' : user.username;
  };
  const known = await byId();
  if (known !== null) return known === '' ? null : known;
  const names = [...new Set(identity.names.map((name) => name.trim().toLowerCase()))];
  if (names.length === 0) return null;
  const candidates = await db
    .selectFrom('users')
    .select(['id', 'username', 'disabled'])
    .where('entra_object_id', 'is', null)
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), 'in', names), eb(eb.fn('lower', ['username']), 'in', names)]))
    .limit(2)
    .execute();
  if (candidates.length !== 1 || candidates[0].disabled === 1) return null;
  const updated = await db
    .updateTable('users')
    .set({ entra_tenant_id: identity.tenantId, entra_object_id: identity.objectId })
    .where('id', '=', candidates[0].id)
    .where('entra_object_id', 'is', null)
    .executeTakeFirst()
    .catch(() => undefined);
  if (updated !== undefined && Number(updated.numUpdatedRows) === 1) return candidates[0].username;
  // A concurrent first sign-in of the same person stored the pair first (or took the user): look again by id.
  const again = await byId();
  return again === '' ? null : again;
}
