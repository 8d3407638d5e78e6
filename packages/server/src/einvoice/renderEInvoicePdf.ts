import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import type { EInvoice, EInvoiceParty } from './EInvoice';

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const ROW = 14;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

/** Table columns of the lines: left edge, or right edge for the number columns. */
const COLUMNS = { id: MARGIN, name: MARGIN + 28, quantity: 340, unit: 346, price: 440, vat: 480, amount: PAGE[0] - MARGIN };

/**
 * The readable view of an e-invoice: an invoice page printed from its facts and lines (seller,
 * buyer, number, dates, references, lines, VAT breakdown, totals, payment), as many A4 pages as
 * the lines take, in the standard Helvetica fonts (what WinAnsi lacks prints as '?'). Amounts are
 * printed as the XML states them. Deterministic (no dates in the metadata), so the same XML
 * always gives the same bytes. The XML stays the legal invoice; the footer says so.
 */
export async function renderEInvoicePdf(invoice: EInvoice): Promise<{ data: Buffer; pages: number }> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Set(regular.getCharacterSet());
  const title = invoice.isCreditNote ? 'Credit note' : 'Invoice';
  pdf.setTitle(`${title} ${invoice.invoiceNumber}`);
  pdf.setCreator('Datahaven Documents');
  pdf.setProducer('Datahaven Documents');

  const printable = (text: string): string => {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      out += code < 0x20 ? ' ' : encodable.has(code) ? char : '?';
    }
    return out;
  };
  const fit = (text: string, width: number, size: number, font: PDFFont): string => {
    let value = printable(text);
    while (value.length > 1 && font.widthOfTextAtSize(value, size) > width) value = `${value.slice(0, -2)}…`.replace(/……$/, '…');
    return value;
  };
  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const write = (text: string, x: number, size = 9, font: PDFFont = regular, width = PAGE[0] - MARGIN - x): void => {
    page.drawText(fit(text, width, size, font), { x, y, size, font, color: INK });
  };
  const right = (text: string, xRight: number, size = 9, font: PDFFont = regular): void => {
    const value = printable(text);
    page.drawText(value, { x: xRight - font.widthOfTextAtSize(value, size), y, size, font, color: INK });
  };
  const newPageIfBelow = (room: number): void => {
    if (y - room > MARGIN + 24) return;
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN;
    write(`${title} ${invoice.invoiceNumber} (continued)`, MARGIN, 10, bold);
    y -= 2 * ROW;
  };

  write(invoice.seller.name ?? '', MARGIN, 16, bold, 330);
  right(title.toUpperCase(), PAGE[0] - MARGIN, 18, bold);
  y -= 2 * ROW;
  const party = (label: string, value: EInvoiceParty, x: number): number => {
    let lineY = y;
    page.drawText(printable(label), { x, y: lineY, size: 8, font: bold, color: MUTED });
    const lines = [value.name ?? '', ...value.address, value.taxId === null ? '' : `VAT ID ${value.taxId}`].filter((line) => line !== '');
    for (const line of lines) {
      lineY -= ROW - 2;
      page.drawText(fit(line, 230, 9, regular), { x, y: lineY, size: 9, font: regular, color: INK });
    }
    return lines.length;
  };
  const partyRows = Math.max(party('SELLER', invoice.seller, MARGIN), party('BUYER', invoice.buyer, 310));
  y -= (partyRows + 2) * (ROW - 2);

  const facts: [string, string | null][] = [
    [`${title} number`, invoice.invoiceNumber],
    [`${title} date`, invoice.invoiceDate],
    ['Due date', invoice.dueDate],
    ['Currency', invoice.currency],
    ['Purchase order', invoice.poNumber],
    ['Buyer reference', invoice.buyerReference],
  ];
  for (const [label, value] of facts) {
    if (value === null) continue;
    write(label, MARGIN, 9, bold);
    write(value, MARGIN + 110);
    y -= ROW;
  }
  y -= ROW;

  const header = (): void => {
    page.drawRectangle({ x: MARGIN - 4, y: y - 4, width: PAGE[0] - 2 * MARGIN + 8, height: ROW + 2, color: rgb(0.91, 0.92, 0.95) });
    write('#', COLUMNS.id, 9, bold);
    write('Description', COLUMNS.name, 9, bold);
    right('Qty', COLUMNS.quantity, 9, bold);
    write('Unit', COLUMNS.unit, 9, bold);
    right('Price', COLUMNS.price, 9, bold);
    right('VAT %', COLUMNS.vat, 9, bold);
    right(`Amount (${invoice.currency})`, COLUMNS.amount, 9, bold);
    y -= ROW + 4;
  };
  header();
  for (const line of invoice.lines) {
    if (y - ROW <= MARGIN + 24) {
      newPageIfBelow(ROW * 2);
      header();
    }
    write(line.id, COLUMNS.id, 9, regular, COLUMNS.name - COLUMNS.id - 4);
    write(line.name, COLUMNS.name, 9, regular, COLUMNS.quantity - COLUMNS.name - 40);
    right(line.quantity ?? '', COLUMNS.quantity);
    write(line.unitCode ?? '', COLUMNS.unit, 9, regular, 40);
    right(line.price ?? '', COLUMNS.price);
    right(line.vatPercent ?? '', COLUMNS.vat);
    right(line.amount ?? '', COLUMNS.amount);
    y -= ROW;
  }
  y -= ROW;

  newPageIfBelow(ROW * (invoice.vat.length + 3));
  write('VAT breakdown', MARGIN, 10, bold);
  y -= ROW;
  write('Category', MARGIN, 9, bold);
  right('Rate %', 200, 9, bold);
  right('Taxable amount', 320, 9, bold);
  right('VAT amount', 420, 9, bold);
  y -= ROW;
  for (const row of invoice.vat) {
    write(row.category ?? '', MARGIN);
    right(row.percent ?? '', 200);
    right(row.taxable ?? '', 320);
    right(row.tax ?? '', 420);
    y -= ROW;
  }
  y -= ROW;

  const totals: [string, string | null, boolean][] = [
    ['Sum of lines', invoice.lineTotal, false],
    ['Total without VAT', invoice.netAmount, false],
    ['VAT', invoice.taxAmount, false],
    ['Total with VAT', invoice.totalAmount, true],
    ['Paid in advance', invoice.prepaidAmount, false],
    ['Amount due', invoice.payableAmount, true],
  ];
  newPageIfBelow(ROW * (totals.length + 4));
  for (const [label, value, strong] of totals) {
    if (value === null) continue;
    write(label, 330, 9, strong ? bold : regular);
    right(`${value} ${invoice.currency}`, COLUMNS.amount, 9, strong ? bold : regular);
    y -= ROW;
  }
  y -= ROW;
  if (invoice.vendorIban !== null || invoice.paymentTerms !== null) {
    write('Payment', MARGIN, 10, bold);
    y -= ROW;
    if (invoice.vendorIban !== null) {
      write(`IBAN ${invoice.vendorIban}`, MARGIN);
      y -= ROW;
    }
    if (invoice.paymentTerms !== null) write(invoice.paymentTerms, MARGIN);
  }

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const note = `Readable view of the ${invoice.syntax} e-invoice${invoice.specification === null ? '' : ` (${invoice.specification})`}; the XML is the invoice. Page ${index + 1} of ${pages.length}`;
    each.drawText(fit(note, PAGE[0] - 2 * MARGIN, 7, regular), { x: MARGIN, y: MARGIN - 20, size: 7, font: regular, color: MUTED });
  });
  return { data: Buffer.from(await pdf.save()), pages: pages.length };
}
