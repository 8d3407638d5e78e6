import sharp from 'sharp';
import { expandedSizeOf } from './expandedSizeOf';
import { BASE_JOB_COST_BYTES, PDFIUM_TIMEOUT_MS, getPdfiumPool } from './pdfiumPool';

// Only small bitmaps are encoded here (≤ MAX_THUMBNAIL_PIXELS): libvips's operation cache would
// keep up to 50 MB of them on the request thread's process for nothing (SECURITY.md, "Memory").
sharp.cache(false);

/** Widest thumbnail rendered, in pixels; larger requests are clamped. */
export const MAX_THUMBNAIL_WIDTH = 1600;

/** Largest bitmap rendered for one thumbnail (a very tall page is shrunk to fit; SECURITY.md row 7). */
export const MAX_THUMBNAIL_PIXELS = MAX_THUMBNAIL_WIDTH * MAX_THUMBNAIL_WIDTH * 2;

/**
 * Renders page `page` (1-based) of the PDF at `pdfPath` as a PNG `width` pixels wide (clamped to
 * 1…MAX_THUMBNAIL_WIDTH), in the PDFium worker pool (never on the request thread) within the
 * server's memory budget (its cost: the file's largest decoded stream and the bitmap). Rejects with
 * `RenderTimeoutError` after 20 s and with a RangeError for a page outside the document.
 */
export async function renderPageThumbnail(pdfPath: string, page: number, width: number): Promise<Buffer> {
  if (!Number.isInteger(page) || page < 1) throw new RangeError('Pages are numbered from 1.');
  const clampedWidth = Math.min(MAX_THUMBNAIL_WIDTH, Math.max(1, Math.round(Number.isFinite(width) ? width : MAX_THUMBNAIL_WIDTH)));
  const pool = getPdfiumPool();
  // The page's decoded streams (at most the largest of the file) plus the bitmap (RGBA, at most MAX_THUMBNAIL_PIXELS).
  const cost = BASE_JOB_COST_BYTES + (await expandedSizeOf(pdfPath, pool.limits.budgetBytes)) + MAX_THUMBNAIL_PIXELS * 4;
  const bitmap = await pool.run(
    { kind: 'render', path: pdfPath, pageIndex: page - 1, width: clampedWidth, maxPixels: MAX_THUMBNAIL_PIXELS },
    PDFIUM_TIMEOUT_MS,
    cost,
  );
  return sharp(bitmap.data, { raw: { width: bitmap.width, height: bitmap.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}
