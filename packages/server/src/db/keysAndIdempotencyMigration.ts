import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0009 (issue 16): `api_keys.acts_for_users` — the explicit grant that lets a key mint
 * tokens for users other than its owner (an ERP server's key), honoured only while the owner
 * holds 'Security: Manager' — and `idempotency_keys`, the first answer of each creating POST
 * sent with an `Idempotency-Key`, kept 24 h so every server instance replays the same answer.
 */
export function keysAndIdempotencySchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('api_keys')
        .addColumn('acts_for_users', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        // Null while the first request is still being answered.
        .addColumn('status_code', 'integer')
        .addColumn('content_type', 'text')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idempotency_key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_expires_at').on('idempotency_keys').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('idempotency_keys').ifExists().execute();
      await db.schema.alterTable('api_keys').dropColumn('acts_for_users').execute();
    },
  };
}
