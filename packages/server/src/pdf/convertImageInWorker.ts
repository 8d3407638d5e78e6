import { CONVERSION_TIMEOUT_MS } from './imagesToPdf';
import { getPdfiumPool } from './pdfiumPool';

/** The pool's time box of one conversion: the conversion's own deadline, plus a margin to stop cleanly first. */
export const CONVERSION_POOL_TIMEOUT_MS = CONVERSION_TIMEOUT_MS + 10_000;

/**
 * Converts the image at `path` (JPEG, PNG, BMP, every TIFF page) to PDF in the worker pool, so
 * sharp's decoding and pdf-lib's assembly never hold the request thread. Rejects with
 * `PdfWorkError` when the file cannot be converted and `RenderTimeoutError` when it runs away.
 */
export async function convertImageInWorker(path: string, extension: string): Promise<Buffer> {
  const { data } = await getPdfiumPool().run({ kind: 'imageToPdf', path, extension }, CONVERSION_POOL_TIMEOUT_MS);
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
