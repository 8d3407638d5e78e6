import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './createDatabase';

/**
 * Migration 0025 (issue 38 "Reasons"): the e-mail notice to whoever sent a rejected document. One
 * row per rejection and recipient, written in the reject's transaction (so no notice is lost to a
 * crash) and sent once by the `mail:reject-notice` job, which marks it `sent`: a retry after a
 * failure never sends a mail Graph already took. The facts the mail names are read when it goes.
 */
export function rejectMailsSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable('reject_mails');
      await (dialect === 'sqlite'
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : table.addColumn('id', 'serial', (c) => c.primaryKey())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // No foreign key: a deleted document's notice still says what was rejected (by its id).
        .addColumn('document_id', 'integer', (c) => c.notNull())
        .addColumn('rejected_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // The queue it was rejected from (history's from_queue_id); no foreign key, as for the document.
        .addColumn('from_queue_id', 'integer')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('last_error', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('reject_mails').ifExists().execute();
    },
  };
}
