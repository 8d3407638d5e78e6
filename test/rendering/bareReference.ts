import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize } from 'node:path';
import type { Page } from 'playwright-core';

/** The bare pdf.js reference page on loopback: its address, and how to stop it. */
export interface BareReference {
  baseUrl: string;
  close(): Promise<void>;
}

const PDFJS_DIR = dirname(require.resolve('pdfjs-dist/package.json'));
const TYPES: Record<string, string> = {
  mjs: 'text/javascript',
  wasm: 'application/wasm',
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
};

/**
 * Serves, on 127.0.0.1, a blank page, pdfjs-dist's own files straight from node_modules under
 * `/pdfjs/` (build, wasm, iccs, cmaps, standard_fonts: no CDN, nothing of our bundle) and the
 * corpus under `/corpus/<name>.pdf`: the reference the viewer is compared with is pdf.js as its
 * authors ship it, unpatched, in the same Chromium.
 */
export async function startBareReference(files: ReadonlyMap<string, Buffer>): Promise<BareReference> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const answer = async (): Promise<[string, Buffer | string]> => {
      if (path === '/') return ['text/html; charset=utf-8', '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>'];
      if (path.startsWith('/corpus/')) {
        const bytes = files.get(path.slice('/corpus/'.length).replace(/\.pdf$/, ''));
        if (bytes === undefined) throw new Error('not in the corpus');
        return [TYPES.pdf, bytes];
      }
      const relative = normalize(path.slice('/pdfjs/'.length));
      if (!path.startsWith('/pdfjs/') || relative.startsWith('..')) throw new Error('not served');
      return [TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream', await readFile(join(PDFJS_DIR, relative))];
    };
    answer().then(
      ([type, body]) => {
        response.writeHead(200, { 'Content-Type': type });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** What bare pdf.js is asked to draw: a page of a corpus file at the viewer's canvas size. */
export interface BareDrawing {
  name: string;
  /** The page number, from 1. */
  page: number;
  width: number;
  height: number;
}

/**
 * The drawing, as page source: the test's build turns `async` and `import()` into helpers that do
 * not exist in the page, so it is written as the script the page runs. It opens the file with the
 * viewer's own options (PDFJS_SAFETY_OPTIONS and PDFJS_ASSET_URLS of loadPdfjs.ts, packed cMaps)
 * and draws the page, at its own rotation, scaled to width × height pixels; a PNG data URL.
 */
const DRAW_SOURCE = `async (drawing) => {
  const pdfjs = await import('/pdfjs/build/pdf.min.mjs');
  pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/build/pdf.worker.min.mjs';
  const task = pdfjs.getDocument({
    url: '/corpus/' + drawing.name + '.pdf',
    isEvalSupported: false,
    cMapUrl: '/pdfjs/cmaps/',
    cMapPacked: true,
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    wasmUrl: '/pdfjs/wasm/',
    iccUrl: '/pdfjs/iccs/',
  });
  try {
    const page = await (await task.promise).getPage(drawing.page);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: drawing.width / base.width });
    const canvas = document.createElement('canvas');
    canvas.width = drawing.width;
    canvas.height = drawing.height;
    await page.render({ canvas, viewport }).promise;
    return canvas.toDataURL('image/png');
  } finally {
    await task.destroy();
  }
}`;

/** Has bare pdf.js, in the reference page `page` (at the reference's address), draw a page of a corpus file; answers a PNG. */
export async function drawWithBarePdfjs(page: Page, drawing: BareDrawing): Promise<Buffer> {
  const dataUrl = String(await page.evaluate(`(${DRAW_SOURCE})(${JSON.stringify(drawing)})`));
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}
