import { largestImagePixels } from './checkImageLimits';
import { CONVERSION_TIMEOUT_MS, MAX_CONVERT_PIXELS } from './imagesToPdf';
import { BASE_JOB_COST_BYTES, getPdfiumPool } from './pdfiumPool';

/** The pool's time box of one conversion: the conversion's own deadline, plus a margin to stop cleanly first. */
export const CONVERSION_POOL_TIMEOUT_MS = CONVERSION_TIMEOUT_MS + 10_000;

/**
 * Converts the image at `path` (JPEG, PNG, BMP, every TIFF page) to PDF in the worker pool, so
 * sharp's decoding and pdf-lib's assembly never hold the request thread, within the server's
 * memory budget: its cost is the largest page's pixels × 4 (decoded RGBA; the decoder's pixel
 * bound when no header states a size). Rejects with `PdfWorkError` when the file cannot be
 * converted and `RenderTimeoutError` when it runs away.
 */
export async function convertImageInWorker(path: string, extension: string): Promise<Buffer> {
  const pixels = (await largestImagePixels(path, extension).catch(() => 0)) || MAX_CONVERT_PIXELS;
  const cost = BASE_JOB_COST_BYTES + Math.min(pixels, MAX_CONVERT_PIXELS) * 4;
  const { data } = await getPdfiumPool().run({ kind: 'imageToPdf', path, extension }, CONVERSION_POOL_TIMEOUT_MS, cost);
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
