import { getPdfiumPool } from './pdfiumPool';

/** Text of page `page` (1-based) of the PDF at `pdfPath`, extracted by PDFium in the worker pool. */
export async function extractPageText(pdfPath: string, page: number): Promise<string> {
  return getPdfiumPool().run({ kind: 'text', path: pdfPath, pageIndex: page - 1 });
}
