import type { Kysely } from 'kysely';
import { DEMO_ENTRA_TENANT_ID } from '../config/loadEntraConfig';
import type { Database } from '../db/schema';
import { demoEntraObjectId } from './demoEntraObjectId';
import { DEMO_USERS } from './demoWorld';

/**
 * Binds each demo user that has no Entra identity to the demo tenant and its demo object id, as
 * an administrator pre-provisions users: sign-in binds by tenant + object id only, so without it
 * the demo hosts (Teams, Outlook SSO, the sign-in dialog, on-behalf-of) could not sign them in.
 * The seed binds them; this covers a demo data folder seeded before issue 14. A user bound to
 * something else, or an object id another user holds, is left as it is. Resolves to how many it bound.
 */
export async function provisionDemoEntraIdentities(db: Kysely<Database>): Promise<number> {
  let bound = 0;
  for (const { username } of DEMO_USERS) {
    const objectId = demoEntraObjectId(username);
    const result = await db
      .updateTable('users')
      .set({ entra_tenant_id: DEMO_ENTRA_TENANT_ID, entra_object_id: objectId })
      .where('username', '=', username)
      .where('entra_tenant_id', 'is', null)
      .where('entra_object_id', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('users as holder')
              .select('holder.id')
              .where('holder.entra_tenant_id', '=', DEMO_ENTRA_TENANT_ID)
              .where('holder.entra_object_id', '=', objectId),
          ),
        ),
      )
      .executeTakeFirst();
    bound += Number(result.numUpdatedRows);
  }
  return bound;
}
