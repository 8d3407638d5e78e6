import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_PURCHASE_INVOICES, DEMO_VENDORS, DEMO_TABLES } from './demoWorld';

/** The context the demo page hands the control add-in, as BC's AL would (manifests/bc). */
export interface DemoRecordContext {
  dataAreaId: string;
  recordId: string;
  tableId: number;
  typeName: string;
  sourceType?: number;
}

/** One record of the demo ERP page: what the list shows, what the card shows, what the add-in gets. */
export interface DemoRecord {
  kind: 'vendor' | 'purchaseInvoice' | 'other';
  /** The integrated table's label, e.g. 'Vendor'. */
  label: string;
  number: string;
  name: string;
  /** A second line in the list (the invoice's vendor, the vendor's city). */
  detail: string;
  fields: [string, string][];
  context: DemoRecordContext;
}

/** The ERP records the demo page lists (vendors first, then purchase invoices), with card fields. */
export async function listDemoRecords(db: Kysely<Database>): Promise<DemoRecord[]> {
  const rows = await db
    .selectFrom('erp_records as r')
    .innerJoin('integrated_tables as t', 't.id', 'r.integrated_table_id')
    .select(['r.record_id', 'r.number', 'r.display_name', 'r.data_area_id', 't.external_table_id', 't.source_type_id', 't.entity_type_name', 't.label'])
    .orderBy('t.external_table_id')
    .orderBy('r.number')
    .execute();
  return rows.map((row) => {
    const table = DEMO_TABLES.find((t) => t.typeName === row.entity_type_name);
    const context: DemoRecordContext = {
      dataAreaId: row.data_area_id,
      recordId: row.record_id,
      tableId: row.external_table_id,
      typeName: row.entity_type_name,
    };
    // Purchase Header rows come in kinds; BC passes the document type as the source type.
    if (table?.key === 'purchaseInvoice') context.sourceType = row.source_type_id;
    const vendor = DEMO_VENDORS.find((v) => v.systemId === row.record_id);
    if (vendor) {
      return {
        kind: 'vendor',
        label: row.label,
        number: row.number,
        name: row.display_name,
        detail: vendor.address[1] ?? '',
        fields: [
          ['No.', vendor.number],
          ['Name', vendor.name],
          ['Address', vendor.address[0] ?? ''],
          ['City', vendor.address[1] ?? ''],
          ['Country/Region', vendor.address[2] ?? ''],
          ['Contact', vendor.contact],
          ['Payment Terms', vendor.paymentTerms],
          ['Bank Account', vendor.bank],
        ],
        context,
      };
    }
    const invoice = DEMO_PURCHASE_INVOICES.find((i) => i.systemId === row.record_id);
    if (invoice) {
      const invoiceVendor = DEMO_VENDORS.find((v) => v.number === invoice.vendor);
      return {
        kind: 'purchaseInvoice',
        label: row.label,
        number: row.number,
        name: row.display_name,
        detail: invoiceVendor?.name ?? invoice.vendor,
        fields: [
          ['No.', invoice.number],
          ['Buy-from Vendor No.', invoice.vendor],
          ['Buy-from Vendor Name', invoiceVendor?.name ?? ''],
          ['Vendor Invoice No.', invoice.vendorInvoiceNo],
          ['Posting Date', invoice.postingDate],
          ['Due Date', invoice.dueDate],
          // Status, amounts and currency are the ERP's: the card reads them live from the demo ERP (/demo/erp/erp-facts).
        ],
        context,
      };
    }
    return { kind: 'other', label: row.label, number: row.number, name: row.display_name, detail: '', fields: [['No.', row.number]], context };
  });
}
