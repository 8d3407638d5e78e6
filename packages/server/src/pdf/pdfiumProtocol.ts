/** A job for a PDFium worker. Pages are 0-based here; the public functions take 1-based pages. */
export type PdfiumTask =
  | { kind: 'render'; path: string; pageIndex: number; width: number; maxPixels: number }
  | { kind: 'text'; path: string; pageIndex: number }
  | { kind: 'pageCount'; path: string };

/** An RGBA bitmap rendered by a worker (`data` is transferred, not copied). */
export interface RenderedBitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

/** What each task kind resolves to. */
export interface PdfiumResults {
  render: RenderedBitmap;
  text: string;
  pageCount: number;
}

/** Message from the pool to a worker. */
export interface PdfiumRequest {
  id: number;
  task: PdfiumTask;
}

/** Message from a worker to the pool. */
export type PdfiumResponse =
  | { id: number; ok: true; result: PdfiumResults[PdfiumTask['kind']] }
  | { id: number; ok: false; errorName: string; message: string };
