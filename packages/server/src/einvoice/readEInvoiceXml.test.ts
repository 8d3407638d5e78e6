import { EINVOICE_FIXTURES, fixtureBytes } from './test/einvoiceFixtures';
import { EInvoiceError } from './EInvoiceError';
import { readEInvoiceXml } from './readEInvoiceXml';

const UBL_HEAD =
  '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">';

function readingError(xml: string): string {
  try {
    readEInvoiceXml(Buffer.from(xml));
  } catch (error) {
    if (error instanceof EInvoiceError) return error.message;
    throw error;
  }
  throw new Error('The XML was read.');
}

describe('readEInvoiceXml', () => {
  it.each(EINVOICE_FIXTURES.map((fixture) => [fixture.file, fixture] as const))('%s: every fact exact', (_file, fixture) => {
    const invoice = readEInvoiceXml(fixtureBytes(fixture.file));
    expect(invoice.syntax).toBe(fixture.syntax);
    expect({
      vendorName: invoice.seller.name,
      vendorTaxId: invoice.seller.taxId,
      vendorIban: invoice.vendorIban,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      currency: invoice.currency,
      totalAmount: Number(invoice.totalAmount),
      netAmount: Number(invoice.netAmount),
      taxAmount: Number(invoice.taxAmount),
      poNumber: invoice.poNumber,
    }).toEqual(fixture.fields);
    expect(invoice.lines.map((line) => line.name)).toEqual(fixture.lineNames);
  });

  it('keeps amounts as the XML writes them and reads the VAT breakdown, lines and amount due', () => {
    const invoice = readEInvoiceXml(fixtureBytes('cii-invoice.xml'));
    expect(invoice.vat).toEqual([
      { category: 'S', percent: '20', taxable: '298.50', tax: '59.70' },
      { category: 'S', percent: '5.5', taxable: '76.00', tax: '4.18' },
    ]);
    expect(invoice.lines[1]).toEqual({
      id: '2',
      name: 'Classeur à levier, dos 75 mm',
      quantity: '30',
      unitCode: 'H87',
      price: '2.95',
      vatPercent: '20',
      amount: '88.50',
    });
    const prepaid = readEInvoiceXml(fixtureBytes('ubl-invoice.xml'));
    expect([prepaid.totalAmount, prepaid.prepaidAmount, prepaid.payableAmount]).toEqual(['794.49', '100.00', '694.49']);
    expect(readEInvoiceXml(fixtureBytes('ubl-credit-note.xml')).isCreditNote).toBe(true);
  });

  it('BT-110 is the tax total in the invoice currency, not the one in the VAT accounting currency', () => {
    const xml = `${UBL_HEAD}<cbc:ID>1</cbc:ID><cbc:IssueDate>2026-01-02</cbc:IssueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
      <cac:TaxTotal><cbc:TaxAmount currencyID="SEK">2200.00</cbc:TaxAmount></cac:TaxTotal>
      <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">200.00</cbc:TaxAmount></cac:TaxTotal>
      <cac:LegalMonetaryTotal><cbc:TaxInclusiveAmount currencyID="EUR">1200.00</cbc:TaxInclusiveAmount></cac:LegalMonetaryTotal></Invoice>`;
    expect(readEInvoiceXml(Buffer.from(xml)).taxAmount).toBe('200.00');
  });

  it('refuses what is not a readable e-invoice, saying why', () => {
    expect(readingError(`${UBL_HEAD}<cbc:ID>1</cbc:ID>`)).toMatch(/^The XML is not well-formed: .+ \(line \d+\)\.$/);
    expect(readingError('<order xmlns="urn:example:orders"><id>7</id></order>')).toBe(
      "The XML is not an e-invoice: its root element is 'order' in urn:example:orders, not a UBL Invoice or CreditNote or a CII CrossIndustryInvoice.",
    );
    expect(readingError(`${UBL_HEAD}<cbc:IssueDate>2026-01-02</cbc:IssueDate></Invoice>`)).toBe(
      'The e-invoice has no invoice number (BT-1).',
    );
    expect(readingError(`${UBL_HEAD}<cbc:ID>1</cbc:ID><cbc:IssueDate>02.01.2026</cbc:IssueDate></Invoice>`)).toBe(
      "The invoice date '02.01.2026' is not a date (YYYY-MM-DD).",
    );
    expect(readingError(`${UBL_HEAD}<cbc:ID>1</cbc:ID><cbc:IssueDate>2026-02-30</cbc:IssueDate></Invoice>`)).toBe(
      "The invoice date '2026-02-30' is not a calendar date.",
    );
    expect(
      readingError(
        `${UBL_HEAD}<cbc:ID>1</cbc:ID><cbc:IssueDate>2026-01-02</cbc:IssueDate><cbc:DocumentCurrencyCode>Euro</cbc:DocumentCurrencyCode></Invoice>`,
      ),
    ).toBe("The invoice currency 'Euro' is not an ISO 4217 code.");
    expect(readingError('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')).toBe(
      'The XML has a DOCTYPE declaration, which no e-invoice syntax allows.',
    );
    const cii = fixtureBytes('xrechnung-cii.xml').toString('utf8').replace('>20261118<', ' >18.11.2026<');
    expect(readingError(cii)).toBe("The invoice date '18.11.2026' is not a date in format 102 (CCYYMMDD).");
  });

  it('finds elements by namespace URI, whatever their prefixes', () => {
    const renamed = fixtureBytes('cii-invoice.xml')
      .toString('utf8')
      .replace(/rsm:/g, 'inv:')
      .replace(/xmlns:rsm=/, 'xmlns:inv=')
      .replace(/ram:/g, 'r:')
      .replace(/xmlns:ram=/, 'xmlns:r=');
    expect(readEInvoiceXml(Buffer.from(renamed)).totalAmount).toBe('438.38');
    // The right local names in another namespace are not an e-invoice.
    const foreign = fixtureBytes('cii-invoice.xml').toString('utf8').replace('CrossIndustryInvoice:100"', 'CrossIndustryInvoice:99"');
    expect(readingError(foreign)).toMatch(/^The XML is not an e-invoice: its root element is 'CrossIndustryInvoice' in/);
  });
});
