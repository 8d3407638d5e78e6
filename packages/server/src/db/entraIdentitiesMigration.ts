import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0014 (issue 14): a user's Microsoft Entra identity, the tenant id and object id (oid)
 * of the access tokens the Teams tab signs in with. Stored at the first sign-in (matched by
 * e-mail or user name) or seeded; later sign-ins find the user by the pair alone, since an
 * e-mail can change and an oid cannot. Unique together; both databases let many users have none
 * (NULLs are distinct in a unique index on SQLite and PostgreSQL alike).
 */
export function entraIdentitiesSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('entra_tenant_id', 'text').execute();
      await db.schema.alterTable('users').addColumn('entra_object_id', 'text').execute();
      await db.schema.createIndex('users_entra_identity').on('users').columns(['entra_tenant_id', 'entra_object_id']).unique().execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('users_entra_identity').ifExists().execute();
      await db.schema.alterTable('users').dropColumn('entra_object_id').execute();
      await db.schema.alterTable('users').dropColumn('entra_tenant_id').execute();
    },
  };
}
