import { PdfDamagedError } from './PdfDamagedError';
import { stat } from 'node:fs/promises';
import { BASE_JOB_COST_BYTES, PDFIUM_TIMEOUT_MS, getPdfiumPool } from './pdfiumPool';
import { PdfWorkError } from './PdfWorkError';
import { RenderTimeoutError } from './RenderTimeoutError';

/** What intake learns of an uploaded PDF. */
export interface UploadedPdf {
  /** Its pages (the repaired copy's when it was repaired: the same pages). */
  pages: number;
  /** The repaired copy when the file was damaged and has been repaired; null for a sound file. */
  repaired: Buffer | null;
}

/**
 * Reads an uploaded PDF as intake needs it, in the worker pool (pdfiumWorker `readUpload`), so
 * neither the cross-reference check nor a repair ever parses untrusted bytes on the request
 * thread, and both stay inside the pool's time box: its page count, and — for a damaged file (a
 * broken xref, startxref or trailer: crossReferenceIsSound; or one PDFium cannot open) — a
 * repaired copy (repairPdf) that PDFium reads page for page. Throws PdfDamagedError when nothing
 * can read or repair the file, or when reading it overruns the time box, and PdfExpansionError
 * (413, in words) when one of its compressed streams expands past DATAHAVEN_PDF_STREAM_LIMIT_MB.
 */
export async function readUploadedPdf(path: string): Promise<UploadedPdf> {
  try {
    const pool = getPdfiumPool();
    const { size } = await stat(path);
    // PDFium and (for a damaged file) pdf-lib's repair hold the file several times over while they parse it.
    const cost = BASE_JOB_COST_BYTES + size * 4;
    const streamLimitBytes = pool.limits.pdfStreamLimitBytes;
    const { pages, data } = await pool.run({ kind: 'readUpload', path, streamLimitBytes }, PDFIUM_TIMEOUT_MS, cost);
    return { pages, repaired: data === null ? null : Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
  } catch (error) {
    if (error instanceof PdfWorkError || error instanceof RenderTimeoutError) throw new PdfDamagedError();
    throw error;
  }
}
