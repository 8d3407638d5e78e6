/*
 * The line items of a demo purchase invoice, from its seed: the vendor's PDF (renderInvoicePdf)
 * prints them and the demo ERP serves them as purchaseInvoiceLines, so both tell the same amounts.
 */

/** The sales tax every demo invoice charges. */
export const DEMO_TAX_RATE_PERCENT = 8;

/** Rows of the line table on the PDF's first, middle and last page (the last keeps room for the totals). */
export const FIRST_PAGE_ROWS = 18;
/** See FIRST_PAGE_ROWS. */
export const MIDDLE_PAGE_ROWS = 34;
/** See FIRST_PAGE_ROWS. */
export const LAST_PAGE_ROWS = 12;

const CATALOG: readonly { item: string; unit: string; minCents: number; maxCents: number }[] = [
  { item: 'Copy paper A4, 80 g, box of 5 reams', unit: 'BOX', minCents: 2_450, maxCents: 3_200 },
  { item: 'Steel shelving unit 180 x 90 cm', unit: 'PCS', minCents: 11_900, maxCents: 16_500 },
  { item: 'Pallet of corrugated boxes, 40 x 30 x 30', unit: 'PAL', minCents: 18_000, maxCents: 26_000 },
  { item: 'Safety gloves, nitrile, size L', unit: 'PACK', minCents: 1_250, maxCents: 1_890 },
  { item: 'LED panel light 60 x 60, 40 W', unit: 'PCS', minCents: 4_990, maxCents: 7_400 },
  { item: 'Hex bolts M8 x 40, zinc plated (100)', unit: 'PACK', minCents: 890, maxCents: 1_450 },
  { item: 'Office chair, ergonomic, black', unit: 'PCS', minCents: 18_900, maxCents: 24_900 },
  { item: 'Toner cartridge, black, high yield', unit: 'PCS', minCents: 8_900, maxCents: 12_400 },
  { item: 'Stretch film 500 mm x 300 m', unit: 'ROLL', minCents: 1_690, maxCents: 2_290 },
  { item: 'Cable ties 300 mm, black (500)', unit: 'PACK', minCents: 1_150, maxCents: 1_690 },
  { item: 'Ring binders A4, 75 mm, assorted', unit: 'BOX', minCents: 2_100, maxCents: 2_950 },
  { item: 'Workbench, beech top, 200 cm', unit: 'PCS', minCents: 39_000, maxCents: 52_000 },
  { item: 'Freight and handling', unit: 'EA', minCents: 4_500, maxCents: 9_500 },
  { item: 'Labels 99 x 38 mm, laser (2,000)', unit: 'BOX', minCents: 1_990, maxCents: 2_790 },
  { item: 'Hand truck, 250 kg capacity', unit: 'PCS', minCents: 8_900, maxCents: 12_900 },
];

/** One invoice line, amounts in cents. */
export interface DemoInvoiceLine {
  no: number;
  item: string;
  unit: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/** A small linear congruential generator: the same seed gives the same invoice on every run. */
function generator(seed: number): () => number {
  let state = (seed * 2_654_435_761) >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

/** How many lines fill exactly `pages` pages, leaving room for the totals on the last one. */
export function invoiceLineCount(pages: number): number {
  if (pages < 2) return FIRST_PAGE_ROWS - 6;
  return FIRST_PAGE_ROWS + MIDDLE_PAGE_ROWS * (pages - 2) + LAST_PAGE_ROWS;
}

/** The lines of the invoice with this seed and page count; the same on every run. */
export function demoInvoiceLines(seed: number, pages: number): DemoInvoiceLine[] {
  const next = generator(seed);
  const lines: DemoInvoiceLine[] = [];
  for (let i = 0; i < invoiceLineCount(pages); i++) {
    const entry = CATALOG[Math.floor(next() * CATALOG.length)];
    const quantity = 1 + Math.floor(next() * 24);
    const unitCents = entry.minCents + Math.floor(next() * (entry.maxCents - entry.minCents));
    lines.push({ no: (i + 1) * 10, item: entry.item, unit: entry.unit, quantity, unitCents, amountCents: quantity * unitCents });
  }
  return lines;
}

/** Subtotal, tax and total of the lines, in cents, as the PDF prints them. */
export function demoInvoiceTotals(lines: readonly DemoInvoiceLine[]): { subtotalCents: number; taxCents: number; totalCents: number } {
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = Math.round((subtotalCents * DEMO_TAX_RATE_PERCENT) / 100);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}
