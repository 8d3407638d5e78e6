/** A job for a PDFium worker. Pages are 0-based here; the public functions take 1-based pages. */
export type PdfiumTask =
  | { kind: 'render'; path: string; pageIndex: number; width: number; maxPixels: number }
  | { kind: 'text'; path: string; pageIndex: number }
  | { kind: 'pageCount'; path: string }
  /** Whether the PDF's page tree loops (pdf/pageTreeLoops). */
  | { kind: 'pageTreeLoops'; path: string }
  /** A JPEG, PNG, BMP or TIFF converted to PDF (sharp and pdf-lib, off the request thread). */
  | { kind: 'imageToPdf'; path: string; extension: string }
  /** An uploaded PDF read as intake needs it (readUploadedPdf): its pages, and a damaged file's repaired copy. */
  | { kind: 'readUpload'; path: string; streamLimitBytes: number };

/** An RGBA bitmap rendered by a worker (`data` is transferred, not copied). */
export interface RenderedBitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The PDF bytes of an image conversion (`data` is transferred, not copied). */
export interface ConvertedPdf {
  data: Uint8Array;
}

/** An uploaded PDF's page count and, when it was damaged and has been repaired, the repaired copy (`data` is transferred). */
export interface UploadedPdfBytes {
  pages: number;
  data: Uint8Array | null;
}

/** What each task kind resolves to. */
export interface PdfiumResults {
  render: RenderedBitmap;
  text: string;
  pageCount: number;
  pageTreeLoops: boolean;
  imageToPdf: ConvertedPdf;
  readUpload: UploadedPdfBytes;
}

/** Message from the pool to a worker. */
export interface PdfiumRequest {
  id: number;
  task: PdfiumTask;
}

/** Message from a worker to the pool. */
export type PdfiumResponse = (
  | { id: number; ok: true; result: PdfiumResults[PdfiumTask['kind']] }
  | { id: number; ok: false; errorName: string; message: string }
) & {
  /** The worker's own memory after the job (JS heap, buffers, WASM memory): past the threshold the pool replaces it. */
  memoryBytes: number;
};
