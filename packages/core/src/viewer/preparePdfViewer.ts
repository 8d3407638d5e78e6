import type { PDFWorker } from 'pdfjs-dist';

/**
 * Loads the pdf.js chunk and starts its worker without waiting for anything else, so the first
 * page can be drawn as soon as the document's bytes arrive. Resolves to the page's shared worker
 * (null when pdf.js could not start one), which the caller uses and never destroys.
 */
export async function preparePdfViewer(): Promise<PDFWorker | null> {
  const { sharedPdfWorker } = await import(/* webpackChunkName: "pdfjs-loader" */ './loadPdfjs');
  try {
    return sharedPdfWorker();
  } catch (error) {
    console.warn('Could not start the PDF worker ahead of time.', error);
    return null;
  }
}

/** Fetches the viewer's code in the background (e.g. when a document is selected), without starting anything. */
export function prefetchPdfViewer(): void {
  import(/* webpackChunkName: "pdfjs-loader" */ './loadPdfjs').catch(() => undefined);
}
