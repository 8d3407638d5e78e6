/** Text of page `page` (1-based) of the PDF at `pdfPath`, extracted by PDFium in the worker pool. */
export async function extractPageText(pdfPath: string, page: number): Promise<string> {
  throw new Error(`extractPageText(${pdfPath}, ${page}) is being implemented.`);
}
