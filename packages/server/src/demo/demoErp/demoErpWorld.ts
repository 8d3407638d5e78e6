/*
 * The demo ERP's own records: what the Business Central stand-in holds (demo/demoErp), by
 * company. The product never imports this (lint: test/lint/layers.test.ts); it reads these
 * records over HTTP through its entity-source connector (erp/). The demo seed files documents
 * on the same SystemIds, so the two agree.
 */

/** A company of the demo ERP; its name is the product's data area id. */
export interface DemoErpCompany {
  id: string;
  name: string;
  displayName: string;
  currencyCode: string;
  vendors: readonly DemoVendor[];
  purchaseInvoices: readonly DemoPurchaseInvoice[];
  /** The company's exchange rates (BC's Currency Exchange Rates), each against its local currency. */
  exchangeRates: readonly DemoExchangeRate[];
}

/**
 * One exchange rate of a company (BC table 330, as the API's currencyExchangeRates serves it):
 * from `startingDate` on, `exchangeRateAmount` of `currencyCode` is worth
 * `relationalExchangeRateAmount` of `relationalCurrencyCode` (absent: the company's local currency).
 */
export interface DemoExchangeRate {
  currencyCode: string;
  startingDate: string;
  exchangeRateAmount: number;
  relationalExchangeRateAmount: number;
  relationalCurrencyCode?: string;
}

/** A vendor record (BC table 23). */
export interface DemoVendor {
  number: string;
  name: string;
  /** BC SystemId: lower-case GUID without braces. */
  systemId: string;
  address: readonly string[];
  contact: string;
  paymentTerms: string;
  bank: string;
}

/** A purchase invoice record (BC table 38, document type Invoice = 2). */
export interface DemoPurchaseInvoice {
  number: string;
  systemId: string;
  vendor: string;
  /** The vendor's own invoice number, printed on their PDF. */
  vendorInvoiceNo: string;
  postingDate: string;
  dueDate: string;
  /**
   * BC's "Pmt. Discount Date" (served as pmtDiscountDate): the last day the vendor's cash discount
   * holds; 'today' is the day the demo ERP starts, so the workflow's "Discount ends today" marker shows.
   */
  pmtDiscountDate?: string;
  /** Pages of the vendor's invoice PDF (2–4). */
  pages: number;
  /** Seed of the invoice's line items: the PDF and the ERP's lines come from it, so they agree. */
  seed: number;
  /** The purchase order the invoice bills. */
  orderNumber: string;
  /** The invoice's currency when it is not the company's local currency (BC: the header's Currency Code). */
  currencyCode?: string;
}

/** The vendors (team brief), with fixed SystemIds. */
export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    number: 'V10000',
    name: 'Fabrikam, Inc.',
    systemId: '5d7e1c2a-8b3f-4a6e-9c01-000000010000',
    address: ['1 Industrial Way', 'Atlanta, GA 31772', 'United States'],
    contact: 'Kim Akers',
    paymentTerms: '30 days net',
    bank: 'Woodgrove Bank, IBAN US12 3456 7890 1000 0100 00',
  },
  {
    number: 'V20000',
    name: 'Contoso Supplies',
    systemId: '5d7e1c2a-8b3f-4a6e-9c01-000000020000',
    address: ['42 Harbour Road', 'Seattle, WA 98101', 'United States'],
    contact: 'Ben Smith',
    paymentTerms: '14 days 2% / 30 days net',
    bank: 'Contoso Bank, IBAN US98 7654 3210 2000 0200 00',
  },
  {
    number: 'V30000',
    name: 'Northwind Traders',
    systemId: '5d7e1c2a-8b3f-4a6e-9c01-000000030000',
    address: ['7 Market Square', 'Portland, OR 97205', 'United States'],
    contact: 'Nancy Davolio',
    paymentTerms: '30 days net',
    bank: 'Northwind Credit Union, IBAN US55 1212 3434 3000 0300 00',
  },
  {
    number: 'V40000',
    name: 'Litware Office',
    systemId: '5d7e1c2a-8b3f-4a6e-9c01-000000040000',
    address: ['19 Quill Street', 'Boston, MA 02110', 'United States'],
    contact: 'Lee Gu',
    paymentTerms: '21 days net',
    bank: 'Trey Research Bank, IBAN US77 5656 7878 4000 0400 00',
  },
];

/** The purchase invoices PI-1001 … PI-1006 on those vendors. */
export const DEMO_PURCHASE_INVOICES: readonly DemoPurchaseInvoice[] = [
  {
    number: 'PI-1001',
    systemId: '8a4f2e6b-1c9d-4b3a-8e02-000000001001',
    vendor: 'V10000',
    vendorInvoiceNo: 'FAB-25-0412',
    postingDate: '2025-04-14',
    dueDate: '2025-05-14',
    pmtDiscountDate: '2025-04-24',
    pages: 3,
    seed: 1001,
    orderNumber: '106001',
  },
  {
    number: 'PI-1002',
    systemId: '8a4f2e6b-1c9d-4b3a-8e02-000000001002',
    vendor: 'V20000',
    vendorInvoiceNo: 'CS-88120',
    postingDate: '2025-04-22',
    dueDate: '2025-05-22',
    pages: 2,
    seed: 1002,
    orderNumber: '106002',
  },
  {
    number: 'PI-1003',
    systemId: '8a4f2e6b-1c9d-4b3a-8e02-000000001003',
    vendor: 'V30000',
    vendorInvoiceNo: 'NWT-2025-0097',
    postingDate: '2025-05-02',
    dueDate: '2025-06-01',
    pages: 4,
    seed: 1003,
    orderNumber: '106003',
  },
  {
    number: 'PI-1004',
    systemId: '8a4f2e6b-1c9d-4b3a-8e02-000000001004',
    vendor: 'V40000',
    vendorInvoiceNo: 'LW-5531',
    postingDate: '2025-05-09',
    dueDate: '2025-05-30',
    pmtDiscountDate: 'today',
    pages: 2,
    seed: 1004,
    orderNumber: '106004',
  },
  {
    number: 'PI-1005',
    systemId: '8a4f2e6b-1c9d-4b3a-8e02-000000001005',
    vendor: 'V10000',
    vendorInvoiceNo: 'FAB-25-0519',
    postingDate: '2025-05-20',
    dueDate: '2025-06-19',
    pmtDiscountDate: '2025-05-30',
    pages: 3,
    seed: 1005,
    orderNumber: '106005',
  },
  {
    number: 'PI-1006',
    systemId: '8a4f2e6b-1c9d-4b3a-8e02-000000001006',
    vendor: 'V20000',
    vendorInvoiceNo: 'CS-88457',
    postingDate: '2025-05-27',
    dueDate: '2025-06-26',
    pages: 4,
    seed: 1006,
    orderNumber: '106006',
  },
];

/** Looks a vendor up by number; throws for a number the world does not have. */
export function demoVendor(number: string): DemoVendor {
  const vendor = DEMO_VENDORS.find((v) => v.number === number);
  if (!vendor) throw new Error(`No demo vendor ${number}`);
  return vendor;
}

/** The second company's vendors: the same numbers as CRONUS's on purpose, so a record is told apart only by its company. */
const CANADA_VENDORS: readonly DemoVendor[] = [
  {
    number: 'V10000',
    name: 'Maple Leaf Freight Ltd.',
    systemId: '6e8f2d3b-9c4a-4b7f-8d12-000000010000',
    address: ['300 Front Street W', 'Toronto, ON M5V 3A8', 'Canada'],
    contact: 'Claire Tremblay',
    paymentTerms: '30 days net',
    bank: 'Bank of Montreal, account 0001-12345-678',
  },
  {
    number: 'V20000',
    name: 'Northern Paper Co.',
    systemId: '6e8f2d3b-9c4a-4b7f-8d12-000000020000',
    address: ['88 Rue Sainte-Catherine', 'Montreal, QC H2X 1K4', 'Canada'],
    contact: 'Luc Gagnon',
    paymentTerms: '14 days net',
    bank: 'Desjardins, account 0815-44556-001',
  },
];

/** The second company's purchase invoices: PI-1001 again, on another vendor, in another company. */
const CANADA_PURCHASE_INVOICES: readonly DemoPurchaseInvoice[] = [
  {
    number: 'PI-1001',
    systemId: '9b5a3f7c-2d1e-4c4b-9f03-000000001001',
    vendor: 'V20000',
    vendorInvoiceNo: 'NPC-7781',
    postingDate: '2025-05-05',
    dueDate: '2025-05-19',
    pages: 2,
    seed: 4001,
    orderNumber: '206001',
  },
  {
    number: 'PI-1002',
    systemId: '9b5a3f7c-2d1e-4c4b-9f03-000000001002',
    vendor: 'V10000',
    vendorInvoiceNo: 'MLF-2025-031',
    postingDate: '2025-05-16',
    dueDate: '2025-06-15',
    pages: 3,
    seed: 4002,
    orderNumber: '206002',
  },
];

/**
 * CRONUS's exchange rates against its local currency, USD: 100 units of each currency in USD, at the
 * start of the year and from May (an invoice is converted at the rate valid on its date).
 */
const CRONUS_EXCHANGE_RATES: readonly DemoExchangeRate[] = [
  { currencyCode: 'EUR', startingDate: '2025-01-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 103.5 },
  { currencyCode: 'EUR', startingDate: '2025-05-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 113.2 },
  { currencyCode: 'GBP', startingDate: '2025-01-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 125.1 },
  { currencyCode: 'GBP', startingDate: '2025-05-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 133.4 },
  { currencyCode: 'CAD', startingDate: '2025-01-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 69.5 },
  { currencyCode: 'CAD', startingDate: '2025-05-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 72.4 },
];

/** CRONUS-CA's exchange rates against its local currency, CAD. */
const CANADA_EXCHANGE_RATES: readonly DemoExchangeRate[] = [
  { currencyCode: 'USD', startingDate: '2025-01-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 143.8 },
  { currencyCode: 'USD', startingDate: '2025-05-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 138.2 },
  { currencyCode: 'EUR', startingDate: '2025-01-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 148.9 },
  { currencyCode: 'EUR', startingDate: '2025-05-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 156.4 },
  { currencyCode: 'GBP', startingDate: '2025-01-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 180 },
  { currencyCode: 'GBP', startingDate: '2025-05-01', exchangeRateAmount: 100, relationalExchangeRateAmount: 184.3 },
];

/** The demo ERP's two companies: CRONUS (the demo world's data area) and a Canadian one, so multi-company is real. */
export const DEMO_ERP_COMPANIES: readonly DemoErpCompany[] = [
  {
    id: 'c0a80001-0000-4000-8000-000000000001',
    name: 'CRONUS',
    displayName: 'CRONUS International Ltd.',
    currencyCode: 'USD',
    vendors: DEMO_VENDORS,
    purchaseInvoices: DEMO_PURCHASE_INVOICES,
    exchangeRates: CRONUS_EXCHANGE_RATES,
  },
  {
    id: 'c0a80001-0000-4000-8000-000000000002',
    name: 'CRONUS-CA',
    displayName: 'CRONUS Canada, Inc.',
    currencyCode: 'CAD',
    vendors: CANADA_VENDORS,
    purchaseInvoices: CANADA_PURCHASE_INVOICES,
    exchangeRates: CANADA_EXCHANGE_RATES,
  },
];
