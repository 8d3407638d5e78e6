import type { Browser } from 'playwright-core';
import { countInkPixels } from '../test/e2e/support/countInkPixels';
import { coldContext } from './coldContext';
import { RAW_PDFJS_PATH } from './benchWebDir';

/** Same chunk size as the viewer (PdfViewer RANGE_CHUNK_BYTES), so both fetch alike. */
const RANGE_CHUNK_BYTES = 262_144;

/**
 * Where the reference's clock starts: `cold`, before pdf.js is imported (nothing of it loaded,
 * as the viewer opened with a double-click); `warm`, after pdf.js has been imported and
 * evaluated, its worker not yet started (as the viewer opened after the selection's prefetch).
 */
export type PdfjsStart = 'cold' | 'warm';

/**
 * Runs in the page: (imports pdf.js,) opens the file by ranges and draws page 1 at the viewer's
 * width into a canvas, no text layer, no app around it; the page is drawn when its render has
 * finished, a frame has passed and the canvas holds ink, as the viewer's page is judged.
 */
async function drawFirstPage(
  options: { url: string; bearer: string; chunk: number; module: string; worker: string; warm: boolean },
  countInk: (canvas: Element) => number,
): Promise<number> {
  // A real import() in the page: written as source, since the bench's CommonJS build would turn it into require().
  const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<typeof import('pdfjs-dist')>;
  const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
  let pdfjs: typeof import('pdfjs-dist') | null = null;
  if (options.warm) {
    pdfjs = await importModule(options.module);
    await frame();
    await frame();
  }
  const started = performance.now();
  pdfjs ??= await importModule(options.module);
  pdfjs.GlobalWorkerOptions.workerSrc = options.worker;
  const doc = await pdfjs.getDocument({
    url: options.url,
    httpHeaders: { Authorization: `Bearer ${options.bearer}` },
    rangeChunkSize: options.chunk,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
  }).promise;
  const first = await doc.getPage(1);
  const base = first.getViewport({ scale: 1 });
  const viewport = first.getViewport({ scale: (1400 - 40) / base.width });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  document.body.append(canvas);
  await first.render({ canvas, viewport }).promise;
  await frame();
  if (countInk(canvas) === 0) throw new Error('bare pdf.js drew page 1 without ink');
  return performance.now() - started;
}

/**
 * The reference for the viewer's first page: bare pdf.js in the same Chromium, on the same
 * document URL and token, in a fresh context with the cache off, its files (pdf.js's own build
 * and worker from node_modules) served by the same server as the app's chunks, from the bench's
 * web folder (benchWebDir), so both load their code over the same loopback and static handler.
 */
export async function measureRawPdfjs(
  browser: Browser,
  baseUrl: string,
  documentUrl: string,
  token: string,
  start: PdfjsStart,
): Promise<number> {
  const { context, page } = await coldContext(browser);
  try {
    await page.goto(`${baseUrl}${RAW_PDFJS_PATH}/index.html`);
    const options = {
      url: documentUrl,
      bearer: token,
      chunk: RANGE_CHUNK_BYTES,
      module: `${RAW_PDFJS_PATH}/pdf.min.mjs`,
      worker: `${RAW_PDFJS_PATH}/pdf.worker.min.mjs`,
      warm: start === 'warm',
    };
    return Number(await page.evaluate(`(${drawFirstPage.toString()})(${JSON.stringify(options)}, ${countInkPixels.toString()})`));
  } finally {
    await context.close();
  }
}
