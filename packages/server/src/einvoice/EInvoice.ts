/** The e-invoice syntaxes read (EN 16931 syntax bindings; XRechnung and Factur-X are CIUS/profiles of them). */
export type EInvoiceSyntax = 'UBL Invoice' | 'UBL CreditNote' | 'CII';

/** A party of the invoice as printed on its readable view. */
export interface EInvoiceParty {
  name: string | null;
  /** Street, city, postcode and country lines, as given. */
  address: string[];
  /** VAT identifier (BT-31 / BT-48), or the tax registration (BT-32) when no VAT id is given. */
  taxId: string | null;
}

/** One invoice line (BG-25). Amounts stay the XML's decimal strings, so the view prints them exactly. */
export interface EInvoiceLine {
  id: string;
  name: string;
  quantity: string | null;
  unitCode: string | null;
  price: string | null;
  vatPercent: string | null;
  amount: string | null;
}

/** One VAT breakdown row (BG-23). */
export interface EInvoiceVat {
  category: string | null;
  percent: string | null;
  taxable: string | null;
  tax: string | null;
}

/**
 * An e-invoice as read from its XML: the facts the capture contract names (amounts as exact
 * decimal strings) and what the readable view prints besides.
 */
export interface EInvoice {
  syntax: EInvoiceSyntax;
  /** BT-24 specification identifier, e.g. an XRechnung or Factur-X profile URN. */
  specification: string | null;
  /** BT-3 type code (380 invoice, 381 credit note, …). */
  typeCode: string | null;
  isCreditNote: boolean;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string | null;
  currency: string;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  vendorIban: string | null;
  poNumber: string | null;
  buyerReference: string | null;
  paymentTerms: string | null;
  /** BT-106 sum of line net amounts. */
  lineTotal: string | null;
  /** BT-109 total without VAT. */
  netAmount: string | null;
  /** BT-110 total VAT in the invoice currency. */
  taxAmount: string | null;
  /** BT-112 total with VAT. */
  totalAmount: string;
  /** BT-113 paid amount. */
  prepaidAmount: string | null;
  /** BT-115 amount due for payment. */
  payableAmount: string | null;
  lines: EInvoiceLine[];
  vat: EInvoiceVat[];
}
