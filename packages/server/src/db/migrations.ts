import { sql } from 'kysely';
import type { CreateTableBuilder, Kysely, Migration, MigrationProvider } from 'kysely';
import type { DialectName } from './createDatabase';
import { customDataSchema } from './customDataMigration';
import { keysAndIdempotencySchema } from './keysAndIdempotencyMigration';
import { queueIntakeSchema } from './queueIntakeMigration';
import { linkedRecordFactsSchema } from './linkedRecordFactsMigration';
import { newCardOperationsSchema } from './newCardOperationsMigration';
import { entraIdentitiesSchema } from './entraIdentitiesMigration';
import { recordGroupsSchema } from './recordGroupsMigration';
import { teamsNotificationsSchema } from './teamsNotificationsMigration';
import { workflowControlsSchema } from './workflowControlsMigration';
import { entraIdentityChangesSchema } from './entraIdentityChangesMigration';
import { erpStatusWritesSchema } from './erpStatusWritesMigration';
import { duplicateMarksSchema } from './duplicateMarksMigration';
import { approvalControlsSchema } from './approvalControlsMigration';
import { historyChainSchema } from './historyChainMigration';
import { liveChangesSchema } from './liveChangesMigration';
import { rejectNoticesSchema } from './rejectNoticesMigration';
import { rejectMailsSchema } from './rejectMailsMigration';
import { uploadQuotaSchema } from './uploadQuotaMigration';
import { captureFactsSchema } from './captureFactsMigration';
import { idempotencyLeaseSchema } from './idempotencyLeaseMigration';
import { noticeLanguagesSchema } from './noticeLanguagesMigration';

/* Migrations take `Kysely<unknown>`: they must not depend on the current schema types. */

type AnyTable = CreateTableBuilder<string, string>;

function withId(table: AnyTable, dialect: DialectName): AnyTable {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (c) => c.primaryKey());
}

/** Portable DDL for the schema of issue 2 (db/schema.ts). */
function initialSchema(dialect: DialectName): Migration {
  const flag = (table: AnyTable, name: string, initial: number): AnyTable =>
    table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(initial));
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('directory_user_id', 'text')
        .addColumn('data_area_id', 'text')
        .addColumn('personal_queue_id', 'integer')
        .$call((t) => flag(t, 'disabled', 0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('groups'), dialect)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('department_code', 'text')
        .addColumn('approval_limit', 'double precision')
        .$call((t) => flag(t, 'has_approval_limit', 0))
        .addColumn('license_capacity', 'integer')
        .execute();

      await db.schema
        .createTable('user_groups')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('security'))
        .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_id'])
        .execute();
      await db.schema.createIndex('user_groups_group').on('user_groups').column('group_id').execute();

      await withId(db.schema.createTable('privileges'), dialect)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await db.schema
        .createTable('user_privileges')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('privilege_id', 'integer', (c) => c.notNull().references('privileges.id').onDelete('cascade'))
        .addColumn('value', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_privileges_pk', ['user_id', 'privilege_id'])
        .execute();

      await db.schema
        .createTable('group_privileges')
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('privilege_id', 'integer', (c) => c.notNull().references('privileges.id').onDelete('cascade'))
        .addColumn('value', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('group_privileges_pk', ['group_id', 'privilege_id'])
        .execute();

      await withId(db.schema.createTable('api_keys'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();

      await withId(db.schema.createTable('integrated_tables'), dialect)
        .addColumn('external_table_id', 'integer', (c) => c.notNull())
        .addColumn('source_type_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('entity_type_name', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('product_type', 'text')
        .$call((t) => flag(t, 'allow_new_card', 0))
        .execute();
      await db.schema.createIndex('integrated_tables_type').on('integrated_tables').column('entity_type_name').execute();
      await db.schema.createIndex('integrated_tables_table').on('integrated_tables').column('external_table_id').execute();

      await withId(db.schema.createTable('subtypes'), dialect)
        .addColumn('integrated_table_id', 'integer', (c) => c.notNull().references('integrated_tables.id').onDelete('cascade'))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer')
        .execute();

      await withId(db.schema.createTable('display_folders'), dialect)
        .addColumn('integrated_table_id', 'integer', (c) => c.notNull().references('integrated_tables.id').onDelete('cascade'))
        .addColumn('parent_id', 'integer', (c) => c.references('display_folders.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .$call((t) => flag(t, 'is_text_literal', 1))
        .addColumn('entry_type', 'text', (c) => c.notNull().defaultTo('Folder'))
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('item_sort_order', 'text', (c) => c.notNull().defaultTo('name'))
        .addColumn('sort_key', 'text')
        .$call((t) => flag(t, 'can_have_documents', 1))
        .$call((t) => flag(t, 'allow_upload', 1))
        .$call((t) => flag(t, 'enabled', 1))
        .$call((t) => flag(t, 'include_in_references', 0))
        .addColumn('expansion', 'text', (c) => c.notNull().defaultTo('Default'))
        .addColumn('subtype_id', 'integer', (c) => c.references('subtypes.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('display_folders_table').on('display_folders').column('integrated_table_id').execute();

      await withId(db.schema.createTable('integrated_table_access'), dialect)
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('integrated_table_id', 'integer', (c) => c.notNull().references('integrated_tables.id').onDelete('cascade'))
        .addColumn('data_area_id', 'text')
        .addColumn('can_view', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('can_upload', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('integrated_table_access_lookup')
        .on('integrated_table_access')
        .columns(['integrated_table_id', 'group_id'])
        .execute();

      await withId(db.schema.createTable('erp_records'), dialect)
        .addColumn('integrated_table_id', 'integer', (c) => c.notNull().references('integrated_tables.id').onDelete('cascade'))
        .addColumn('data_area_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('erp_records_key', ['integrated_table_id', 'data_area_id', 'record_id'])
        .execute();

      await db.schema
        .createTable('files')
        .addColumn('sha256', 'text', (c) => c.primaryKey())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('storage', 'text', (c) => c.notNull().defaultTo('disk'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('derived_files')
        .addColumn('source_sha256', 'text', (c) => c.notNull().references('files.sha256'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('derived_sha256', 'text', (c) => c.notNull().references('files.sha256'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('derived_files_pk', ['source_sha256', 'kind'])
        .execute();

      await withId(db.schema.createTable('documents'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('extension', 'text', (c) => c.notNull())
        .addColumn('file_sha256', 'text', (c) => c.notNull().references('files.sha256'))
        .addColumn('total_pages', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('subtype_id', 'integer', (c) => c.references('subtypes.id').onDelete('set null'))
        .addColumn('user_string1', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_date1', 'text')
        .addColumn('queue_id', 'integer')
        .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema.createIndex('documents_file').on('documents').column('file_sha256').execute();

      await withId(db.schema.createTable('record_links'), dialect)
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('data_area_id', 'text', (c) => c.notNull())
        .addColumn('integrated_table_id', 'integer', (c) => c.notNull().references('integrated_tables.id'))
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('source_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('source_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('table_id', 'integer', (c) => c.notNull())
        .addColumn('type_name', 'text', (c) => c.notNull())
        .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('record_links_document').on('record_links').column('document_id').execute();
      await db.schema
        .createIndex('record_links_record')
        .on('record_links')
        .columns(['integrated_table_id', 'record_id', 'data_area_id'])
        .execute();

      await withId(db.schema.createTable('notes'), dialect)
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notes_document').on('notes').column('document_id').execute();

      await db.schema
        .createTable('options')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('jobs'), dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_after', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_pending').on('jobs').columns(['state', 'run_after']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'jobs',
        'options',
        'notes',
        'record_links',
        'documents',
        'derived_files',
        'files',
        'erp_records',
        'integrated_table_access',
        'display_folders',
        'subtypes',
        'integrated_tables',
        'api_keys',
        'group_privileges',
        'user_privileges',
        'privileges',
        'user_groups',
        'groups',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

/**
 * The full-text search index (issue 5): `file_texts` on both dialects; an FTS5 table
 * `document_fts` on SQLite; `document_search` with a tsvector column and a GIN index on PostgreSQL.
 */
function searchIndexSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('file_texts')
        .addColumn('file_sha256', 'text', (c) => c.primaryKey().references('files.sha256'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('extracted_at', 'text', (c) => c.notNull())
        .execute();
      if (dialect === 'sqlite') {
        await sql`create virtual table document_fts using fts5(name, description, notes, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(
          db,
        );
        return;
      }
      await db.schema
        .createTable('document_search')
        .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
        .addColumn('name_words', 'text', (c) => c.notNull())
        .addColumn('vector', sql`tsvector`, (c) => c.notNull())
        .execute();
      await sql`create index document_search_vector on document_search using gin (vector)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .dropTable(dialect === 'sqlite' ? 'document_fts' : 'document_search')
        .ifExists()
        .execute();
      await db.schema.dropTable('file_texts').ifExists().execute();
    },
  };
}

/**
 * Workflow (issue 3): queue types, queues (features, default access, approve-to / reject-to
 * queues, default note requirements), routes, user and group queue access (the 28 queue access
 * flags as a bit set, bit order in access/queueAccessFlags.ts) and the workflow history.
 */
function workflowSchema(dialect: DialectName): Migration {
  const flag = (table: AnyTable, name: string, initial: number): AnyTable =>
    table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(initial));
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('queue_types'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .$call((t) => flag(t, 'enabled', 1))
        .execute();

      await withId(db.schema.createTable('queues'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .$call((t) => flag(t, 'enabled', 1))
        .addColumn('queue_type_id', 'integer', (c) => c.notNull().references('queue_types.id'))
        .addColumn('approve_to_queue_id', 'integer', (c) => c.references('queues.id').onDelete('set null'))
        .addColumn('reject_to_queue_id', 'integer', (c) => c.references('queues.id').onDelete('set null'))
        .$call((t) => flag(t, 'features1', 0))
        .$call((t) => flag(t, 'features2', 0))
        .$call((t) => flag(t, 'default_access', 0))
        .$call((t) => flag(t, 'default_approve_requires_note', 0))
        .$call((t) => flag(t, 'default_reject_requires_note', 0))
        .execute();
      await db.schema.createIndex('queues_type').on('queues').column('queue_type_id').execute();

      await withId(db.schema.createTable('routes'), dialect)
        .addColumn('from_queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
        .addColumn('to_queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
        .addUniqueConstraint('routes_from_to', ['from_queue_id', 'to_queue_id'])
        .execute();

      await db.schema
        .createTable('queue_user_access')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
        .addColumn('access', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('queue_user_access_pk', ['user_id', 'queue_id'])
        .execute();
      await db.schema.createIndex('queue_user_access_queue').on('queue_user_access').column('queue_id').execute();

      await db.schema
        .createTable('queue_group_access')
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
        .addColumn('access', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('queue_group_access_pk', ['group_id', 'queue_id'])
        .execute();
      await db.schema.createIndex('queue_group_access_queue').on('queue_group_access').column('queue_id').execute();

      await withId(db.schema.createTable('workflow_history'), dialect)
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('from_queue_id', 'integer')
        .addColumn('to_queue_id', 'integer')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('note', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('workflow_history_document').on('workflow_history').column('document_id').execute();
      await db.schema.createIndex('documents_queue').on('documents').column('queue_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('documents_queue').ifExists().execute();
      for (const table of ['workflow_history', 'queue_group_access', 'queue_user_access', 'routes', 'queues', 'queue_types']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

/**
 * Workflow, part 2 (issue 3): document locks (one row per locked document; expiry compared with
 * the database's own clock so several server instances agree), queue delegates with schedules,
 * per-document approval lists (queues with the WorkflowRoute feature), and a queue approval limit.
 */
function workflowLocksAndApprovalsSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('document_locks')
        .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('queue_id', 'integer', (c) => c.references('queues.id').onDelete('set null'))
        .addColumn('acquired_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('document_locks_user').on('document_locks').column('user_id').execute();

      await withId(db.schema.createTable('workflow_delegates'), dialect)
        .addColumn('from_queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
        .addColumn('to_queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
        .addColumn('starts_at', 'text')
        .addColumn('ends_at', 'text')
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addColumn('added_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('note_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('workflow_delegates_from').on('workflow_delegates').column('from_queue_id').execute();
      await db.schema.createIndex('workflow_delegates_to').on('workflow_delegates').column('to_queue_id').execute();

      await db.schema
        .createTable('document_approvals')
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('step', 'integer', (c) => c.notNull())
        .addColumn('queue_id', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
        .addColumn('added_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved_at', 'text')
        .addPrimaryKeyConstraint('document_approvals_pk', ['document_id', 'step'])
        .execute();

      await db.schema.alterTable('queues').addColumn('approval_limit', sql`numeric`).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('queues').dropColumn('approval_limit').execute();
      for (const table of ['document_approvals', 'workflow_delegates', 'document_locks']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

/**
 * Keeps each document's search vector in the table row (PostgreSQL; nothing on SQLite). A
 * vector of a few KB was moved to TOAST, which left the heap so small that the planner chose a
 * sequential scan that detoasts every vector (80 ms at 10,000 documents) over the GIN index
 * (under 1 ms); in the row, the heap's size tells the planner the real cost. Rewrites the
 * existing vectors so they move back into their rows; very long texts are still toasted.
 */
function searchVectorInRow(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`alter table document_search set (toast_tuple_target = 8160)`.execute(db);
      await sql`alter table document_search alter column vector set storage main`.execute(db);
      await sql`update document_search set vector = vector || ''::tsvector`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`alter table document_search reset (toast_tuple_target)`.execute(db);
      await sql`alter table document_search alter column vector set storage extended`.execute(db);
    },
  };
}

/**
 * Annotations (issue 4): the spec's Annotation (uuid, type code 1–8, page, colour as integer
 * RGB, x, y, width, height in annotation units, content and size for text types) with its
 * document, author, times and a row version. Burning in reads a document's rows page by page.
 */
function annotationsSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('annotations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('page', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('color', 'integer', (c) => c.notNull())
        .addColumn('x', 'double precision', (c) => c.notNull())
        .addColumn('y', 'double precision', (c) => c.notNull())
        .addColumn('width', 'double precision', (c) => c.notNull())
        .addColumn('height', 'double precision', (c) => c.notNull())
        .addColumn('content', 'text')
        .addColumn('size', 'double precision')
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('annotations_document_page').on('annotations').columns(['document_id', 'page']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('annotations').ifExists().execute();
    },
  };
}

/** The ordered migrations; names sort in execution order. */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_initial_schema': initialSchema(dialect),
    '0002_search_index': searchIndexSchema(dialect),
    '0003_workflow': workflowSchema(dialect),
    '0004_workflow_locks_approvals': workflowLocksAndApprovalsSchema(dialect),
    '0005_search_vector_in_row': searchVectorInRow(dialect),
    '0006_annotations': annotationsSchema(),
    '0007_custom_data': customDataSchema(dialect),
    '0008_ai_data': aiDataSchema(dialect),
    '0009_keys_and_idempotency': keysAndIdempotencySchema(),
    '0010_queue_intake': queueIntakeSchema(),
    '0011_linked_record_facts': linkedRecordFactsSchema(dialect),
    '0012_new_card_operations': newCardOperationsSchema(),
    '0013_record_groups': recordGroupsSchema(dialect),
    '0014_entra_identities': entraIdentitiesSchema(),
    '0015_teams_notifications': teamsNotificationsSchema(dialect),
    '0016_workflow_controls': workflowControlsSchema(),
    '0018_approval_controls': approvalControlsSchema(),
    '0019_duplicate_marks': duplicateMarksSchema(dialect),
    '0020_erp_status_writes': erpStatusWritesSchema(dialect),
    '0021_entra_identity_changes': entraIdentityChangesSchema(dialect),
    '0022_history_chain': historyChainSchema(),
    '0023_live_changes': liveChangesSchema(dialect),
    '0024_reject_notices': rejectNoticesSchema(),
    '0025_reject_mails': rejectMailsSchema(dialect),
    '0026_upload_quota': uploadQuotaSchema(),
    '0027_idempotency_lease': idempotencyLeaseSchema(),
    '0028_notice_languages': noticeLanguagesSchema(),
    '0029_capture_facts': captureFactsSchema(),
  };
}

/**
 * The spec's AI data on documents (portal §3 "AI data", §4 "AI phases"): the classification and
 * split phases (NotStarted, InProgress, Complete, Error; NotStarted until a classifier runs),
 * the suggested split as JSON text (`{"documents":[…]}`), the suggested table or subtype with its
 * score and the transaction number with its score (the spec's *_percent fields are these scores
 * shown as percentages, so they are not stored). Nothing writes them yet (no classifier; AI
 * classification is off by default); the `ai` search tag reads them. One ALTER per column, as
 * SQLite adds one column per statement.
 */
function aiDataSchema(dialect: DialectName): Migration {
  const phases = sql`('NotStarted', 'InProgress', 'Complete', 'Error')`;
  // The suggested split must be JSON, so the `ai` tag can read its documents list on both
  // databases (PostgreSQL checks by casting, which fails on anything else).
  const json = dialect === 'sqlite' ? sql`json_valid(ai_suggested_split)` : sql`(ai_suggested_split::jsonb) is not null`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of ['ai_classification_phase', 'ai_split_phase']) {
        await db.schema
          .alterTable('documents')
          .addColumn(column, 'text', (c) =>
            c
              .notNull()
              .defaultTo('NotStarted')
              .check(sql`${sql.ref(column)} in ${phases}`),
          )
          .execute();
      }
      await db.schema
        .alterTable('documents')
        .addColumn('ai_suggested_split', 'text', (c) => c.check(sql`ai_suggested_split is null or ${json}`))
        .execute();
      await db.schema.alterTable('documents').addColumn('ai_table_name', 'text').execute();
      await db.schema.alterTable('documents').addColumn('ai_table_or_subtype_name', 'text').execute();
      await db.schema.alterTable('documents').addColumn('ai_subtype_score', 'double precision').execute();
      await db.schema.alterTable('documents').addColumn('ai_transaction_number', 'text').execute();
      await db.schema.alterTable('documents').addColumn('ai_transaction_number_score', 'double precision').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of AI_COLUMNS) await db.schema.alterTable('documents').dropColumn(column).execute();
    },
  };
}

/** The columns of migration 0008_ai_data, in the order they were added. */
const AI_COLUMNS = [
  'ai_classification_phase',
  'ai_split_phase',
  'ai_suggested_split',
  'ai_table_name',
  'ai_table_or_subtype_name',
  'ai_subtype_score',
  'ai_transaction_number',
  'ai_transaction_number_score',
] as const;

/** A Kysely `MigrationProvider` serving the in-code migrations. */
export class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.dialect);
  }
}
