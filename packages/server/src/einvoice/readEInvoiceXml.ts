import type { EInvoice, EInvoiceLine, EInvoiceParty, EInvoiceVat } from './EInvoice';
import { EInvoiceError } from './EInvoiceError';
import { parseXmlTree } from './parseXmlTree';
import type { XmlElement } from './XmlElement';
import { allAt, firstAt, textAt } from './xmlPath';
import type { XmlStep } from './xmlPath';

/** Namespace URIs of the syntaxes (UBL 2.1, UN/CEFACT CII D16B as EN 16931 binds them). */
export const EINVOICE_NAMESPACES = {
  ublInvoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ublCreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

const N = EINVOICE_NAMESPACES;
const cbc = (name: string): XmlStep => [N.cbc, name];
const cac = (name: string): XmlStep => [N.cac, name];
const ram = (name: string): XmlStep => [N.ram, name];
const rsm = (name: string): XmlStep => [N.rsm, name];

/** Largest XML read (no real invoice comes near it; a bigger file is not parsed at all). */
export const MAX_EINVOICE_BYTES = 20 * 1024 * 1024;

const AMOUNT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A decimal amount as written (trimmed); EInvoiceError when it is not a number. */
function amountOf(value: string | null, what: string): string | null {
  if (value === null) return null;
  if (!AMOUNT.test(value)) throw new EInvoiceError(`The ${what} '${value}' is not a decimal number.`);
  return value;
}

function checkedDate(year: string, month: string, day: string, raw: string, what: string): string {
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new EInvoiceError(`The ${what} '${raw}' is not a calendar date.`);
  }
  return date;
}

/** A UBL date (xs:date, YYYY-MM-DD, a time zone suffix allowed) as YYYY-MM-DD. */
function ublDate(value: string | null, what: string): string | null {
  if (value === null) return null;
  const match = ISO_DATE.exec(value.slice(0, 10));
  if (match === null || !/^(Z|[+-]\d{2}:\d{2})?$/.test(value.slice(10)))
    throw new EInvoiceError(`The ${what} '${value}' is not a date (YYYY-MM-DD).`);
  return checkedDate(match[1], match[2], match[3], value, what);
}

/** A CII udt:DateTimeString in format 102 (CCYYMMDD, the only format EN 16931 allows) as YYYY-MM-DD. */
function ciiDate(element: XmlElement | null, what: string): string | null {
  const string = firstAt(element, [N.udt, 'DateTimeString']);
  if (string === null || string.text === '') return null;
  const format = string.attributes.format ?? '102';
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(string.text);
  if (format !== '102' || match === null) throw new EInvoiceError(`The ${what} '${string.text}' is not a date in format 102 (CCYYMMDD).`);
  return checkedDate(match[1], match[2], match[3], string.text, what);
}

function required<T>(value: T | null, message: string): T {
  if (value === null) throw new EInvoiceError(message);
  return value;
}

function currencyOf(value: string | null): string {
  const code = required(value, 'The e-invoice names no invoice currency (BT-5).');
  if (!/^[A-Z]{3}$/.test(code)) throw new EInvoiceError(`The invoice currency '${code}' is not an ISO 4217 code.`);
  return code;
}

function joinLines(values: (string | null)[]): string[] {
  return values.filter((value): value is string => value !== null && value !== '');
}

// ---- UBL 2.1 (PEPPOL BIS Billing 3.0, XRechnung UBL) ----

function ublParty(party: XmlElement | null): EInvoiceParty {
  const schemes = allAt(party, cac('PartyTaxScheme'));
  // BT-31/BT-48 is the scheme 'VAT'; any other (BT-32, the seller's tax registration) only when no VAT id is given.
  const vat = schemes.find((scheme) => textAt(scheme, cac('TaxScheme'), cbc('ID')) === 'VAT') ?? schemes[0] ?? null;
  const address = firstAt(party, cac('PostalAddress'));
  const cityLine = [textAt(address, cbc('PostalZone')), textAt(address, cbc('CityName'))].filter((part) => part !== null).join(' ');
  return {
    name: textAt(party, cac('PartyLegalEntity'), cbc('RegistrationName')) ?? textAt(party, cac('PartyName'), cbc('Name')),
    address: joinLines([
      textAt(address, cbc('StreetName')),
      textAt(address, cbc('AdditionalStreetName')),
      cityLine,
      textAt(address, cac('Country'), cbc('IdentificationCode')),
    ]),
    taxId: textAt(vat, cbc('CompanyID')),
  };
}

function readUbl(root: XmlElement, isCreditNote: boolean): EInvoice {
  // The facts every e-invoice has are checked in the order EN 16931 numbers them (BT-1, BT-2, BT-5).
  const invoiceNumber = required(textAt(root, cbc('ID')), 'The e-invoice has no invoice number (BT-1).');
  const invoiceDate = required(ublDate(textAt(root, cbc('IssueDate')), 'invoice date'), 'The e-invoice has no invoice date (BT-2).');
  const currency = currencyOf(textAt(root, cbc('DocumentCurrencyCode')));
  const totals = firstAt(root, cac('LegalMonetaryTotal'));
  // BT-110 is the TaxTotal in the invoice currency; a second TaxTotal may give it in the VAT accounting currency (BT-111).
  const taxTotals = allAt(root, cac('TaxTotal'));
  const taxTotal = taxTotals.find((total) => firstAt(total, cbc('TaxAmount'))?.attributes.currencyID === currency) ?? taxTotals[0] ?? null;
  const paymentMeans = allAt(root, cac('PaymentMeans'));
  const account = paymentMeans.map((means) => textAt(means, cac('PayeeFinancialAccount'), cbc('ID'))).find((id) => id !== null) ?? null;
  const lineTag = isCreditNote ? 'CreditNoteLine' : 'InvoiceLine';
  const quantityTag = isCreditNote ? 'CreditedQuantity' : 'InvoicedQuantity';
  const lines: EInvoiceLine[] = allAt(root, cac(lineTag)).map((line) => {
    const quantity = firstAt(line, cbc(quantityTag));
    return {
      id: textAt(line, cbc('ID')) ?? '',
      name: textAt(line, cac('Item'), cbc('Name')) ?? textAt(line, cac('Item'), cbc('Description')) ?? '',
      quantity: amountOf(quantity?.text || null, 'line quantity'),
      unitCode: quantity?.attributes.unitCode ?? null,
      price: amountOf(textAt(line, cac('Price'), cbc('PriceAmount')), 'line price'),
      vatPercent: textAt(line, cac('Item'), cac('ClassifiedTaxCategory'), cbc('Percent')),
      amount: amountOf(textAt(line, cbc('LineExtensionAmount')), 'line amount'),
    };
  });
  const vat: EInvoiceVat[] = allAt(taxTotal, cac('TaxSubtotal')).map((subtotal) => ({
    category: textAt(subtotal, cac('TaxCategory'), cbc('ID')),
    percent: textAt(subtotal, cac('TaxCategory'), cbc('Percent')),
    taxable: amountOf(textAt(subtotal, cbc('TaxableAmount')), 'VAT category taxable amount'),
    tax: amountOf(textAt(subtotal, cbc('TaxAmount')), 'VAT category tax amount'),
  }));
  // BT-9: cbc:DueDate on an Invoice; a UBL CreditNote has none at its root and carries it as the payment means' due date.
  const due =
    textAt(root, cbc('DueDate')) ?? paymentMeans.map((means) => textAt(means, cbc('PaymentDueDate'))).find((date) => date !== null) ?? null;
  return {
    syntax: isCreditNote ? 'UBL CreditNote' : 'UBL Invoice',
    specification: textAt(root, cbc('CustomizationID')),
    typeCode: textAt(root, cbc(isCreditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode')),
    isCreditNote: isCreditNote || textAt(root, cbc('InvoiceTypeCode')) === '381',
    invoiceNumber,
    invoiceDate,
    dueDate: ublDate(due, 'due date'),
    currency,
    seller: ublParty(firstAt(root, cac('AccountingSupplierParty'), cac('Party'))),
    buyer: ublParty(firstAt(root, cac('AccountingCustomerParty'), cac('Party'))),
    vendorIban: account,
    poNumber: textAt(root, cac('OrderReference'), cbc('ID')),
    buyerReference: textAt(root, cbc('BuyerReference')),
    paymentTerms: textAt(root, cac('PaymentTerms'), cbc('Note')),
    lineTotal: amountOf(textAt(totals, cbc('LineExtensionAmount')), 'sum of line amounts'),
    netAmount: amountOf(textAt(totals, cbc('TaxExclusiveAmount')), 'total without VAT'),
    taxAmount: amountOf(textAt(taxTotal, cbc('TaxAmount')), 'total VAT amount'),
    totalAmount: required(
      amountOf(textAt(totals, cbc('TaxInclusiveAmount')), 'total with VAT'),
      'The e-invoice has no invoice total with VAT (BT-112).',
    ),
    prepaidAmount: amountOf(textAt(totals, cbc('PrepaidAmount')), 'paid amount'),
    payableAmount: amountOf(textAt(totals, cbc('PayableAmount')), 'amount due'),
    lines,
    vat,
  };
}

// ---- UN/CEFACT CII D16B (XRechnung CII, Factur-X / ZUGFeRD) ----

function ciiParty(party: XmlElement | null): EInvoiceParty {
  const registrations = allAt(party, ram('SpecifiedTaxRegistration'));
  // schemeID 'VA' is the VAT id (BT-31/BT-48), 'FC' the tax number (BT-32): the VAT id first.
  const vat =
    registrations.find((registration) => firstAt(registration, ram('ID'))?.attributes.schemeID === 'VA') ?? registrations[0] ?? null;
  const address = firstAt(party, ram('PostalTradeAddress'));
  const cityLine = [textAt(address, ram('PostcodeCode')), textAt(address, ram('CityName'))].filter((part) => part !== null).join(' ');
  return {
    name: textAt(party, ram('Name')),
    address: joinLines([textAt(address, ram('LineOne')), textAt(address, ram('LineTwo')), cityLine, textAt(address, ram('CountryID'))]),
    taxId: textAt(vat, ram('ID')),
  };
}

function readCii(root: XmlElement): EInvoice {
  const document = firstAt(root, rsm('ExchangedDocument'));
  const transaction = firstAt(root, rsm('SupplyChainTradeTransaction'));
  const agreement = firstAt(transaction, ram('ApplicableHeaderTradeAgreement'));
  const settlement = firstAt(transaction, ram('ApplicableHeaderTradeSettlement'));
  const totals = firstAt(settlement, ram('SpecifiedTradeSettlementHeaderMonetarySummation'));
  const invoiceNumber = required(textAt(document, ram('ID')), 'The e-invoice has no invoice number (BT-1).');
  const invoiceDate = required(
    ciiDate(firstAt(document, ram('IssueDateTime')), 'invoice date'),
    'The e-invoice has no invoice date (BT-2).',
  );
  const currency = currencyOf(textAt(settlement, ram('InvoiceCurrencyCode')));
  // BT-110 is the TaxTotalAmount in the invoice currency (another may give BT-111 in the VAT accounting currency).
  const taxTotals = allAt(totals, ram('TaxTotalAmount'));
  const taxTotal = taxTotals.find((total) => (total.attributes.currencyID ?? currency) === currency) ?? null;
  const typeCode = textAt(document, ram('TypeCode'));
  const account = allAt(settlement, ram('SpecifiedTradeSettlementPaymentMeans'))
    .map((means) => textAt(means, ram('PayeePartyCreditorFinancialAccount'), ram('IBANID')))
    .find((iban) => iban !== null);
  const terms = allAt(settlement, ram('SpecifiedTradePaymentTerms'));
  const due = terms.map((term) => firstAt(term, ram('DueDateDateTime'))).find((date) => date !== null) ?? null;
  const lines: EInvoiceLine[] = allAt(transaction, ram('IncludedSupplyChainTradeLineItem')).map((line) => {
    const quantity = firstAt(line, ram('SpecifiedLineTradeDelivery'), ram('BilledQuantity'));
    const lineSettlement = firstAt(line, ram('SpecifiedLineTradeSettlement'));
    return {
      id: textAt(line, ram('AssociatedDocumentLineDocument'), ram('LineID')) ?? '',
      name: textAt(line, ram('SpecifiedTradeProduct'), ram('Name')) ?? '',
      quantity: amountOf(quantity?.text || null, 'line quantity'),
      unitCode: quantity?.attributes.unitCode ?? null,
      price: amountOf(
        textAt(line, ram('SpecifiedLineTradeAgreement'), ram('NetPriceProductTradePrice'), ram('ChargeAmount')),
        'line price',
      ),
      vatPercent: textAt(lineSettlement, ram('ApplicableTradeTax'), ram('RateApplicablePercent')),
      amount: amountOf(textAt(lineSettlement, ram('SpecifiedTradeSettlementLineMonetarySummation'), ram('LineTotalAmount')), 'line amount'),
    };
  });
  const vat: EInvoiceVat[] = allAt(settlement, ram('ApplicableTradeTax')).map((tax) => ({
    category: textAt(tax, ram('CategoryCode')),
    percent: textAt(tax, ram('RateApplicablePercent')),
    taxable: amountOf(textAt(tax, ram('BasisAmount')), 'VAT category taxable amount'),
    tax: amountOf(textAt(tax, ram('CalculatedAmount')), 'VAT category tax amount'),
  }));
  return {
    syntax: 'CII',
    specification: textAt(root, rsm('ExchangedDocumentContext'), ram('GuidelineSpecifiedDocumentContextParameter'), ram('ID')),
    typeCode,
    isCreditNote: typeCode === '381',
    invoiceNumber,
    invoiceDate,
    dueDate: ciiDate(due, 'due date'),
    currency,
    seller: ciiParty(firstAt(agreement, ram('SellerTradeParty'))),
    buyer: ciiParty(firstAt(agreement, ram('BuyerTradeParty'))),
    vendorIban: account ?? null,
    poNumber: textAt(agreement, ram('BuyerOrderReferencedDocument'), ram('IssuerAssignedID')),
    buyerReference: textAt(agreement, ram('BuyerReference')),
    paymentTerms: terms.map((term) => textAt(term, ram('Description'))).find((text) => text !== null) ?? null,
    lineTotal: amountOf(textAt(totals, ram('LineTotalAmount')), 'sum of line amounts'),
    netAmount: amountOf(textAt(totals, ram('TaxBasisTotalAmount')), 'total without VAT'),
    taxAmount: amountOf(taxTotal === null || taxTotal.text === '' ? null : taxTotal.text, 'total VAT amount'),
    totalAmount: required(
      amountOf(textAt(totals, ram('GrandTotalAmount')), 'total with VAT'),
      'The e-invoice has no invoice total with VAT (BT-112).',
    ),
    prepaidAmount: amountOf(textAt(totals, ram('TotalPrepaidAmount')), 'paid amount'),
    payableAmount: amountOf(textAt(totals, ram('DuePayableAmount')), 'amount due'),
    lines,
    vat,
  };
}

/** True when `root` is the root element of an e-invoice syntax this reader knows. */
function syntaxOf(root: XmlElement): 'ublInvoice' | 'ublCreditNote' | 'cii' | null {
  if (root.namespace === N.ublInvoice && root.name === 'Invoice') return 'ublInvoice';
  if (root.namespace === N.ublCreditNote && root.name === 'CreditNote') return 'ublCreditNote';
  if (root.namespace === N.rsm && root.name === 'CrossIndustryInvoice') return 'cii';
  return null;
}

/**
 * Reads an EN 16931 e-invoice exactly: a UBL 2.1 Invoice or CreditNote (PEPPOL BIS Billing 3.0,
 * XRechnung UBL) or a UN/CEFACT CII CrossIndustryInvoice (XRechnung CII, Factur-X / ZUGFeRD),
 * elements found by namespace URI and local name. EInvoiceError in words for XML that is not
 * well-formed, not an e-invoice, or lacks a fact every e-invoice must have (BT-1, BT-2, BT-5, BT-112).
 */
export function readEInvoiceXml(bytes: Buffer): EInvoice {
  if (bytes.length > MAX_EINVOICE_BYTES) throw new EInvoiceError('The e-invoice is larger than 20 MB and was not read.');
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  const root = parseXmlTree(text);
  const syntax = syntaxOf(root);
  if (syntax === null) {
    throw new EInvoiceError(
      `The XML is not an e-invoice: its root element is '${root.name}'${root.namespace === '' ? '' : ` in ${root.namespace}`}, not a UBL Invoice or CreditNote or a CII CrossIndustryInvoice.`,
    );
  }
  return syntax === 'cii' ? readCii(root) : readUbl(root, syntax === 'ublCreditNote');
}
