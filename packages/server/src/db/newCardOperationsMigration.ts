import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Migration 0012 (issue 11): `new_card_operations`, the pending "New Card From Document" of one
 * user on one document (embedded §4 "New-record flow: initiate, await the new record, then link,
 * then complete"). `initiate` writes the row, `POST /api/new-card` records the record it created
 * in the ERP (status 'created'), `complete` links the document and deletes the row; a new
 * `initiate` replaces a row the user left behind. docs/UX-DECISIONS.md "New Card From Document".
 */
export function newCardOperationsSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('new_card_operations')
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('integrated_table_id', 'integer', (c) => c.notNull().references('integrated_tables.id').onDelete('cascade'))
        .addColumn('subtype_id', 'integer', (c) => c.references('subtypes.id').onDelete('set null'))
        .addColumn('data_area_id', 'text', (c) => c.notNull())
        // The queue the document was in at initiate: complete refuses a document that left it meanwhile.
        .addColumn('queue_id', 'integer', (c) => c.references('queues.id').onDelete('set null'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('initiated').check(sql`status in ('initiated', 'created')`))
        // The record POST /api/new-card created in the ERP (null until then).
        .addColumn('record_id', 'text')
        .addColumn('record_number', 'text')
        .addColumn('initiated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('new_card_operations_pk', ['document_id', 'user_id'])
        .execute();
      await db.schema.createIndex('new_card_operations_user').on('new_card_operations').column('user_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('new_card_operations').ifExists().execute();
    },
  };
}
