import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './createDatabase';

/**
 * Migration 0021 (issue 35, identity): `entra_identity_changes`, one row each time an
 * administrator binds a user to a Microsoft Entra identity (tenant id + object id) or clears it.
 * The binding is the key to the account, so who set it, when, and what it replaced stays on
 * record. The administrator's user name is kept beside the id, so the row still reads after that
 * user is gone.
 */
export function entraIdentityChangesSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable('entra_identity_changes');
      await (dialect === 'sqlite'
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : table.addColumn('id', 'serial', (c) => c.primaryKey())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // Null when the change cleared the binding.
        .addColumn('tenant_id', 'text')
        .addColumn('object_id', 'text')
        .addColumn('previous_tenant_id', 'text')
        .addColumn('previous_object_id', 'text')
        .addColumn('changed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('changed_by_username', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('entra_identity_changes_user').on('entra_identity_changes').columns(['user_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('entra_identity_changes').ifExists().execute();
    },
  };
}
