import { DemoErpStore } from './DemoErpStore';

describe('the demo ERP store', () => {
  it('adds a line to a draft purchase invoice and sums its totals again, tax at the demo rate; a posted invoice takes none', () => {
    const store = new DemoErpStore();
    const company = store.listCompanies().find((candidate) => candidate.name === 'CRONUS');
    if (company === undefined) throw new Error('The demo ERP has no CRONUS.');
    const companyId = String(company.id);
    const { record } = store.createPurchaseInvoice(companyId, { vendorNumber: 'V10000', vendorInvoiceNumber: 'LINE-1' });
    const invoiceId = String(record.id);
    expect(record.totalAmountIncludingTax).toBe(0);

    store.addPurchaseInvoiceLine(companyId, invoiceId, { description: 'Toner', quantity: 3, directUnitCost: 10.5 });
    const { record: twice } = store.addPurchaseInvoiceLine(companyId, invoiceId, { description: 'Paper', quantity: 2, directUnitCost: 4 });
    const lines = (store.list(companyId, 'purchaseInvoiceLines') ?? [])
      .map((line) => line.record)
      .filter((line) => line.documentId === invoiceId);
    expect(lines.map((line) => [line.description, line.sequence, line.amountExcludingTax])).toEqual([
      ['Toner', 1000, 31.5],
      ['Paper', 2000, 8],
    ]);
    expect(twice.totalAmountExcludingTax).toBe(39.5);
    const tax = Number(twice.totalTaxAmount);
    expect(tax).toBeGreaterThan(0);
    expect(twice.totalAmountIncludingTax).toBeCloseTo(39.5 + tax, 2);
    // Listed with the new totals, as the server's facts read them.
    const listed = (store.list(companyId, 'purchaseInvoices') ?? []).find((entry) => entry.record.id === invoiceId);
    expect(listed?.record.totalAmountIncludingTax).toBe(twice.totalAmountIncludingTax);

    store.setApprovalStatus(companyId, invoiceId, 'Approved');
    store.postPurchaseInvoice(companyId, invoiceId);
    expect(() => store.addPurchaseInvoiceLine(companyId, invoiceId, { description: 'More', quantity: 1, directUnitCost: 1 })).toThrow(
      'Lines are added to draft purchase invoices only.',
    );
  });
});
