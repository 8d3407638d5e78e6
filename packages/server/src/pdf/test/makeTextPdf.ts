import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';

/** Builds a PDF with one line of large black text per page (`texts[i]` on page i + 1), A4 portrait. */
export async function makeTextPdf(texts: readonly string[], pageSize: [number, number] = [595, 842]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of texts) {
    const page = pdf.addPage(pageSize);
    page.drawText(text, { x: 40, y: pageSize[1] - 120, size: 36, font, color: rgb(0, 0, 0) });
  }
  return pdf.save();
}
