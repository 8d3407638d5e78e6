import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0029 (issue 36, capture): the invoice facts read from a document, one row per
 * document once capture has read it (no row: not started). The phase and source as the capture
 * contract names them; each fact its own column (dates YYYY-MM-DD, amounts as the exact decimal
 * text the invoice states, so nothing is rounded in storage), their scores as JSON text, and the
 * reason in words when the phase is Error. The spec's AI data on `documents` (phase, transaction
 * number and its score) is written beside it in the same transaction.
 */
export function captureFactsSchema(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('capture_facts')
        .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
        .addColumn('phase', 'text', (c) => c.notNull().check(sql`phase in ('NotStarted', 'InProgress', 'Complete', 'Error')`))
        .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('einvoice', 'text', 'ocr', 'provider')`))
        .addColumn('vendor_name', 'text')
        .addColumn('vendor_tax_id', 'text')
        .addColumn('vendor_iban', 'text')
        .addColumn('invoice_number', 'text')
        .addColumn('invoice_date', 'text')
        .addColumn('due_date', 'text')
        .addColumn('currency', 'text')
        .addColumn('total_amount', 'text')
        .addColumn('net_amount', 'text')
        .addColumn('tax_amount', 'text')
        .addColumn('po_number', 'text')
        .addColumn('scores', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('error', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('capture_facts').ifExists().execute();
    },
  };
}
