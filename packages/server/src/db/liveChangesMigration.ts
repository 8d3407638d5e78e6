import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './createDatabase';

/** The PostgreSQL channel every schema's live changes are announced on; the payload names the schema. */
export const LIVE_CHANGES_CHANNEL = 'datahaven_live_changes';

/**
 * What each trigger writes into `live_changes`: (kind, document, from queue, to queue, user, at)
 * as SQL over the trigger's NEW / OLD row. One list, so both databases announce the same changes.
 */
const SOURCES = [
  {
    name: 'live_history',
    // Every queue move, decision, submit, arrival (upload / import) and link change appends a
    // history row (workflow/appendWorkflowHistory is its one writer): the narrowest seam there is.
    on: 'after insert on workflow_history',
    values: 'NEW.action, NEW.document_id, NEW.from_queue_id, NEW.to_queue_id, NEW.user_id, NEW.at',
  },
  {
    name: 'live_lock_taken',
    on: 'after insert on document_locks',
    values: "'lock', NEW.document_id, NEW.queue_id, NEW.queue_id, NEW.user_id, NEW.acquired_at",
  },
  {
    // The lock upsert (workflow/documentLocker) moves acquired_at only when the lock changes hands
    // or was expired; a renewal moves expires_at alone and is not worth a message.
    name: 'live_lock_changed',
    on: 'after update of acquired_at on document_locks',
    when: 'OLD.acquired_at <> NEW.acquired_at',
    values: "'lock', NEW.document_id, NEW.queue_id, NEW.queue_id, NEW.user_id, NEW.acquired_at",
  },
  {
    name: 'live_lock_released',
    on: 'after delete on document_locks',
    values: "'unlock', OLD.document_id, OLD.queue_id, OLD.queue_id, OLD.user_id, NULL",
  },
  {
    name: 'live_document_deleted',
    on: 'after update of deleted_at on documents',
    when: 'OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL',
    values: "'delete', NEW.id, OLD.queue_id, OLD.queue_id, NULL, NEW.deleted_at",
  },
] as const;

const COLUMNS = 'kind, document_id, from_queue_id, to_queue_id, user_id, at';

/**
 * Migration 0023: `live_changes`, the feed of live updates (live/). Triggers write a row in the
 * changing transaction itself, so a change is announced if and only if it commits, whichever code
 * path made it. PostgreSQL announces each row with NOTIFY on LIVE_CHANGES_CHANNEL (delivered at
 * commit, to every server process listening on the database); SQLite's one process reads the
 * new rows after each commit. The rows also let a reconnecting stream resume (Last-Event-ID).
 */
export function liveChangesSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await (dialect === 'sqlite'
        ? db.schema.createTable('live_changes').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : db.schema.createTable('live_changes').addColumn('id', 'bigserial', (c) => c.primaryKey())
      )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('document_id', 'integer', (c) => c.notNull())
        .addColumn('from_queue_id', 'integer')
        .addColumn('to_queue_id', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('at', 'text')
        .execute();
      for (const source of SOURCES) {
        const when = 'when' in source ? source.when : null;
        if (dialect === 'sqlite') {
          await sql
            .raw(
              `create trigger ${source.name} ${source.on} for each row ${when === null ? '' : `when ${when}`}
              begin insert into live_changes (${COLUMNS}) values (${source.values}); end`,
            )
            .execute(db);
        } else {
          await sql
            .raw(
              `create function ${source.name}() returns trigger language plpgsql as $$
              begin insert into live_changes (${COLUMNS}) values (${source.values}); return null; end $$`,
            )
            .execute(db);
          await sql
            .raw(
              `create trigger ${source.name} ${source.on} for each row ${when === null ? '' : `when (${when})`} execute function ${source.name}()`,
            )
            .execute(db);
        }
      }
      if (dialect === 'postgres') {
        // The whole change in the payload: a listener needs no read, and sees commits in commit order.
        await sql
          .raw(
            `create function live_changes_notify() returns trigger language plpgsql as $$
            begin perform pg_notify('${LIVE_CHANGES_CHANNEL}', json_build_object('schema', TG_TABLE_SCHEMA, 'id', NEW.id, 'kind', NEW.kind,
              'document_id', NEW.document_id, 'from_queue_id', NEW.from_queue_id, 'to_queue_id', NEW.to_queue_id,
              'user_id', NEW.user_id, 'at', NEW.at)::text); return null; end $$`,
          )
          .execute(db);
        await sql
          .raw('create trigger live_changes_notify after insert on live_changes for each row execute function live_changes_notify()')
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const source of SOURCES) {
        const table = source.on.split(' ').at(-1) ?? '';
        await sql.raw(`drop trigger if exists ${source.name}${dialect === 'postgres' ? ` on ${table}` : ''}`).execute(db);
        if (dialect === 'postgres') await sql.raw(`drop function if exists ${source.name}()`).execute(db);
      }
      await db.schema.dropTable('live_changes').ifExists().execute();
      if (dialect === 'postgres') await sql.raw('drop function if exists live_changes_notify()').execute(db);
    },
  };
}
