import sharp from 'sharp';
import { getPdfiumPool } from './pdfiumPool';

/** Widest thumbnail rendered, in pixels; larger requests are clamped. */
export const MAX_THUMBNAIL_WIDTH = 1600;

/** Largest bitmap rendered for one thumbnail (a very tall page is shrunk to fit; SECURITY.md row 7). */
export const MAX_THUMBNAIL_PIXELS = MAX_THUMBNAIL_WIDTH * MAX_THUMBNAIL_WIDTH * 2;

/**
 * Renders page `page` (1-based) of the PDF at `pdfPath` as a PNG `width` pixels wide (clamped to
 * 1…MAX_THUMBNAIL_WIDTH), in the PDFium worker pool (never on the request thread). Rejects with
 * `RenderTimeoutError` after 20 s and with a RangeError for a page outside the document.
 */
export async function renderPageThumbnail(pdfPath: string, page: number, width: number): Promise<Buffer> {
  if (!Number.isInteger(page) || page < 1) throw new RangeError('Pages are numbered from 1.');
  const clampedWidth = Math.min(MAX_THUMBNAIL_WIDTH, Math.max(1, Math.round(Number.isFinite(width) ? width : MAX_THUMBNAIL_WIDTH)));
  const bitmap = await getPdfiumPool().run({
    kind: 'render',
    path: pdfPath,
    pageIndex: page - 1,
    width: clampedWidth,
    maxPixels: MAX_THUMBNAIL_PIXELS,
  });
  return sharp(bitmap.data, { raw: { width: bitmap.width, height: bitmap.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}
