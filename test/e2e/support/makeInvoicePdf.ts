import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';

/** What the generated invoice says, so a test can look for its text. */
export interface InvoicePdfOptions {
  pages: number;
  vendorName: string;
  invoiceNumber: string;
  /** Encrypts the file: it opens only with this password (pdf-lib's standard security handler). */
  userPassword?: string;
}

/**
 * A multi-page invoice PDF with real text on every page (a heading, line items, a "Total" line
 * and a page footer), so a drawn page has dark pixels and the text layer has words to find.
 */
export async function makeInvoicePdf({ pages, vendorName, invoiceNumber, userPassword }: InvoicePdfOptions): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoiceNumber}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let pageNumber = 1; pageNumber <= pages; pageNumber++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`${vendorName} — Invoice ${invoiceNumber}`, { x: 50, y: 780, size: 22, font: bold });
    page.drawRectangle({ x: 50, y: 760, width: 495, height: 3, color: rgb(0.1, 0.2, 0.5) });
    for (let line = 0; line < 25; line++) {
      const amount = ((pageNumber * 37 + line * 11) % 900) + 100;
      page.drawText(`Item ${pageNumber}.${line + 1}  Office supplies, box of ${line + 2}`, { x: 50, y: 720 - line * 24, size: 12, font });
      page.drawText(`${amount}.00 USD`, { x: 450, y: 720 - line * 24, size: 12, font });
    }
    page.drawText(`Total ${pageNumber * 1000 + 250}.00 USD`, { x: 350, y: 90, size: 14, font: bold });
    page.drawText(`Page ${pageNumber} of ${pages}`, { x: 250, y: 40, size: 28, font: bold, color: rgb(0, 0, 0) });
  }
  if (userPassword !== undefined) pdf.encrypt({ userPassword, ownerPassword: `${userPassword}-owner` });
  return Buffer.from(await pdf.save());
}
