/*
 * The entity types of the demo ERP, shaped like Business Central's API v2.0 (names, keys,
 * property names and Edm types). One description feeds $metadata, $select/$filter validation,
 * navigation and PATCH, so they cannot disagree.
 */

/** The Edm types the demo ERP uses. */
export type DemoErpEdmType = 'Edm.Guid' | 'Edm.String' | 'Edm.Date' | 'Edm.DateTimeOffset' | 'Edm.Decimal' | 'Edm.Int32' | 'Edm.Boolean';

/** The entity sets below a company. */
export type DemoErpSetName =
  | 'vendors'
  | 'purchaseInvoices'
  | 'purchaseInvoiceLines'
  | 'purchaseOrders'
  | 'purchaseReceipts'
  | 'postedPurchaseInvoices'
  | 'companyInformation'
  | 'currencyExchangeRates';

/** One structural property. */
export interface DemoErpProperty {
  name: string;
  type: DemoErpEdmType;
  nullable: boolean;
  maxLength?: number;
}

/** A navigation: records of `targetSet` whose `toProperty` equals this record's `fromProperty`. */
export interface DemoErpNavigation {
  name: string;
  targetSet: DemoErpSetName;
  collection: boolean;
  fromProperty: string;
  toProperty: string;
}

/** An entity type and the set that holds it. */
export interface DemoErpEntityType {
  /** The type name inside the Microsoft.NAV namespace, e.g. 'purchaseInvoice'. */
  typeName: string;
  /** The entity set, e.g. 'purchaseInvoices' ('purchaseInvoiceApprovals': the extension API's, demoErpExtensionApi.ts). */
  setName: DemoErpSetName | 'companies' | 'purchaseInvoiceApprovals';
  properties: readonly DemoErpProperty[];
  navigations: readonly DemoErpNavigation[];
  /** Properties a PATCH may change; the rest are the ERP's to set. */
  writable: readonly string[];
}

/** The namespace of every type, as BC's API v2.0 declares it. */
export const DEMO_ERP_NAMESPACE = 'Microsoft.NAV';

const p = (name: string, type: DemoErpEdmType, options: { nullable?: boolean; maxLength?: number } = {}): DemoErpProperty => ({
  name,
  type,
  nullable: options.nullable ?? name !== 'id',
  ...(options.maxLength === undefined ? {} : { maxLength: options.maxLength }),
});

const id = p('id', 'Edm.Guid');
const modified = p('lastModifiedDateTime', 'Edm.DateTimeOffset');
const code20 = (name: string): DemoErpProperty => p(name, 'Edm.String', { maxLength: 20 });
const text100 = (name: string): DemoErpProperty => p(name, 'Edm.String', { maxLength: 100 });
const vendorNavigation: DemoErpNavigation = {
  name: 'vendor',
  targetSet: 'vendors',
  collection: false,
  fromProperty: 'vendorId',
  toProperty: 'id',
};

/** The company type: the one entity set above the company segment. */
export const DEMO_ERP_COMPANY_TYPE: DemoErpEntityType = {
  typeName: 'company',
  setName: 'companies',
  properties: [id, p('systemVersion', 'Edm.String'), text100('name'), text100('displayName'), p('businessProfileId', 'Edm.String')],
  navigations: [],
  writable: [],
};

/** The entity types below a company, by set. */
export const DEMO_ERP_ENTITY_TYPES: Readonly<Record<DemoErpSetName, DemoErpEntityType>> = {
  vendors: {
    typeName: 'vendor',
    setName: 'vendors',
    properties: [
      id,
      code20('number'),
      text100('displayName'),
      text100('addressLine1'),
      text100('city'),
      text100('country'),
      text100('contact'),
      code20('currencyCode'),
      text100('paymentTerms'),
      text100('blocked'),
      modified,
    ],
    navigations: [
      { name: 'purchaseInvoices', targetSet: 'purchaseInvoices', collection: true, fromProperty: 'id', toProperty: 'vendorId' },
      { name: 'purchaseOrders', targetSet: 'purchaseOrders', collection: true, fromProperty: 'id', toProperty: 'vendorId' },
    ],
    writable: ['displayName', 'addressLine1', 'city', 'country', 'contact', 'blocked'],
  },
  purchaseInvoices: {
    typeName: 'purchaseInvoice',
    setName: 'purchaseInvoices',
    properties: [
      id,
      code20('number'),
      p('invoiceDate', 'Edm.Date'),
      p('postingDate', 'Edm.Date'),
      p('dueDate', 'Edm.Date'),
      // BC's "Pmt. Discount Date", as a custom API page exposes it (the standard v2.0 one does not).
      p('pmtDiscountDate', 'Edm.Date'),
      text100('vendorInvoiceNumber'),
      p('vendorId', 'Edm.Guid'),
      code20('vendorNumber'),
      text100('vendorName'),
      p('orderId', 'Edm.Guid'),
      code20('orderNumber'),
      code20('currencyCode'),
      p('totalAmountExcludingTax', 'Edm.Decimal'),
      p('totalTaxAmount', 'Edm.Decimal'),
      p('totalAmountIncludingTax', 'Edm.Decimal'),
      code20('status'),
      modified,
    ],
    navigations: [
      vendorNavigation,
      { name: 'purchaseInvoiceLines', targetSet: 'purchaseInvoiceLines', collection: true, fromProperty: 'id', toProperty: 'documentId' },
      { name: 'purchaseOrder', targetSet: 'purchaseOrders', collection: false, fromProperty: 'orderId', toProperty: 'id' },
      { name: 'purchaseReceipts', targetSet: 'purchaseReceipts', collection: true, fromProperty: 'orderId', toProperty: 'orderId' },
      {
        name: 'postedPurchaseInvoice',
        targetSet: 'postedPurchaseInvoices',
        collection: false,
        fromProperty: 'id',
        toProperty: 'purchaseInvoiceId',
      },
    ],
    writable: ['invoiceDate', 'postingDate', 'dueDate', 'vendorInvoiceNumber'],
  },
  purchaseInvoiceLines: {
    typeName: 'purchaseInvoiceLine',
    setName: 'purchaseInvoiceLines',
    properties: [
      id,
      p('documentId', 'Edm.Guid'),
      p('sequence', 'Edm.Int32'),
      code20('lineType'),
      text100('description'),
      code20('unitOfMeasureCode'),
      p('quantity', 'Edm.Decimal'),
      p('directUnitCost', 'Edm.Decimal'),
      p('amountExcludingTax', 'Edm.Decimal'),
      p('taxPercent', 'Edm.Decimal'),
      p('amountIncludingTax', 'Edm.Decimal'),
    ],
    navigations: [
      { name: 'purchaseInvoice', targetSet: 'purchaseInvoices', collection: false, fromProperty: 'documentId', toProperty: 'id' },
    ],
    writable: ['description', 'quantity'],
  },
  purchaseOrders: {
    typeName: 'purchaseOrder',
    setName: 'purchaseOrders',
    properties: [
      id,
      code20('number'),
      p('orderDate', 'Edm.Date'),
      p('vendorId', 'Edm.Guid'),
      code20('vendorNumber'),
      text100('vendorName'),
      code20('currencyCode'),
      p('totalAmountIncludingTax', 'Edm.Decimal'),
      code20('status'),
      p('fullyReceived', 'Edm.Boolean'),
      modified,
    ],
    navigations: [
      vendorNavigation,
      { name: 'purchaseReceipts', targetSet: 'purchaseReceipts', collection: true, fromProperty: 'id', toProperty: 'orderId' },
    ],
    writable: [],
  },
  purchaseReceipts: {
    typeName: 'purchaseReceipt',
    setName: 'purchaseReceipts',
    properties: [
      id,
      code20('number'),
      p('postingDate', 'Edm.Date'),
      p('orderId', 'Edm.Guid'),
      code20('orderNumber'),
      p('vendorId', 'Edm.Guid'),
      code20('vendorNumber'),
      text100('vendorName'),
      modified,
    ],
    navigations: [
      vendorNavigation,
      { name: 'purchaseOrder', targetSet: 'purchaseOrders', collection: false, fromProperty: 'orderId', toProperty: 'id' },
    ],
    writable: [],
  },
  postedPurchaseInvoices: {
    typeName: 'postedPurchaseInvoice',
    setName: 'postedPurchaseInvoices',
    properties: [
      id,
      code20('number'),
      p('purchaseInvoiceId', 'Edm.Guid'),
      code20('preAssignedNumber'),
      p('invoiceDate', 'Edm.Date'),
      p('postingDate', 'Edm.Date'),
      p('dueDate', 'Edm.Date'),
      text100('vendorInvoiceNumber'),
      p('vendorId', 'Edm.Guid'),
      code20('vendorNumber'),
      text100('vendorName'),
      code20('orderNumber'),
      code20('currencyCode'),
      p('totalAmountIncludingTax', 'Edm.Decimal'),
      code20('status'),
      modified,
    ],
    navigations: [
      vendorNavigation,
      { name: 'purchaseInvoice', targetSet: 'purchaseInvoices', collection: false, fromProperty: 'purchaseInvoiceId', toProperty: 'id' },
    ],
    writable: [],
  },
  // BC's company information (one record per company): its currencyCode is the local currency (LCY),
  // the currency approval limits are read in.
  companyInformation: {
    typeName: 'companyInformation',
    setName: 'companyInformation',
    properties: [
      id,
      text100('displayName'),
      text100('country'),
      code20('currencyCode'),
      p('currentFiscalYearStartDate', 'Edm.Date'),
      modified,
    ],
    navigations: [],
    writable: [],
  },
  // BC's Currency Exchange Rates (table 330): exchangeRateAmount of currencyCode is worth
  // relationalExchangeRateAmount of relationalCurrencyCode ('' = the local currency) from startingDate on.
  currencyExchangeRates: {
    typeName: 'currencyExchangeRate',
    setName: 'currencyExchangeRates',
    properties: [
      id,
      code20('currencyCode'),
      p('startingDate', 'Edm.Date'),
      p('exchangeRateAmount', 'Edm.Decimal'),
      code20('relationalCurrencyCode'),
      p('relationalExchangeRateAmount', 'Edm.Decimal'),
      modified,
    ],
    navigations: [],
    writable: [],
  },
};

/** Whether `name` is one of the company's entity sets. */
export function isDemoErpSetName(name: string): name is DemoErpSetName {
  return Object.prototype.hasOwnProperty.call(DEMO_ERP_ENTITY_TYPES, name);
}
