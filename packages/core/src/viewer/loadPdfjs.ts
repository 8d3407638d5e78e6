import * as pdfjs from 'pdfjs-dist';

/** Where webpack emitted the pdf.js worker (its own asset, never inlined). */
const workerUrl = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);

/** The pdf.js module with its worker configured; lives in the lazy viewer chunk. */
export type Pdfjs = typeof pdfjs;

/** Returns pdf.js ready to open documents. Imported only through `import()`, so pdf.js never enters the initial bundle. */
export function loadPdfjs(): Pdfjs {
  if (pdfjs.GlobalWorkerOptions.workerSrc !== workerUrl.href) pdfjs.GlobalWorkerOptions.workerSrc = workerUrl.href;
  return pdfjs;
}

let shared: pdfjs.PDFWorker | null = null;

/**
 * pdf.js's worker, started on first use and kept for the page's life: every document the page
 * opens goes through it, as in pdf.js's own viewer (one worker port for the app). Why not one per
 * opening: each new worker loads, compiles and starts the 1 MB worker script again (a later
 * opening took 821 ms median that way, 490 ms with the shared worker; docs/ARCHITECTURE.md).
 * pdf.js never destroys a worker it was handed (a loading task's destroy() ends only the
 * document), so the worker outlives each document; one destroyed all the same is replaced.
 */
export function sharedPdfWorker(): pdfjs.PDFWorker {
  if (shared === null || shared.destroyed) {
    const worker = new (loadPdfjs().PDFWorker)();
    // A worker that cannot start rejects its ready promise; each document using it reports that
    // through its own loading task, so the bare promise must not surface as an unhandled rejection.
    worker.promise.catch(() => undefined);
    shared = worker;
  }
  return shared;
}

/**
 * Options every document is opened with (SECURITY.md row 3): pdf.js never compiles code from a
 * document (`isEvalSupported: false` closes the font-program path of CVE-2024-4367) and never
 * runs a document's JavaScript (scripting is a viewer-app feature this viewer does not enable).
 */
export const PDFJS_SAFETY_OPTIONS = { isEvalSupported: false } as const;

/** The oldest pdf.js with the fix for CVE-2024-4367 (SECURITY.md row 3). */
export const PDFJS_MIN_SAFE_VERSION = '4.2.67';

/** The assets our server copies from pdfjs-dist (webpack.config.ts), never a CDN. */
export const PDFJS_ASSET_URLS = {
  cMapUrl: '/pdfjs/cmaps/',
  standardFontDataUrl: '/pdfjs/standard_fonts/',
  wasmUrl: '/pdfjs/wasm/',
  iccUrl: '/pdfjs/iccs/',
} as const;

/**
 * A pdf.js range transport whose chunks come from `fetchChunk` (end exclusive, as pdf.js asks),
 * so they travel through our ApiClient. A failed chunk is reported to `onError`: pdf.js has no
 * way to hear of it and would otherwise wait for the bytes forever.
 */
export function createRangeTransport(
  length: number,
  initialData: Uint8Array,
  fetchChunk: (begin: number, end: number) => Promise<Uint8Array>,
  onError: (error: unknown) => void,
): pdfjs.PDFDataRangeTransport {
  class ApiRangeTransport extends loadPdfjs().PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      fetchChunk(begin, end).then(
        (chunk) => this.onDataRange(begin, chunk),
        (error: unknown) => onError(error),
      );
    }
  }
  return new ApiRangeTransport(length, initialData);
}
