import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './createDatabase';

/**
 * Migration 0019 (issue 35, duplicate invoices): `duplicate_marks` holds "possible duplicate of …"
 * — one row per document, other document and reason ('file': the same bytes; 'vendorInvoiceNumber'
 * and 'vendorAmountDate': the linked records' facts), written in both directions so a document's
 * marks are one index range. `same_record` says the two documents share one linked record (their
 * facts are one row), which the readers judge by subtype. The facts lookups are indexed: vendor and
 * company with the invoice number as compared (upper case, without spaces, '-', '/', '.', '_' and
 * '#': duplicates/duplicateMarker.ts writes the very same expression, and a plan test holds it),
 * and vendor and company with date and amount. The file lookup uses `documents_file` (0001).
 */
export function duplicateMarksSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable('duplicate_marks');
      await (dialect === 'sqlite'
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : table.addColumn('id', 'serial', (c) => c.primaryKey())
      )
        .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('other_document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('file', 'vendorInvoiceNumber', 'vendorAmountDate')`))
        .addColumn('same_record', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('duplicate_marks_pair', ['document_id', 'other_document_id', 'reason'])
        .execute();
      await db.schema.createIndex('duplicate_marks_other').on('duplicate_marks').column('other_document_id').execute();
      // The invoice number as compared; the text must stay the marker's (duplicates/duplicateMarker.ts INVOICE_KEY).
      await sql`create index linked_record_facts_vendor_invoice on linked_record_facts (vendor_number, data_area_id, (upper(replace(replace(replace(replace(replace(replace(invoice_number, ' ', ''), '-', ''), '/', ''), '.', ''), '_', ''), '#', ''))))`.execute(
        db,
      );
      await db.schema
        .createIndex('linked_record_facts_vendor_amount_date')
        .on('linked_record_facts')
        .columns(['vendor_number', 'data_area_id', 'invoice_date', 'amount'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('linked_record_facts_vendor_amount_date').ifExists().execute();
      await db.schema.dropIndex('linked_record_facts_vendor_invoice').ifExists().execute();
      await db.schema.dropTable('duplicate_marks').ifExists().execute();
    },
  };
}
