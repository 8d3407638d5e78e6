import { randomUUID } from 'node:crypto';
import { DEMO_ERP_COMPANIES, type DemoErpCompany, type DemoPurchaseInvoice } from './demoErpWorld';
import { DEMO_ERP_ENTITY_TYPES, type DemoErpEntityType, type DemoErpSetName } from './demoErpEntityTypes';
import { DEMO_TAX_RATE_PERCENT, demoInvoiceLines, demoInvoiceTotals } from './demoInvoiceLines';

/** A record as the API shows it (property name → JSON value). */
export type DemoErpRecord = Record<string, string | number | boolean | null>;

/** A stored record and its version, the source of its ETag. */
interface StoredRecord {
  data: DemoErpRecord;
  version: number;
}

/** Why the store refused a change: the status and the OData error message the API answers with. */
export class DemoErpRefusal extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'DemoErpRefusal';
    this.statusCode = statusCode;
  }
}

/**
 * A purchase invoice's Datahaven approval status ('' = none yet), as the enum "DH Approval
 * Status" of manifests/bc captions it and the API page `purchaseInvoiceApprovals` serves it.
 */
export type DemoApprovalStatus = '' | 'Pending Approval' | 'Approved' | 'Rejected';

/** Every approval status, blank first (a new purchase invoice's). */
export const DEMO_APPROVAL_STATUSES: readonly DemoApprovalStatus[] = ['', 'Pending Approval', 'Approved', 'Rejected'];

/** How a demo ERP store behaves beyond its records. */
export interface DemoErpStoreOptions {
  /**
   * The setup switch "Require Approval to Post" of manifests/bc's Datahaven Documents Setup: a
   * purchase invoice posts only when its approval status is Approved. On unless a test turns it off.
   */
  approvalRequiredToPost?: boolean;
}

/**
 * Why a purchase invoice was not posted: its approval status is not Approved. The same words as
 * the AL codeunit "DH Posting Guard" (manifests/bc), which Business Central shows as its error.
 */
export function demoPostingRefusal(number: string, status: DemoApprovalStatus): string {
  return `Purchase invoice ${number} cannot be posted: it is not approved in Datahaven Documents (approval status: ${status === '' ? 'none' : status}).`;
}

/** When the seeded records were last changed, fixed so every run serves the same bytes. */
const SEEDED_AT = '2025-06-01T08:00:00Z';

/** A deterministic GUID for seeded child records: a type tag, the company's ordinal and a running number. */
function seededGuid(tag: number, company: number, n: number): string {
  return `${tag.toString(16).padStart(8, '0')}-0000-4000-8${company.toString(16).padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;
}

/** Cents → the decimal number the API answers with. */
function money(cents: number): number {
  return Math.round(cents) / 100;
}

/** The weak ETag of a record version, BC-style `W/"…"`. */
export function demoErpEtag(id: string, version: number): string {
  return `W/"${Buffer.from(`${id};${version}`).toString('base64')}"`;
}

/**
 * The demo ERP's state: its companies and, per company, every entity set, seeded from the demo
 * world and changed only through the API (PATCH, create, post). In memory: a restart starts over.
 */
export class DemoErpStore {
  private readonly companies: {
    company: DemoErpRecord;
    sets: Record<DemoErpSetName, StoredRecord[]>;
    /** The approval status of purchase invoices by id (the table extension's field); absent = ''. */
    approvals: Map<string, DemoApprovalStatus>;
  }[];

  /** The setup switch "Require Approval to Post" (DemoErpStoreOptions.approvalRequiredToPost). */
  approvalRequiredToPost: boolean;

  constructor(world: readonly DemoErpCompany[] = DEMO_ERP_COMPANIES, options: DemoErpStoreOptions = {}) {
    this.companies = world.map((company, index) => ({
      company: { id: company.id, systemVersion: '26.0.0.0', name: company.name, displayName: company.displayName, businessProfileId: '' },
      sets: seedCompany(company, index + 1),
      approvals: new Map(),
    }));
    this.approvalRequiredToPost = options.approvalRequiredToPost ?? true;
  }

  /** Every company. */
  listCompanies(): DemoErpRecord[] {
    return this.companies.map((c) => ({ ...c.company }));
  }

  /** The records of a set in a company, with their ETags; null when the company does not exist. */
  list(companyId: string, set: DemoErpSetName): { record: DemoErpRecord; etag: string }[] | null {
    const company = this.companyOf(companyId);
    if (company === undefined) return null;
    return company.sets[set].map((stored) => ({ record: { ...stored.data }, etag: demoErpEtag(String(stored.data.id), stored.version) }));
  }

  /** Changes the writable properties of one record when `ifMatch` is its current ETag (or '*'). */
  patch(
    companyId: string,
    set: DemoErpSetName,
    id: string,
    ifMatch: string | undefined,
    changes: Record<string, unknown>,
  ): { record: DemoErpRecord; etag: string } {
    const stored = this.storedRecord(companyId, set, id);
    if (ifMatch === undefined)
      throw new DemoErpRefusal(
        428,
        "Could not validate the client concurrency token required by the service. Send If-Match with the record's @odata.etag.",
      );
    if (ifMatch !== '*' && ifMatch !== demoErpEtag(id, stored.version)) {
      throw new DemoErpRefusal(412, 'Another user has already changed the record.');
    }
    const type: DemoErpEntityType = DEMO_ERP_ENTITY_TYPES[set];
    for (const [name, value] of Object.entries(changes)) {
      if (name.startsWith('@odata.')) continue;
      const property = type.properties.find((candidate) => candidate.name === name);
      if (property === undefined)
        throw new DemoErpRefusal(400, `The property '${name}' does not exist on type 'Microsoft.NAV.${type.typeName}'.`);
      if (!type.writable.includes(name)) throw new DemoErpRefusal(400, `The property '${name}' of '${type.typeName}' cannot be changed.`);
      checkValue(type.typeName, property.name, property.type, value);
    }
    for (const [name, value] of Object.entries(changes)) {
      if (!name.startsWith('@odata.')) stored.data[name] = value as DemoErpRecord[string];
    }
    stored.data.lastModifiedDateTime = new Date().toISOString();
    stored.version++;
    return { record: { ...stored.data }, etag: demoErpEtag(id, stored.version) };
  }

  /** Creates a draft purchase invoice for a vendor (by vendorId or vendorNumber), numbered after the last one. */
  createPurchaseInvoice(companyId: string, body: Record<string, unknown>): { record: DemoErpRecord; etag: string } {
    const company = this.companyOf(companyId);
    if (company === undefined) throw new DemoErpRefusal(404, `The company '${companyId}' does not exist.`);
    const vendor = company.sets.vendors.find(
      (v) =>
        (body.vendorId !== undefined && v.data.id === body.vendorId) ||
        (body.vendorNumber !== undefined && v.data.number === body.vendorNumber),
    );
    if (vendor === undefined) throw new DemoErpRefusal(400, 'A purchase invoice needs an existing vendor: send vendorId or vendorNumber.');
    const allowed = new Set(['vendorId', 'vendorNumber', 'invoiceDate', 'postingDate', 'dueDate', 'vendorInvoiceNumber']);
    const type = DEMO_ERP_ENTITY_TYPES.purchaseInvoices;
    for (const [name, value] of Object.entries(body)) {
      if (!allowed.has(name)) throw new DemoErpRefusal(400, `The property '${name}' cannot be set when creating a purchase invoice.`);
      const property = type.properties.find((candidate) => candidate.name === name);
      if (property !== undefined) checkValue(type.typeName, name, property.type, value);
    }
    const highest = company.sets.purchaseInvoices.reduce(
      (max, invoice) => Math.max(max, Number(String(invoice.data.number).replace(/^PI-/, '')) || 0),
      1000,
    );
    const today = new Date().toISOString().slice(0, 10);
    const data: DemoErpRecord = {
      id: randomUUID(),
      number: `PI-${highest + 1}`,
      invoiceDate: typeof body.invoiceDate === 'string' ? body.invoiceDate : today,
      postingDate: typeof body.postingDate === 'string' ? body.postingDate : today,
      dueDate: typeof body.dueDate === 'string' ? body.dueDate : today,
      pmtDiscountDate: null,
      vendorInvoiceNumber: typeof body.vendorInvoiceNumber === 'string' ? body.vendorInvoiceNumber : '',
      vendorId: vendor.data.id,
      vendorNumber: vendor.data.number,
      vendorName: vendor.data.displayName,
      orderId: null,
      orderNumber: '',
      currencyCode: vendor.data.currencyCode,
      totalAmountExcludingTax: 0,
      totalTaxAmount: 0,
      totalAmountIncludingTax: 0,
      status: 'Draft',
      lastModifiedDateTime: new Date().toISOString(),
    };
    company.sets.purchaseInvoices.push({ data, version: 1 });
    return { record: { ...data }, etag: demoErpEtag(String(data.id), 1) };
  }

  /**
   * Adds an item line to a draft purchase invoice (BC's POST purchaseInvoiceLines) and sums the
   * invoice's totals again, tax at the demo's rate: how an invoice made with createPurchaseInvoice
   * gets an amount (browser tests and benches that need many invoices with amounts).
   */
  addPurchaseInvoiceLine(
    companyId: string,
    invoiceId: string,
    line: { description: string; quantity: number; directUnitCost: number },
  ): { record: DemoErpRecord; etag: string } {
    const company = this.companyOf(companyId);
    const invoice = this.storedRecord(companyId, 'purchaseInvoices', invoiceId);
    if (company === undefined || invoice.data.status !== 'Draft')
      throw new DemoErpRefusal(400, 'Lines are added to draft purchase invoices only.');
    const lines = company.sets.purchaseInvoiceLines.filter((stored) => stored.data.documentId === invoiceId);
    const amountCents = Math.round(line.quantity * line.directUnitCost * 100);
    const taxCents = Math.round((amountCents * DEMO_TAX_RATE_PERCENT) / 100);
    company.sets.purchaseInvoiceLines.push({
      data: {
        id: randomUUID(),
        documentId: invoiceId,
        sequence: (lines.length + 1) * 1000,
        lineType: 'Item',
        description: line.description,
        unitOfMeasureCode: 'PCS',
        quantity: line.quantity,
        directUnitCost: line.directUnitCost,
        amountExcludingTax: amountCents / 100,
        taxPercent: DEMO_TAX_RATE_PERCENT,
        amountIncludingTax: (amountCents + taxCents) / 100,
      },
      version: 1,
    });
    const cents = (value: unknown): number => Math.round(Number(value) * 100);
    invoice.data.totalAmountExcludingTax = (cents(invoice.data.totalAmountExcludingTax) + amountCents) / 100;
    invoice.data.totalTaxAmount = (cents(invoice.data.totalTaxAmount) + taxCents) / 100;
    invoice.data.totalAmountIncludingTax = (cents(invoice.data.totalAmountIncludingTax) + amountCents + taxCents) / 100;
    invoice.data.lastModifiedDateTime = new Date().toISOString();
    invoice.version++;
    return { record: { ...invoice.data }, etag: demoErpEtag(invoiceId, invoice.version) };
  }

  /**
   * The purchase invoices' approval records as the API page `purchaseInvoiceApprovals` serves
   * them (drafts only: BC's Purchase Header holds no posted invoice), with the invoice's ETag (the
   * same row); null when the company does not exist.
   */
  listApprovals(companyId: string): { record: DemoErpRecord; etag: string }[] | null {
    const company = this.companyOf(companyId);
    if (company === undefined) return null;
    return company.sets.purchaseInvoices
      .filter((stored) => stored.data.status === 'Draft')
      .map((stored) => ({
        record: approvalRecordOf(stored, company.approvals.get(String(stored.data.id)) ?? ''),
        etag: demoErpEtag(String(stored.data.id), stored.version),
      }));
  }

  /** A purchase invoice's approval status ('' = none); NotFound for an invoice the company lacks. */
  approvalStatusOf(companyId: string, id: string): DemoApprovalStatus {
    this.storedRecord(companyId, 'purchaseInvoices', id);
    return this.companyOf(companyId)?.approvals.get(id) ?? '';
  }

  /**
   * PATCH on the API page `purchaseInvoiceApprovals`: changes `approvalStatus` of a draft purchase
   * invoice when `ifMatch` is its current ETag (or '*'), as the AL page's OnModifyRecord does; a
   * value outside the enum is refused in words. The invoice's version moves (its ETag changes).
   */
  patchApproval(
    companyId: string,
    id: string,
    ifMatch: string | undefined,
    changes: Record<string, unknown>,
  ): { record: DemoErpRecord; etag: string } {
    const stored = this.draftInvoice(companyId, id);
    if (ifMatch === undefined)
      throw new DemoErpRefusal(
        428,
        "Could not validate the client concurrency token required by the service. Send If-Match with the record's @odata.etag.",
      );
    if (ifMatch !== '*' && ifMatch !== demoErpEtag(id, stored.version)) {
      throw new DemoErpRefusal(412, 'Another user has already changed the record.');
    }
    let status: DemoApprovalStatus | undefined;
    for (const [name, value] of Object.entries(changes)) {
      if (name.startsWith('@odata.')) continue;
      if (name !== 'approvalStatus')
        throw new DemoErpRefusal(400, `The property '${name}' of 'purchaseInvoiceApproval' cannot be changed.`);
      status = DEMO_APPROVAL_STATUSES.find((candidate) => candidate === value);
      if (status === undefined)
        throw new DemoErpRefusal(
          400,
          `The value '${String(value)}' of 'approvalStatus' is not one of ${DEMO_APPROVAL_STATUSES.map((s) => `'${s}'`).join(', ')}.`,
        );
    }
    if (status !== undefined) this.setApprovalStatus(companyId, id, status);
    const after = this.draftInvoice(companyId, id);
    return { record: approvalRecordOf(after, this.approvalStatusOf(companyId, id)), etag: demoErpEtag(id, after.version) };
  }

  /**
   * Sets a draft purchase invoice's approval status as someone in the ERP would (the API page, an
   * ERP user's correction): the invoice's version and modification time move, as BC's row does.
   */
  setApprovalStatus(companyId: string, id: string, status: DemoApprovalStatus): void {
    const stored = this.draftInvoice(companyId, id);
    const company = this.companyOf(companyId);
    if (status === '') company?.approvals.delete(id);
    else company?.approvals.set(id, status);
    stored.data.lastModifiedDateTime = new Date().toISOString();
    stored.version++;
  }

  /**
   * Posts a draft purchase invoice: the posted invoice appears and the draft's status becomes
   * 'Open', as in BC. With approvalRequiredToPost, an invoice whose approval status is not
   * Approved is refused in words first (the AL codeunit "DH Posting Guard").
   */
  postPurchaseInvoice(companyId: string, id: string): DemoErpRecord {
    const company = this.companyOf(companyId);
    const stored = this.storedRecord(companyId, 'purchaseInvoices', id);
    if (company === undefined) throw new DemoErpRefusal(404, `The company '${companyId}' does not exist.`);
    if (stored.data.status !== 'Draft')
      throw new DemoErpRefusal(400, `The purchase invoice ${String(stored.data.number)} has already been posted.`);
    const approval = company.approvals.get(id) ?? '';
    if (this.approvalRequiredToPost && approval !== 'Approved')
      throw new DemoErpRefusal(400, demoPostingRefusal(String(stored.data.number), approval));
    const now = new Date().toISOString();
    const posted: DemoErpRecord = {
      id: randomUUID(),
      number: `P${String(stored.data.number)}`,
      purchaseInvoiceId: stored.data.id,
      preAssignedNumber: stored.data.number,
      invoiceDate: stored.data.invoiceDate,
      postingDate: stored.data.postingDate,
      dueDate: stored.data.dueDate,
      vendorInvoiceNumber: stored.data.vendorInvoiceNumber,
      vendorId: stored.data.vendorId,
      vendorNumber: stored.data.vendorNumber,
      vendorName: stored.data.vendorName,
      orderNumber: stored.data.orderNumber,
      currencyCode: stored.data.currencyCode,
      totalAmountIncludingTax: stored.data.totalAmountIncludingTax,
      status: 'Open',
      lastModifiedDateTime: now,
    };
    company.sets.postedPurchaseInvoices.push({ data: posted, version: 1 });
    stored.data.status = 'Open';
    stored.data.lastModifiedDateTime = now;
    stored.version++;
    return { ...posted };
  }

  /** A purchase invoice still a draft (a Purchase Header in BC); NotFound once posted, as the API page no longer finds it. */
  private draftInvoice(companyId: string, id: string): StoredRecord {
    const stored = this.storedRecord(companyId, 'purchaseInvoices', id);
    if (stored.data.status !== 'Draft') throw new DemoErpRefusal(404, `The purchaseInvoiceApproval '${id}' does not exist.`);
    return stored;
  }

  private companyOf(companyId: string): DemoErpStore['companies'][number] | undefined {
    return this.companies.find((c) => c.company.id === companyId);
  }

  private storedRecord(companyId: string, set: DemoErpSetName, id: string): StoredRecord {
    const company = this.companyOf(companyId);
    if (company === undefined) throw new DemoErpRefusal(404, `The company '${companyId}' does not exist.`);
    const stored = company.sets[set].find((candidate) => candidate.data.id === id);
    if (stored === undefined) throw new DemoErpRefusal(404, `The ${DEMO_ERP_ENTITY_TYPES[set].typeName} '${id}' does not exist.`);
    return stored;
  }
}

/** A purchase invoice as the API page `purchaseInvoiceApprovals` shows it. */
function approvalRecordOf(stored: StoredRecord, status: DemoApprovalStatus): DemoErpRecord {
  return {
    id: stored.data.id,
    number: stored.data.number,
    approvalStatus: status,
    lastModifiedDateTime: stored.data.lastModifiedDateTime,
  };
}

function checkValue(typeName: string, name: string, type: string, value: unknown): void {
  const ok =
    value === null ||
    (type === 'Edm.String' && typeof value === 'string') ||
    (type === 'Edm.Guid' && typeof value === 'string') ||
    (type === 'Edm.Date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) ||
    (type === 'Edm.DateTimeOffset' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) ||
    ((type === 'Edm.Decimal' || type === 'Edm.Int32') && typeof value === 'number') ||
    (type === 'Edm.Boolean' && typeof value === 'boolean');
  if (!ok) throw new DemoErpRefusal(400, `The value of '${name}' on '${typeName}' is not a valid ${type}.`);
}

/** Every set of one company, seeded: vendors, their orders and receipts, the draft invoices with their lines. */
function seedCompany(company: DemoErpCompany, ordinal: number): Record<DemoErpSetName, StoredRecord[]> {
  const stored = (data: DemoErpRecord): StoredRecord => ({ data, version: 1 });
  const vendors = company.vendors.map((vendor) =>
    stored({
      id: vendor.systemId,
      number: vendor.number,
      displayName: vendor.name,
      addressLine1: vendor.address[0] ?? '',
      city: vendor.address[1] ?? '',
      country: vendor.address[2] ?? '',
      contact: vendor.contact,
      currencyCode: company.currencyCode,
      paymentTerms: vendor.paymentTerms,
      blocked: ' ',
      lastModifiedDateTime: SEEDED_AT,
    }),
  );
  const vendorOf = (invoice: DemoPurchaseInvoice): DemoErpRecord => {
    const vendor = vendors.find((v) => v.data.number === invoice.vendor);
    if (vendor === undefined) throw new Error(`The demo ERP has no vendor ${invoice.vendor} in ${company.name}`);
    return vendor.data;
  };
  const orders: StoredRecord[] = [];
  const receipts: StoredRecord[] = [];
  const invoices: StoredRecord[] = [];
  const lines: StoredRecord[] = [];
  company.purchaseInvoices.forEach((invoice, index) => {
    const vendor = vendorOf(invoice);
    const invoiceLines = demoInvoiceLines(invoice.seed, invoice.pages);
    const totals = demoInvoiceTotals(invoiceLines);
    const orderId = seededGuid(0x0de0, ordinal, index + 1);
    orders.push(
      stored({
        id: orderId,
        number: invoice.orderNumber,
        orderDate: invoice.postingDate.slice(0, 8) + '01',
        vendorId: vendor.id,
        vendorNumber: vendor.number,
        vendorName: vendor.displayName,
        currencyCode: invoice.currencyCode ?? company.currencyCode,
        totalAmountIncludingTax: money(totals.totalCents),
        status: 'Released',
        fullyReceived: true,
        lastModifiedDateTime: SEEDED_AT,
      }),
    );
    // Two deliveries for the longer invoices, one for the others: related records come in several.
    const deliveries = invoice.pages >= 4 ? 2 : 1;
    for (let d = 0; d < deliveries; d++) {
      receipts.push(
        stored({
          id: seededGuid(0x4ece, ordinal, (index + 1) * 10 + d),
          number: `${Number(invoice.orderNumber) + 1000}${deliveries > 1 ? `-${d + 1}` : ''}`,
          postingDate: invoice.postingDate,
          orderId,
          orderNumber: invoice.orderNumber,
          vendorId: vendor.id,
          vendorNumber: vendor.number,
          vendorName: vendor.displayName,
          lastModifiedDateTime: SEEDED_AT,
        }),
      );
    }
    invoices.push(
      stored({
        id: invoice.systemId,
        number: invoice.number,
        invoiceDate: invoice.postingDate,
        postingDate: invoice.postingDate,
        dueDate: invoice.dueDate,
        pmtDiscountDate: invoice.pmtDiscountDate === 'today' ? new Date().toISOString().slice(0, 10) : (invoice.pmtDiscountDate ?? null),
        vendorInvoiceNumber: invoice.vendorInvoiceNo,
        vendorId: vendor.id,
        vendorNumber: vendor.number,
        vendorName: vendor.displayName,
        orderId,
        orderNumber: invoice.orderNumber,
        currencyCode: invoice.currencyCode ?? company.currencyCode,
        totalAmountExcludingTax: money(totals.subtotalCents),
        totalTaxAmount: money(totals.taxCents),
        totalAmountIncludingTax: money(totals.totalCents),
        status: 'Draft',
        lastModifiedDateTime: SEEDED_AT,
      }),
    );
    invoiceLines.forEach((line, lineIndex) => {
      const amount = line.amountCents;
      lines.push(
        stored({
          id: seededGuid(0x11e0, ordinal, (index + 1) * 1000 + lineIndex),
          documentId: invoice.systemId,
          sequence: line.no * 1000,
          lineType: 'Item',
          description: line.item,
          unitOfMeasureCode: line.unit,
          quantity: line.quantity,
          directUnitCost: money(line.unitCents),
          amountExcludingTax: money(amount),
          taxPercent: DEMO_TAX_RATE_PERCENT,
          amountIncludingTax: money(amount + Math.round((amount * DEMO_TAX_RATE_PERCENT) / 100)),
        }),
      );
    });
  });
  return {
    vendors,
    purchaseInvoices: invoices,
    purchaseInvoiceLines: lines,
    purchaseOrders: orders,
    purchaseReceipts: receipts,
    postedPurchaseInvoices: [],
    // BC answers companyInformation as a set of one record: the company's own.
    companyInformation: [
      stored({
        id: company.id,
        displayName: company.displayName,
        country: company.currencyCode === 'CAD' ? 'CA' : 'US',
        currencyCode: company.currencyCode,
        currentFiscalYearStartDate: '2025-01-01',
        lastModifiedDateTime: SEEDED_AT,
      }),
    ],
    currencyExchangeRates: company.exchangeRates.map((rate, index) =>
      stored({
        id: seededGuid(0xf0e0, ordinal, index + 1),
        currencyCode: rate.currencyCode,
        startingDate: rate.startingDate,
        exchangeRateAmount: rate.exchangeRateAmount,
        relationalCurrencyCode: rate.relationalCurrencyCode ?? '',
        relationalExchangeRateAmount: rate.relationalExchangeRateAmount,
        lastModifiedDateTime: SEEDED_AT,
      }),
    ),
  };
}
