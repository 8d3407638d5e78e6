import { expandedSizeOf } from './expandedSizeOf';
import { BASE_JOB_COST_BYTES, PDFIUM_TIMEOUT_MS, getPdfiumPool } from './pdfiumPool';

/**
 * Text of page `page` (1-based) of the PDF at `pdfPath`, extracted by PDFium in the worker pool
 * within the memory budget (its cost: the file's largest decoded stream, what the page's content may take).
 */
export async function extractPageText(pdfPath: string, page: number): Promise<string> {
  const pool = getPdfiumPool();
  const cost = BASE_JOB_COST_BYTES + (await expandedSizeOf(pdfPath, pool.limits.budgetBytes));
  return pool.run({ kind: 'text', path: pdfPath, pageIndex: page - 1 }, PDFIUM_TIMEOUT_MS, cost);
}
