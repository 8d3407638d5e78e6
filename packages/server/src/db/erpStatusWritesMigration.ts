import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './createDatabase';

/**
 * Migration 0020 (issue 35, "the ERP follows the decision"): `erp_status_writes`, the outbox of
 * the approval status the workflow owes the ERP. A row is written in the transaction of the
 * decision (a linked purchase invoice enters workflow → Pending Approval; a final approval →
 * Approved; a rejection → Rejected) and a job writes it to the ERP afterwards, exactly once
 * (workflow/erpStatusWriteBack.ts). `state` says how that went: pending, written, unchanged (the
 * ERP already held it), kept (the ERP holds a status set there: not overwritten), superseded (a
 * later decision on the same record came first) or failed (after its retries, with the reason);
 * `erp_status` is the status the ERP held when the row was done with, as read back. The indexes
 * serve "the document's latest row" and "the record's rows, newest first".
 */
export function erpStatusWritesSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable('erp_status_writes');
      await (dialect === 'sqlite'
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : table.addColumn('id', 'serial', (c) => c.primaryKey())
      )
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('integrated_table_id', 'integer', (c) => c.notNull().references('integrated_tables.id').onDelete('cascade'))
        .addColumn('data_area_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        // The record's number when the decision was made (record_links.source_number), for the words shown.
        .addColumn('record_number', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decided_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('erp_status', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('erp_status_writes_document').on('erp_status_writes').columns(['document_id', 'id']).execute();
      await db.schema
        .createIndex('erp_status_writes_record')
        .on('erp_status_writes')
        .columns(['record_id', 'integrated_table_id', 'data_area_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('erp_status_writes').ifExists().execute();
    },
  };
}
