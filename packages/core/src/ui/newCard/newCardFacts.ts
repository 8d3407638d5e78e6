import type { DmsDocument } from '../../model';
import type { LinkableTable } from '../../contract';

/** The facts the ERP needs to make one kind of record: a record picked from a lookup, and free texts. */
export interface NewCardFacts {
  /** The property set from a record of another entity type (a purchase invoice's vendorNumber from a vendor's number), or null. */
  lookup: { property: string; entityType: string; valueField: string; labelField: string } | null;
  /** Free-text properties sent as typed (blank ones are left out). */
  texts: readonly string[];
}

/** The stem of an entity type name: 'bc:Microsoft.NAV.PurchaseHeader' → 'purchaseheader'. */
function stemOf(entityTypeName: string): string {
  return entityTypeName
    .slice(entityTypeName.lastIndexOf('.') + 1)
    .replace(/^[^:]*:/, '')
    .toLowerCase()
    .replace(/s$/, '');
}

/** The ERP source prefix of an entity type name ('bc'). */
function prefixOf(entityTypeName: string): string {
  const colon = entityTypeName.indexOf(':');
  return colon > 0 ? entityTypeName.slice(0, colon) : 'bc';
}

/**
 * What a new record of a table needs, by its entity type. Business Central's purchase invoice
 * (API v2.0 `purchaseInvoices`; BC table 38 'Purchase Header' as the demo seeds it) needs its
 * vendor by number and takes the vendor's invoice number. Other types get no form: the ERP's
 * create says what it misses, in its words.
 */
export function newCardFactsOf(table: LinkableTable): NewCardFacts {
  const stem = stemOf(table.entityTypeName);
  if (stem === 'purchaseinvoice' || stem === 'purchaseheader') {
    return {
      lookup: {
        property: 'vendorNumber',
        entityType: `${prefixOf(table.entityTypeName)}:Microsoft.NAV.vendor`,
        valueField: 'number',
        labelField: 'displayName',
      },
      texts: ['vendorInvoiceNumber'],
    };
  }
  return { lookup: null, texts: [] };
}

/**
 * The record type a document's new card starts on: for a document that reads as an invoice (its
 * name, subtype or type says so) the first invoice table, else the first table offered.
 */
export function defaultNewCardTable(
  tables: readonly LinkableTable[],
  document: Pick<DmsDocument, 'name' | 'subtype' | 'type'>,
): LinkableTable | null {
  const subtype = document.subtype?.text ?? '';
  const looksLikeInvoice = /invoice|rechnung|factur/i.test(`${document.name} ${subtype} ${document.type ?? ''}`);
  const invoice = tables.find(
    (table) => /invoice/i.test(`${table.label} ${table.entityTypeName}`) || stemOf(table.entityTypeName) === 'purchaseheader',
  );
  if (looksLikeInvoice && invoice !== undefined) return invoice;
  return tables[0] ?? invoice ?? null;
}
