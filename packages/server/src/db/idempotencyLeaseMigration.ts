import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0027 (scale-out): a lease on an Idempotency-Key's first request. The process
 * answering it renews `claimed_until` while it works; when the process dies (kill -9, a lost
 * machine) the lease runs out within seconds and a retry with the same key runs again, instead
 * of hearing "still in progress" for the ten minutes the old rule waited. Null on rows written
 * before this migration (the ten-minute rule still frees them).
 */
export function idempotencyLeaseSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('idempotency_keys').addColumn('claimed_until', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('idempotency_keys').dropColumn('claimed_until').execute();
    },
  };
}
