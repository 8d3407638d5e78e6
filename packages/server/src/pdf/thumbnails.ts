/** Widest thumbnail rendered, in pixels; larger requests are clamped. */
export const MAX_THUMBNAIL_WIDTH = 1600;

/**
 * Renders page `page` (1-based) of the PDF at `pdfPath` as a PNG `width` pixels wide, in the
 * PDFium worker pool (never on the request thread). Rejects with `RenderTimeoutError` after
 * 20 s and with a RangeError for a page outside the document.
 */
export async function renderPageThumbnail(pdfPath: string, page: number, width: number): Promise<Buffer> {
  throw new Error(`renderPageThumbnail(${pdfPath}, ${page}, ${width}) is being implemented.`);
}
