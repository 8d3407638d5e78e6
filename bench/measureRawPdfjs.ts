import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { coldContext } from './coldContext';

const PDFJS_BUILD = require.resolve('pdfjs-dist/build/pdf.min.mjs');
const PDFJS_WORKER = require.resolve('pdfjs-dist/build/pdf.worker.min.mjs');

/** Same chunk size as the viewer (PdfViewer RANGE_CHUNK_BYTES), so both fetch alike. */
const RANGE_CHUNK_BYTES = 262_144;

/**
 * The reference for the viewer's first page: bare pdf.js in the same Chromium, on the same
 * document URL and token, cold (cache off): load pdf.js and its worker, open the file by ranges
 * and draw page 1 at the viewer's width into a canvas, no text layer, no app around it. The
 * files come from node_modules through a routed same-origin page, never from the network.
 */
export async function measureRawPdfjs(browser: Browser, baseUrl: string, documentUrl: string, token: string): Promise<number> {
  const { context, page } = await coldContext(browser);
  try {
    const [module, worker] = await Promise.all([readFile(PDFJS_BUILD), readFile(PDFJS_WORKER)]);
    await page.route(`${baseUrl}/raw-pdfjs/**`, (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.endsWith('/pdf.min.mjs')) return route.fulfill({ body: module, contentType: 'text/javascript' });
      if (url.pathname.endsWith('/pdf.worker.min.mjs')) return route.fulfill({ body: worker, contentType: 'text/javascript' });
      return route.fulfill({ body: '<!doctype html><html><body></body></html>', contentType: 'text/html' });
    });
    await page.goto(`${baseUrl}/raw-pdfjs/index.html`);
    return await page.evaluate(
      async ({ url, bearer, chunk }) => {
        const started = performance.now();
        // A real import() in the page: written as source, since the bench's CommonJS build would turn it into require().
        const importModule = new Function('specifier', 'return import(specifier)') as (
          specifier: string,
        ) => Promise<typeof import('pdfjs-dist')>;
        const pdfjs = await importModule('/raw-pdfjs/pdf.min.mjs');
        pdfjs.GlobalWorkerOptions.workerSrc = '/raw-pdfjs/pdf.worker.min.mjs';
        const doc = await pdfjs.getDocument({
          url,
          httpHeaders: { Authorization: `Bearer ${bearer}` },
          rangeChunkSize: chunk,
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
        return performance.now() - started;
      },
      { url: documentUrl, bearer: token, chunk: RANGE_CHUNK_BYTES },
    );
  } finally {
    await context.close();
  }
}
