import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0024 (issue 38 "Reasons"): a Teams notification may be the notice that a document the
 * recipient sent was rejected. `reason` holds the reject's reason (null: the "documents arrived"
 * notice of migration 0015, as every row before); `queue_id` is then the queue it was rejected
 * from and `first_document_id` the document.
 */
export function rejectNoticesSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('teams_notifications').addColumn('reason', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('teams_notifications').dropColumn('reason').execute();
    },
  };
}
