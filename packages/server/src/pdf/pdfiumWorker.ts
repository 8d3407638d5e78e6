import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { PDFiumDocument, PDFiumLibrary } from '@hyzyla/pdfium' with { 'resolution-mode': 'import' };
import type { PdfiumRequest, PdfiumResponse, PdfiumTask, RenderedBitmap } from './pdfiumProtocol';

// Runs inside a worker thread started by PdfiumPool: PDFium (WASM) blocks its thread while it
// parses and renders, so it must never run on the request thread.

let library: Promise<PDFiumLibrary> | null = null;

/**
 * @hyzyla/pdfium is an ES module (with a CommonJS build TypeScript cannot see), so it is loaded
 * with import(): compiled output keeps the import() and Node loads the ESM build; under ts-node
 * (tests) the import() becomes require() and Node loads `dist/index.cjs`.
 */
function getLibrary(): Promise<PDFiumLibrary> {
  library ??= import('@hyzyla/pdfium').then((pdfium) => pdfium.PDFiumLibrary.init());
  return library;
}

async function withDocument<T>(path: string, use: (document: PDFiumDocument) => T): Promise<T> {
  const bytes = await readFile(path);
  const document = await (await getLibrary()).loadDocument(bytes);
  try {
    return use(document);
  } finally {
    document.destroy();
  }
}

function checkPage(document: PDFiumDocument, pageIndex: number): void {
  const count = document.getPageCount();
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= count) {
    throw new RangeError(`Page ${pageIndex + 1} is outside the document (${count} pages).`);
  }
}

/** Renders at `width`, shrinking further if the page's aspect ratio would exceed `maxPixels`. */
async function render(path: string, pageIndex: number, width: number, maxPixels: number): Promise<RenderedBitmap> {
  const bytes = await readFile(path);
  const document = await (await getLibrary()).loadDocument(bytes);
  try {
    checkPage(document, pageIndex);
    const page = document.getPage(pageIndex);
    const { originalWidth, originalHeight } = page.getOriginalSize();
    if (!(originalWidth > 0 && originalHeight > 0)) throw new RangeError('The page has no size.');
    let targetWidth = width;
    let targetHeight = (originalHeight * width) / originalWidth;
    if (targetWidth * targetHeight > maxPixels) {
      const shrink = Math.sqrt(maxPixels / (targetWidth * targetHeight));
      targetWidth *= shrink;
      targetHeight *= shrink;
    }
    const rendered = await page.render({
      width: Math.max(1, Math.floor(targetWidth)),
      height: Math.max(1, Math.floor(targetHeight)),
      colorSpace: 'BGRA',
      render: 'bitmap',
    });
    // With the BGRA colour space the wrapper asks PDFium for reversed byte order: the data is RGBA.
    return { width: rendered.width, height: rendered.height, data: rendered.data };
  } finally {
    document.destroy();
  }
}

async function run(task: PdfiumTask): Promise<RenderedBitmap | string | number> {
  switch (task.kind) {
    case 'render':
      return render(task.path, task.pageIndex, task.width, task.maxPixels);
    case 'text':
      return withDocument(task.path, (document) => {
        checkPage(document, task.pageIndex);
        return document.getPage(task.pageIndex).getText();
      });
    case 'pageCount':
      return withDocument(task.path, (document) => document.getPageCount());
    default:
      throw new Error('Unknown PDFium task.');
  }
}

const port = parentPort;
if (port === null) throw new Error('pdfiumWorker must run in a worker thread.');

port.on('message', (request: PdfiumRequest) => {
  run(request.task).then(
    (result) => {
      const response: PdfiumResponse = { id: request.id, ok: true, result };
      const buffer = typeof result === 'object' ? result.data.buffer : null;
      if (buffer instanceof ArrayBuffer) port.postMessage(response, [buffer]);
      else port.postMessage(response);
    },
    (error: unknown) => {
      const response: PdfiumResponse = {
        id: request.id,
        ok: false,
        errorName: error instanceof RangeError ? 'RangeError' : 'Error',
        message: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(response);
    },
  );
});
