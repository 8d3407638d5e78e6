import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './createDatabase';

/**
 * Migration `linked_record_facts` (issue 12): what an approver decides on, read from the record a
 * document is linked to (vendor, invoice number, amount and currency, invoice, due and
 * cash-discount dates), cached per record so a queue listing never asks the ERP per row. Keyed
 * by the record (integrated table, data area, record id), as record_links names it; `stale` is 1
 * while the ERP could not be read at the last attempt (the old facts stay). The indexes serve the
 * listing's join from record_links and its sorts, and "days in queue" from workflow_history.
 */
export function linkedRecordFactsSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable('linked_record_facts');
      await (dialect === 'sqlite'
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : table.addColumn('id', 'serial', (c) => c.primaryKey())
      )
        .addColumn('integrated_table_id', 'integer', (c) => c.notNull().references('integrated_tables.id').onDelete('cascade'))
        .addColumn('data_area_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        // The entity source's prefix ('bc'), so the facts say which ERP they came from.
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('record_number', 'text')
        .addColumn('vendor_number', 'text')
        .addColumn('vendor_name', 'text')
        .addColumn('invoice_number', 'text')
        .addColumn('amount', 'double precision')
        .addColumn('currency_code', 'text')
        .addColumn('invoice_date', 'text')
        .addColumn('due_date', 'text')
        .addColumn('discount_date', 'text')
        // Null until the first successful read.
        .addColumn('fetched_at', 'text')
        .addColumn('attempted_at', 'text')
        .addColumn('stale', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addUniqueConstraint('linked_record_facts_record', ['integrated_table_id', 'data_area_id', 'record_id'])
        .execute();
      await db.schema.createIndex('linked_record_facts_due').on('linked_record_facts').column('due_date').execute();
      await db.schema
        .createIndex('workflow_history_document_to')
        .on('workflow_history')
        .columns(['document_id', 'to_queue_id', 'at'])
        .execute();
      await db.schema.createIndex('record_links_primary').on('record_links').columns(['document_id', 'is_primary']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('record_links_primary').ifExists().execute();
      await db.schema.dropIndex('workflow_history_document_to').ifExists().execute();
      await db.schema.dropTable('linked_record_facts').ifExists().execute();
    },
  };
}
