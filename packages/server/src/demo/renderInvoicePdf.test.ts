import { demoDocuments, demoVendor } from './demoWorld';
import { renderInvoicePdf } from './renderInvoicePdf';
import { pdfTextItems, type PdfTextItem } from './test/pdfTextItems';

/** Runs of text on one line (the same baseline) whose boxes overlap side by side, as "left | right". */
function overlapsOnLines(items: readonly PdfTextItem[]): string[] {
  const lines = new Map<number, PdfTextItem[]>();
  for (const item of items) {
    const baseline = Math.round(item.y);
    lines.set(baseline, [...(lines.get(baseline) ?? []), item]);
  }
  const overlaps: string[] = [];
  for (const line of lines.values()) {
    const sorted = [...line].sort((a, b) => a.x - b.x);
    for (let index = 1; index < sorted.length; index++) {
      const [left, right] = [sorted[index - 1], sorted[index]];
      // At least a space's width (9 pt Helvetica: 2.5 pt) between two columns.
      if (left.x + left.width + 2 > right.x) overlaps.push(`${left.text} | ${right.text}`);
    }
  }
  return overlaps;
}

describe('the demo invoice PDF', () => {
  it('prints every column of every demo invoice apart: no two texts on a line overlap (positions read back with pdf.js)', async () => {
    const invoices = demoDocuments().flatMap((document) => (document.content.kind === 'invoicePdf' ? [document.content.invoice] : []));
    expect(invoices.length).toBeGreaterThan(0);
    const overlaps: string[] = [];
    for (const invoice of invoices) {
      const pages = await pdfTextItems(await renderInvoicePdf(invoice, demoVendor(invoice.vendor)));
      pages.forEach((items, index) => {
        for (const overlap of overlapsOnLines(items)) overlaps.push(`${invoice.invoiceNo} page ${index + 1}: ${overlap}`);
      });
      // The table's header and a line's price and amount are there to be read.
      const words = pages.flat().map((item) => item.text);
      expect(words).toEqual(expect.arrayContaining(['Unit price', 'Amount (USD)']));
    }
    expect(overlaps).toEqual([]);
  });
});
