import type { EntityRecord, ErpDeps } from '../erp';
import { DEMO_COMPANY, DEMO_TABLES, type DemoTableKey } from './demoWorld';

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
  kind: DemoTableKey;
  /** The integrated table's label, e.g. 'Vendor'. */
  label: string;
  number: string;
  name: string;
  /** A second line in the list (the invoice's vendor, the vendor's city). */
  detail: string;
  fields: [string, string][];
  context: DemoRecordContext;
}

/** The demo ERP's entity set of each demo table (BC API v2.0 names). */
export const DEMO_ENTITY_SETS: Readonly<
  Record<DemoTableKey, 'vendors' | 'purchaseInvoices' | 'postedPurchaseInvoices' | 'purchaseOrders' | 'purchaseReceipts'>
> = {
  vendor: 'vendors',
  purchaseInvoice: 'purchaseInvoices',
  postedPurchaseInvoice: 'postedPurchaseInvoices',
  purchaseOrder: 'purchaseOrders',
  purchaseReceipt: 'purchaseReceipts',
};

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The page's record for one record the demo ERP answered, with the context BC's AL would pass. */
export function demoRecordOf(kind: DemoTableKey, record: EntityRecord, company: string = DEMO_COMPANY): DemoRecord {
  const table = DEMO_TABLES.find((t) => t.key === kind);
  if (table === undefined) throw new Error(`No demo table ${kind}`);
  const context: DemoRecordContext = {
    dataAreaId: company,
    recordId: text(record.id).toLowerCase(),
    tableId: table.tableId,
    typeName: table.typeName,
  };
  // Purchase Header rows come in kinds; BC passes the document type as the source type.
  if (kind === 'purchaseInvoice' || kind === 'purchaseOrder') context.sourceType = table.sourceType;
  if (kind === 'vendor') {
    return {
      kind,
      label: table.label,
      number: text(record.number),
      name: text(record.displayName),
      detail: text(record.city),
      fields: [
        ['No.', text(record.number)],
        ['Name', text(record.displayName)],
        ['Address', text(record.addressLine1)],
        ['City', text(record.city)],
        ['Country/Region', text(record.country)],
        ['Contact', text(record.contact)],
        ['Payment Terms', text(record.paymentTerms)],
      ],
      context,
    };
  }
  const fields: [string, string][] = [
    ['No.', text(record.number)],
    ['Buy-from Vendor No.', text(record.vendorNumber)],
    ['Buy-from Vendor Name', text(record.vendorName)],
    ['Vendor Invoice No.', text(record.vendorInvoiceNumber)],
    ['Posting Date', text(record.postingDate)],
    ['Due Date', text(record.dueDate)],
  ];
  if (kind === 'postedPurchaseInvoice') fields.push(['Pre-Assigned No.', text(record.preAssignedNumber)]);
  // Status, amounts and currency: the card's ERP section reads them live (/demo/erp/erp-facts).
  return {
    kind,
    label: table.label,
    number: text(record.number),
    name: text(record.number),
    detail: text(record.vendorName),
    fields,
    context,
  };
}

/**
 * The records the demo page lists, as the demo ERP holds them now, read over HTTP (OData) through
 * the 'bc' source: vendors, the purchase invoices not yet posted (BC's Purchase Invoices list) and
 * the posted purchase invoices, each by number. A down ERP answers in the connector's words.
 */
export async function listDemoRecords(deps: ErpDeps, company: string = DEMO_COMPANY): Promise<DemoRecord[]> {
  const source = deps.entitySources.source('bc');
  const byNumber = ['number'];
  const [vendors, invoices, posted] = await Promise.all([
    source.queryAll('vendors', { company, orderBy: byNumber }),
    source.queryAll('purchaseInvoices', { company, orderBy: byNumber, filter: { property: 'status', operator: 'eq', value: 'Draft' } }),
    source.queryAll('postedPurchaseInvoices', { company, orderBy: byNumber }),
  ]);
  return [
    ...vendors.map((record) => demoRecordOf('vendor', record, company)),
    ...invoices.map((record) => demoRecordOf('purchaseInvoice', record, company)),
    ...posted.map((record) => demoRecordOf('postedPurchaseInvoice', record, company)),
  ];
}
