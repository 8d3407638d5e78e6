import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0026 (second attack finding 4): the documents a user made, by day — the daily upload
 * quota (intake/uploadAllowance) sums their sizes on every upload, an index range instead of a
 * scan of every document.
 */
export function uploadQuotaSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('documents_creator_day').on('documents').columns(['created_by', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('documents_creator_day').execute();
    },
  };
}
