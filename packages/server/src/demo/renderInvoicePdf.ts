import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { DEMO_COMPANY_NAME, type DemoInvoiceContent, type DemoVendor } from './demoWorld';
import {
  DEMO_TAX_RATE_PERCENT as TAX_RATE_PERCENT,
  FIRST_PAGE_ROWS,
  LAST_PAGE_ROWS,
  MIDDLE_PAGE_ROWS,
  demoInvoiceLines,
  demoInvoiceTotals,
} from './demoErp/demoInvoiceLines';

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const ROW = 17;

/** 123456 → '1,234.56'. */
export function formatCents(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100).toString().padStart(2, '0')}`;
}

/**
 * A vendor's invoice as a PDF with real text (vendor, invoice number, dates, lines, totals,
 * payment terms), exactly `content.pages` pages long. Deterministic: fixed metadata dates and
 * seeded line items, so the same content always gives the same bytes (and the same sha256).
 */
export async function renderInvoicePdf(content: DemoInvoiceContent, vendor: DemoVendor): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const issued = new Date(`${content.date}T09:00:00Z`);
  doc.setTitle(`Invoice ${content.invoiceNo}`);
  doc.setAuthor(vendor.name);
  doc.setSubject(`Invoice ${content.invoiceNo} to ${DEMO_COMPANY_NAME}`);
  doc.setCreator('Datahaven Documents demo');
  doc.setProducer('Datahaven Documents demo');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  const lines = demoInvoiceLines(content.seed, content.pages);
  const text = (page: PDFPage, value: string, x: number, y: number, size = 9, font: PDFFont = regular): void => {
    page.drawText(value, { x, y, size, font, color: rgb(0.1, 0.1, 0.12) });
  };
  const right = (page: PDFPage, value: string, xRight: number, y: number, size = 9, font: PDFFont = regular): void => {
    text(page, value, xRight - font.widthOfTextAtSize(value, size), y, size, font);
  };
  // Right edges of the number columns (qty, price, amount) with room for the widest text between
  // them: "Amount (USD)" is ~60 pt wide, so the unit price ends well left of where it starts.
  const columns = { no: MARGIN, item: MARGIN + 40, qty: 350, unit: 362, price: 460, amount: PAGE[0] - MARGIN };
  const tableHeader = (page: PDFPage, y: number): void => {
    page.drawRectangle({ x: MARGIN - 4, y: y - 5, width: PAGE[0] - 2 * MARGIN + 8, height: 18, color: rgb(0.9, 0.92, 0.95) });
    text(page, 'Line', columns.no, y, 9, bold);
    text(page, 'Description', columns.item, y, 9, bold);
    right(page, 'Qty', columns.qty, y, 9, bold);
    text(page, 'Unit', columns.unit, y, 9, bold);
    right(page, 'Unit price', columns.price, y, 9, bold);
    right(page, 'Amount (USD)', columns.amount, y, 9, bold);
  };

  let lineIndex = 0;
  for (let pageNo = 1; pageNo <= content.pages; pageNo++) {
    const page = doc.addPage(PAGE);
    let y = PAGE[1] - MARGIN;
    text(page, vendor.name, MARGIN, y - 6, 20, bold);
    right(page, 'INVOICE', PAGE[0] - MARGIN, y - 6, 20, bold);
    y -= 30;
    if (pageNo === 1) {
      vendor.address.forEach((addressLine, i) => text(page, addressLine, MARGIN, y - i * 12));
      const facts: [string, string][] = [
        ['Invoice number', content.invoiceNo],
        ['Invoice date', content.date],
        ['Due date', content.dueDate],
        ['Your reference', content.reference],
        ['Vendor contact', vendor.contact],
      ];
      facts.forEach(([label, value], i) => {
        text(page, label, 340, y - i * 13, 9, bold);
        text(page, value, 440, y - i * 13);
      });
      y -= 80;
      text(page, 'Bill to', MARGIN, y, 9, bold);
      text(page, DEMO_COMPANY_NAME, MARGIN, y - 13);
      text(page, 'Accounts Payable, 5 The Ring', MARGIN, y - 25);
      text(page, 'London W2 8HG, United Kingdom', MARGIN, y - 37);
      y -= 70;
    } else {
      text(page, `Invoice ${content.invoiceNo} (continued)`, MARGIN, y, 10, bold);
      y -= 30;
    }
    tableHeader(page, y);
    y -= ROW + 4;
    const rows = pageNo === 1 ? FIRST_PAGE_ROWS : pageNo === content.pages ? LAST_PAGE_ROWS : MIDDLE_PAGE_ROWS;
    for (let r = 0; r < rows && lineIndex < lines.length; r++, lineIndex++) {
      const line = lines[lineIndex];
      text(page, String(line.no), columns.no, y);
      text(page, line.item, columns.item, y);
      right(page, String(line.quantity), columns.qty, y);
      text(page, line.unit, columns.unit, y);
      right(page, formatCents(line.unitCents), columns.price, y);
      right(page, formatCents(line.amountCents), columns.amount, y);
      y -= ROW;
    }
    if (pageNo === content.pages) {
      const { subtotalCents: subtotal, taxCents: tax } = demoInvoiceTotals(lines);
      y -= 10;
      page.drawLine({ start: { x: 340, y: y + 8 }, end: { x: PAGE[0] - MARGIN, y: y + 8 }, thickness: 0.8, color: rgb(0.3, 0.3, 0.35) });
      const totals: [string, string][] = [
        ['Subtotal', formatCents(subtotal)],
        [`Sales tax ${TAX_RATE_PERCENT}%`, formatCents(tax)],
        ['Total due (USD)', formatCents(subtotal + tax)],
      ];
      totals.forEach(([label, value], i) => {
        const font = i === totals.length - 1 ? bold : regular;
        text(page, label, 350, y - i * 15, 10, font);
        right(page, value, columns.amount, y - i * 15, 10, font);
      });
      y -= 70;
      text(page, `Payment terms: ${vendor.paymentTerms}. Please quote ${content.invoiceNo} with your payment.`, MARGIN, y);
      text(page, `Bank: ${vendor.bank}`, MARGIN, y - 13);
    }
    page.drawLine({ start: { x: MARGIN, y: 42 }, end: { x: PAGE[0] - MARGIN, y: 42 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.65) });
    text(page, `${vendor.name} - ${vendor.address.join(', ')}`, MARGIN, 30, 8);
    right(page, `Page ${pageNo} of ${content.pages}`, PAGE[0] - MARGIN, 30, 8);
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
