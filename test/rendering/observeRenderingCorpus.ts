import { performance } from 'node:perf_hooks';
import type { Frame, Locator, Page } from 'playwright-core';
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

/** What the suite saw of one page of a corpus file. */
export interface Observation {
  file: CorpusFile;
  /** The page number, from 1: page 1 of every file, and the middle and last pages of a longer one (pagesToCompare). */
  page: number;
  viewerPages: number;
  /** From the route's change to page 1 drawn (its text layer ready) in the viewer; null for the first file, opened through the folder screen, and for later pages. */
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

/** The pages of an `count`-page file the suite compares: the first, the middle and the last (every page of a short file; three keep a long one's cost in check). */
export function pagesToCompare(count: number): number[] {
  return [...new Set([1, Math.ceil(count / 2), count])].filter((page) => page >= 1 && page <= count);
}

/** Base-64 PNG of a data URL. */
function pngOf(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

/** The server's thumbnail of a page (PDFium), once its job has drawn it. */
async function serverThumbnail(baseUrl: string, token: string, id: number, page: number): Promise<Buffer> {
  const answer = await e2eWaitFor(
    async () => {
      const response = await fetch(`${baseUrl}/api/documents/${id}/data/base64/thumbnails?first=${page}&count=1&width=${THUMBNAIL_WIDTH}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) return null;
      const body = (await response.json()) as { thumbnails: { base64: string }[] };
      return body.thumbnails[0]?.base64 ?? null;
    },
    { until: (base64) => base64 !== null, what: `the server's thumbnail of page ${page} of document ${id}` },
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

  /** Waits until page `pageNumber` of the document now shown is drawn with its text layer. */
  const waitForPage = (pageNumber: number): Promise<void> => textLayerOf(pageNumber).waitFor({ state: 'attached' });
  /** The canvas of page `pageNumber` of the document now shown (not one of an earlier document's, marked data-seen). */
  const canvasOf = (pageNumber: number): Locator => app.locator('canvas:not([data-seen])').and(viewer.pageCanvas(pageNumber));
  // Attached, not visible: an image page's text layer is empty and has no size.
  const textLayerOf = (pageNumber: number): Locator => canvasOf(pageNumber).locator('xpath=..').locator('[data-text-layer="ready"]');

  /**
   * Reads the viewer's drawing and words of one page and has bare pdf.js draw it (awaited: the
   * viewer moves on next); poppler and the thumbnail go on in the background, in `later` (wrapped,
   * or the async function would wait for it).
   */
  const observePage = async (
    file: CorpusFile,
    id: number,
    pageNumber: number,
    viewerPages: number,
    drawMs: number | null,
  ): Promise<{ later: Promise<Observation> }> => {
    const drawn = await canvasOf(pageNumber).evaluate((element) => {
      const drawing = element as HTMLCanvasElement;
      return { width: drawing.width, height: drawing.height, png: drawing.toDataURL('image/png') };
    });
    // Each piece of text on its own: the layer's spans and line breaks are absolutely placed, not spaced.
    const viewerWords = wordsOf(
      await textLayerOf(pageNumber).evaluate((layer) => {
        const pieces: string[] = [];
        const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) pieces.push(node.textContent ?? '');
        return pieces.join(' ');
      }),
    );
    const barePng = await drawWithBarePdfjs(bare, { name: file.name, page: pageNumber, width: drawn.width, height: drawn.height });
    // poppler and the thumbnail wait go on while the browser draws the next pages.
    const observation = Promise.all([
      serverThumbnail(baseUrl, token, id, pageNumber),
      popplerView(file.bytes, THUMBNAIL_WIDTH, pageNumber),
      // poppler at the viewer's size only where it stands in for pdf.js: so large, each costs seconds.
      file.pdfjsDefect === undefined ? null : popplerView(file.bytes, drawn.width, pageNumber),
    ]).then(([thumbnailPng, poppler, atViewerSize]) => ({
      file,
      page: pageNumber,
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
    return { later: observation };
  };

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
    await waitForPage(1);
    const drawMs = index > 0 ? performance.now() - started : null;
    const viewerPages = await viewer.pageCount();
    for (const pageNumber of pagesToCompare(viewerPages)) {
      if (pageNumber > 1) {
        await viewer.goToPage(pageNumber);
        await waitForPage(pageNumber);
      }
      pending.push((await observePage(file, ids[index], pageNumber, viewerPages, pageNumber === 1 ? drawMs : null)).later);
    }
  }
  return Promise.all(pending);
}
