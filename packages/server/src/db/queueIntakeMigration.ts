import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0010 (issue 12, intake): `integrated_tables.import_queue_id`, the workflow queue an
 * upload on the table's records enters (GET /api/sits/{id}/importSettings names it; null = the
 * document is filed on its record outside workflow). A deleted queue leaves the table without one.
 */
export function queueIntakeSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('integrated_tables')
        .addColumn('import_queue_id', 'integer', (c) => c.references('queues.id').onDelete('set null'))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('integrated_tables').dropColumn('import_queue_id').execute();
    },
  };
}
