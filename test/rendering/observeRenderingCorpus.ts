import { performance } from 'node:perf_hooks';
import type { Frame, Page } from 'playwright-core';
import { encodeDocumentId } from '../../packages/core/src/model';
import { DemoErpPage } from '../e2e/pages/DemoErpPage';
import { FoldersPage } from '../e2e/pages/FoldersPage';
import { ViewerPage } from '../e2e/pages/ViewerPage';
import { demoTokenOf } from '../e2e/support/demoApi';
import { e2eWaitFor } from '../e2e/support/e2eWaitFor';
import { drawWithBarePdfjs, startBareReference } from './bareReference';
import type { CorpusFile } from './corpus/makeRenderingCorpus';
import { popplerView, type PopplerView, wordsOf } from './popplerReference';
import { findRecordFolder, uploadPdf } from './uploadIntoRecordFolder';

const USER = 'clerk';
const RECORD = 'Litware Office';
const FOLDER = 'Invoices';
/** Width of the server's thumbnail and of poppler's drawing it is compared with. */
export const THUMBNAIL_WIDTH = 160;

/** What the suite saw of one corpus file's page 1. */
export interface Observation {
  file: CorpusFile;
  viewerPages: number;
  /** From the route's change to page 1 drawn (its text layer ready) in the viewer; null for the first file, opened through the folder screen. */
  drawMs: number | null;
  viewerPng: Buffer;
  barePng: Buffer;
  viewerWords: string[];
  thumbnailPng: Buffer;
  poppler: PopplerView;
  /** What the viewer's drawing is judged against: bare pdf.js's, or poppler's at the viewer's size for a file with a `pdfjsDefect`. */
  referencePng: Buffer;
}

/** The two windows the corpus is looked at in, and the demo server it is uploaded to. */
export interface ObservationSetting {
  baseUrl: string;
  /** A window for the viewer (the demo ERP page with our iframe). */
  page: Page;
  /** A window for the bare pdf.js reference. */
  bare: Page;
}

/** The app frame (the ERP page's iframe) as a Frame, to run the router's navigation inside it. */
function appFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame() && /\/viewer\/|\/erp/.test(candidate.url()));
  if (!frame) throw new Error('the app frame is not there');
  return frame;
}

/** Base-64 PNG of a data URL. */
function pngOf(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

/** The server's thumbnail of page 1 (PDFium), once its job has drawn it. */
async function serverThumbnail(baseUrl: string, token: string, id: number): Promise<Buffer> {
  const answer = await e2eWaitFor(
    async () => {
      const response = await fetch(`${baseUrl}/api/documents/${id}/data/base64/thumbnails?first=1&count=1&width=${THUMBNAIL_WIDTH}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) return null;
      const body = (await response.json()) as { thumbnails: { base64: string }[] };
      return body.thumbnails[0]?.base64 ?? null;
    },
    { until: (base64) => base64 !== null, what: `the server's thumbnail of document ${id}` },
  );
  return Buffer.from(answer ?? '', 'base64');
}

/**
 * Uploads the corpus as the demo clerk into a record's folder, opens each file in the real viewer
 * (the first through the folder screen, the others by their /viewer/{id} route in the same page,
 * so pdf.js's one worker serves them all as it does a clerk), and has bare pdf.js (startBareReference)
 * draw the same page at the viewer's canvas size; the server's thumbnail and poppler's view are
 * fetched beside. Shared by test/e2e/renderingFidelity.test.ts and the ui bench's rendering row.
 */
export async function observeRenderingCorpus(setting: ObservationSetting, corpus: readonly CorpusFile[]): Promise<Observation[]> {
  const reference = await startBareReference(new Map(corpus.map((file) => [file.name, file.bytes])));
  try {
    return await observeWith(setting, corpus, reference.baseUrl);
  } finally {
    await reference.close();
  }
}

/** observeRenderingCorpus with the bare reference listening at `referenceUrl`. */
async function observeWith(
  { baseUrl, page, bare }: ObservationSetting,
  corpus: readonly CorpusFile[],
  referenceUrl: string,
): Promise<Observation[]> {
  const token = await demoTokenOf(baseUrl, USER);
  const folder = await findRecordFolder(baseUrl, token, RECORD, FOLDER);
  const ids: number[] = [];
  for (const file of corpus) ids.push(await uploadPdf(folder, `${file.name}.pdf`, file.bytes));

  // One window for the viewer (the ERP page, the record, the folder; then each document by its
  // /viewer/{id} route, so pdf.js's one worker serves them all as it does a clerk), one for bare pdf.js.
  const erp = new DemoErpPage(page, baseUrl);
  const app = erp.documentsFrame();
  const folders = new FoldersPage(page, app);
  const viewer = new ViewerPage(app);
  await erp.open();
  await erp.switchUser(USER);
  await erp.openRecord(RECORD);
  await folders.openDocument(`${corpus[0].name}.pdf`, FOLDER);
  await viewer.pageCount();
  const viewerPath = new URL(appFrame(page).url()).pathname.replace(/[^/]+$/, '');
  await bare.goto(`${referenceUrl}/`);

  const pending: Promise<Observation>[] = [];
  for (const [index, file] of corpus.entries()) {
    const started = performance.now();
    // The first document is open already (through the folder screen); the others by their route.
    if (index > 0) {
      const frame = appFrame(page);
      // Marks the page now shown, so the wait below cannot take it for the next document's.
      await frame.evaluate(() => document.querySelectorAll('canvas').forEach((canvas) => canvas.setAttribute('data-seen', '')));
      await frame.evaluate(
        (path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        },
        `${viewerPath}${encodeURIComponent(encodeDocumentId(ids[index]))}`,
      );
    }
    const canvas = app.locator('canvas:not([data-seen])').and(viewer.pageCanvas(1));
    const textLayer = canvas.locator('xpath=..').locator('[data-text-layer="ready"]');
    // Attached, not visible: an image page's text layer is empty and has no size.
    await textLayer.waitFor({ state: 'attached' });
    const drawMs = index > 0 ? performance.now() - started : null;
    const viewerPages = await viewer.pageCount();
    const drawn = await canvas.evaluate((element) => {
      const drawing = element as HTMLCanvasElement;
      return { width: drawing.width, height: drawing.height, png: drawing.toDataURL('image/png') };
    });
    // Each piece of text on its own: the layer's spans and line breaks are absolutely placed, not spaced.
    const viewerWords = wordsOf(
      await textLayer.evaluate((layer) => {
        const pieces: string[] = [];
        const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) pieces.push(node.textContent ?? '');
        return pieces.join(' ');
      }),
    );
    const barePng = await drawWithBarePdfjs(bare, { name: file.name, width: drawn.width, height: drawn.height });
    // poppler and the thumbnail wait go on while the browser draws the next files.
    const observation = Promise.all([
      serverThumbnail(baseUrl, token, ids[index]),
      popplerView(file.bytes, THUMBNAIL_WIDTH),
      // poppler at the viewer's size only where it stands in for pdf.js: so large, each costs seconds.
      file.pdfjsDefect === undefined ? null : popplerView(file.bytes, drawn.width),
    ]).then(([thumbnailPng, poppler, atViewerSize]) => ({
      file,
      viewerPages,
      drawMs,
      viewerPng: pngOf(drawn.png),
      barePng,
      viewerWords,
      thumbnailPng,
      poppler,
      referencePng: atViewerSize?.png ?? barePng,
    }));
    // Awaited after the loop; until then a failure must not count as unhandled.
    observation.catch(() => undefined);
    pending.push(observation);
  }
  return Promise.all(pending);
}
