import { readFile, stat } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { PDFiumDocument, PDFiumLibrary, PDFiumPage } from '@hyzyla/pdfium' with { 'resolution-mode': 'import' };
import sharp from 'sharp';
import { convertImageToPdf } from './imagesToPdf';
import { measurePdfExpansion } from './measurePdfExpansion';
import { PDFDocument, ParseSpeeds } from '@cantoo/pdf-lib';
import { crossReferenceIsSound } from './crossReferenceIsSound';
import { PDF_DAMAGED_MESSAGE } from './PdfDamagedError';
import { PdfExpansionError } from './PdfExpansionError';
import type { ConvertedPdf, PdfiumRequest, PdfiumResponse, PdfiumTask, RenderedBitmap, UploadedPdfBytes } from './pdfiumProtocol';
import { isPasswordMessage } from './PdfProtectedError';
import { pageTreeLoops } from './pageTreeLoops';
import { repairPdfBytes } from './repairPdf';

// Runs inside a worker thread started by PdfiumPool: PDFium (WASM) blocks its thread while it
// parses and renders, so it must never run on the request thread.

let library: Promise<PDFiumLibrary> | null = null;

// libvips keeps decoded images in a cache (up to 50 MB and 100 operations by default) and runs a
// thread per core inside each worker: with one image per job and a pool per core, neither buys
// anything, and both multiply what a large image costs (SECURITY.md, "Memory").
sharp.cache(false);
sharp.concurrency(1);

/** What this worker holds: its JS heap and everything outside it (buffers, PDFium's WASM memory). */
function ownMemoryBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapTotal + usage.external;
}

/**
 * @hyzyla/pdfium is an ES module (with a CommonJS build TypeScript cannot see), so it is loaded
 * with import(): compiled output keeps the import() and Node loads the ESM build; under ts-node
 * (tests) the import() becomes require() and Node loads `dist/index.cjs`.
 */
function getLibrary(): Promise<PDFiumLibrary> {
  library ??= import('@hyzyla/pdfium').then((pdfium) => pdfium.PDFiumLibrary.init());
  return library;
}

/**
 * How long a worker keeps the last document it opened. The text job asks for every page of a
 * file one call at a time and the thumbnail job renders 50 pages in a row: re-reading and
 * re-parsing a 500-page PDF for each page cost ~25 ms a page, more than the work itself. One
 * document per worker, dropped after this idle time, bounds the memory it holds.
 */
const KEEP_OPEN_MS = 3_000;

interface OpenDocument {
  path: string;
  /** Identity of the file when it was read: a changed file at the same path is read again. */
  stamp: string;
  document: PDFiumDocument;
  timer: NodeJS.Timeout;
}

let kept: OpenDocument | null = null;

function dropKept(): void {
  if (kept === null) return;
  clearTimeout(kept.timer);
  kept.document.destroy();
  kept = null;
}

function keepAlive(entry: OpenDocument): void {
  clearTimeout(entry.timer);
  entry.timer = setTimeout(dropKept, KEEP_OPEN_MS);
  // An idle worker must not stay busy because of a pending drop.
  entry.timer.unref();
}

/** The document at `path`, parsed once and reused while the file's size, mtime and inode stay the same. */
async function openDocument(path: string): Promise<PDFiumDocument> {
  const info = await stat(path);
  const stamp = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
  if (kept !== null && kept.path === path && kept.stamp === stamp) {
    keepAlive(kept);
    return kept.document;
  }
  dropKept();
  const document = await (await getLibrary()).loadDocument(await readFile(path));
  kept = { path, stamp, document, timer: setTimeout(dropKept, KEEP_OPEN_MS) };
  keepAlive(kept);
  return document;
}

async function withDocument<T>(path: string, use: (document: PDFiumDocument) => T | Promise<T>): Promise<T> {
  return use(await openDocument(path));
}

/**
 * Closes a page the wrapper leaves open: its getText() loads the page and never closes it, and
 * render() closes it only once it gets to draw. On a document kept open, unclosed pages would
 * pile up. The page handle is private in the wrapper (2.1.x), hence the narrow cast.
 */
function closePage(page: PDFiumPage): void {
  const internals = page as unknown as { module?: { _FPDF_ClosePage?: (pageIdx: number) => void }; pageIdx?: number };
  const close = internals.module?._FPDF_ClosePage;
  if (typeof close === 'function' && typeof internals.pageIdx === 'number' && internals.pageIdx !== 0)
    close.call(internals.module, internals.pageIdx);
}

/** Text of one page, the page closed afterwards. */
function pageText(document: PDFiumDocument, pageIndex: number): string {
  const page = document.getPage(pageIndex);
  try {
    return page.getText();
  } finally {
    closePage(page);
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
  const document = await openDocument(path);
  checkPage(document, pageIndex);
  const page = document.getPage(pageIndex);
  const { originalWidth, originalHeight } = page.getOriginalSize();
  if (!(originalWidth > 0 && originalHeight > 0)) {
    closePage(page); // render() below closes the page; this path never reaches it
    // A page the tree names but that is not there (a looping page tree, second attack finding 7):
    // the file's fault, answered in words (PdfWorkError), never a 500.
    throw new Error(PDF_DAMAGED_MESSAGE);
  }
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
}

/** The repaired copy of `bytes` when pdf-lib recovers every page and PDFium then reads the copy page for page; else null. */
async function repairedCopy(bytes: Buffer): Promise<UploadedPdfBytes | null> {
  let repaired: { data: Buffer; pages: number };
  try {
    repaired = await repairPdfBytes(bytes);
  } catch {
    return null;
  }
  // The copy is what thumbnails and text are read from: PDFium must read it with every page.
  let document: PDFiumDocument;
  try {
    document = await (await getLibrary()).loadDocument(repaired.data);
  } catch {
    return null;
  }
  try {
    if (document.getPageCount() !== repaired.pages) return null;
  } finally {
    document.destroy();
  }
  const { data } = repaired;
  return { pages: repaired.pages, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * An uploaded PDF as intake needs it: a sound file (PDFium opens it, crossReferenceIsSound) as it
 * is; a damaged one (a broken xref, startxref or trailer, or one PDFium cannot open) with its
 * repaired copy; a damaged one that cannot be repaired but that PDFium still opens (its own
 * reconstruction) as it is. A password PDF is never repaired (its objects cannot be rewritten
 * without the key): its pages are counted from its unencrypted page tree by pdf-lib, as before.
 * Throws PDF_DAMAGED_MESSAGE when nothing reads the file.
 */
async function readUpload(path: string, streamLimitBytes: number): Promise<UploadedPdfBytes> {
  const bytes = await readFile(path);
  // Before PDFium or pdf-lib expands anything: a bomb is stopped while it inflates, in words.
  await measurePdfExpansion(bytes, streamLimitBytes);
  let pages: number | null = null;
  try {
    pages = (await openDocument(path)).getPageCount();
  } catch (error) {
    if (error instanceof Error && isPasswordMessage(error.message)) {
      try {
        const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
        return { pages: pdf.getPageCount(), data: null };
      } catch {
        throw new Error(PDF_DAMAGED_MESSAGE);
      }
    }
  }
  if (pages !== null && crossReferenceIsSound(bytes)) return { pages, data: null };
  const repaired = await repairedCopy(bytes);
  if (repaired !== null) return repaired;
  if (pages !== null) return { pages, data: null };
  throw new Error(PDF_DAMAGED_MESSAGE);
}

async function run(task: PdfiumTask): Promise<RenderedBitmap | ConvertedPdf | UploadedPdfBytes | string | number | boolean> {
  switch (task.kind) {
    case 'render':
      return render(task.path, task.pageIndex, task.width, task.maxPixels);
    case 'text':
      return withDocument(task.path, (document) => {
        checkPage(document, task.pageIndex);
        return pageText(document, task.pageIndex);
      });
    case 'pageCount':
      return withDocument(task.path, (document) => document.getPageCount());
    case 'readUpload':
      return readUpload(task.path, task.streamLimitBytes);
    case 'pageTreeLoops':
      return pageTreeLoops(await readFile(task.path));
    case 'imageToPdf': {
      // sharp decodes and pdf-lib assembles on this worker's thread, never the request thread;
      // the conversion checks its own deadline between pages, and the pool's time box stops one
      // stuck inside a single page (the worker is replaced).
      const pdf = await convertImageToPdf(task.path, task.extension);
      return { data: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
    }
    default:
      throw new Error('Unknown PDFium task.');
  }
}

/** The error's kind as the pool rebuilds it: a page outside the document, a password, or anything else. */
function errorNameOf(error: unknown): string {
  if (error instanceof PdfExpansionError) return 'PdfExpansionError';
  if (error instanceof RangeError) return 'RangeError';
  if (error instanceof Error && isPasswordMessage(error.message)) return 'PdfProtectedError';
  return 'Error';
}

const port = parentPort;
if (port === null) throw new Error('pdfiumWorker must run in a worker thread.');

port.on('message', (request: PdfiumRequest) => {
  run(request.task).then(
    (result) => {
      const response: PdfiumResponse = { id: request.id, ok: true, result, memoryBytes: ownMemoryBytes() };
      const data = typeof result === 'object' ? result.data : null;
      // Transfer only a buffer the result owns whole (a pooled Buffer's slab is shared).
      const buffer = data !== null && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data.buffer : null;
      if (buffer instanceof ArrayBuffer) port.postMessage(response, [buffer]);
      else port.postMessage(response);
    },
    (error: unknown) => {
      const response: PdfiumResponse = {
        id: request.id,
        ok: false,
        errorName: errorNameOf(error),
        message: error instanceof Error ? error.message : String(error),
        memoryBytes: ownMemoryBytes(),
      };
      port.postMessage(response);
    },
  );
});
