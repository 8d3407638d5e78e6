import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './createDatabase';

/**
 * Migration 0015 (issue 14): Teams activity notifications. `queue_arrivals` notes each document
 * entering a queue in the transaction that moved it (the outbox of the batching job, so no
 * arrival is lost to a crash); `teams_notifications` holds one notification per recipient and
 * queue batch (count and first document) until Graph took it, so a retry after a partial failure
 * never sends the others twice.
 */
export function teamsNotificationsSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const withId = (name: string) => {
        const table = db.schema.createTable(name);
        return dialect === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'serial', (c) => c.primaryKey());
      };
      await withId('queue_arrivals')
        .addColumn('queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        // Who moved it there: they are not told of their own work.
        .addColumn('moved_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('arrived_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('queue_arrivals_queue').on('queue_arrivals').columns(['queue_id', 'id']).execute();
      await withId('teams_notifications')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
        .addColumn('document_count', 'integer', (c) => c.notNull())
        // The document the deep link opens; no foreign key: a deleted document still leaves the queue's link useful.
        .addColumn('first_document_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema.createIndex('teams_notifications_user_queue').on('teams_notifications').columns(['user_id', 'queue_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('teams_notifications').ifExists().execute();
      await db.schema.dropTable('queue_arrivals').ifExists().execute();
    },
  };
}
