import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { encodeDocumentId } from '../../packages/core/src/model';
import { type BareReference, drawWithBarePdfjs, startBareReference } from '../rendering/bareReference';
import { inkOf, meanAbsoluteDifference, writeSideBySide } from '../rendering/compareImages';
import { type CorpusFile, makeRenderingCorpus } from '../rendering/corpus/makeRenderingCorpus';
import { popplerView, type PopplerView, wordsOf } from '../rendering/popplerReference';
import { findRecordFolder, uploadPdf } from '../rendering/uploadIntoRecordFolder';
import { DemoErpPage } from './pages/DemoErpPage';
import { FoldersPage } from './pages/FoldersPage';
import { ViewerPage } from './pages/ViewerPage';
import { useBrowserSession } from './support/browserSession';
import { demoTokenOf } from './support/demoApi';
import { e2eWaitFor } from './support/e2eWaitFor';

const USER = 'clerk';
const RECORD = 'Litware Office';
const FOLDER = 'Invoices';
/** Width of the server's thumbnail and of poppler's drawing it is compared with. */
const THUMBNAIL_WIDTH = 160;

/**
 * The largest mean greyscale difference (0–255, at 96 × 96) allowed between two drawings of the
 * same page. Viewer against bare pdf.js is the same engine at the same size: measured 0.00 on
 * every file. Against poppler (another engine, its own anti-aliasing, colour conversion and image
 * smoothing): measured 0.2 (viewer) and up to 8.2 (PDFium's thumbnails; Separation, CMYK).
 * A blank page against a drawn one is 30 or more.
 */
const SAME_ENGINE_LIMIT = 2;
const OTHER_ENGINE_LIMIT = 16;
/** Blur (sigma, in 96 × 96 pixels) before comparing two engines' drawings (compareImages.ts says why). */
const OTHER_ENGINE_BLUR = 1.5;
/** Share of words (as sets) the viewer's text layer and pdftotext must have in common. */
const WORD_OVERLAP_MIN = 0.8;

/** What the suite saw of one corpus file. */
interface Observation {
  file: CorpusFile;
  viewerPages: number;
  viewerPng: Buffer;
  barePng: Buffer;
  viewerWords: string[];
  thumbnailPng: Buffer;
  poppler: PopplerView;
  /** poppler's page 1 at the viewer's canvas width. */
  popplerAtViewerSize: Buffer;
}

const session = useBrowserSession();
const failureDir = mkdtempSync(join(tmpdir(), 'datahaven-rendering-fidelity-'));
const observations: Observation[] = [];
let reference: BareReference;

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

/** A finding about one file: its name, the check, the figure and where its side-by-side picture went. */
async function finding(name: string, check: string, figure: string, viewer?: Buffer, other?: Buffer): Promise<string> {
  const picture = viewer && other ? ` (${await writeSideBySide(failureDir, `${name}-${check}`, viewer, other)})` : '';
  return `${name}: ${check} ${figure}${picture}`;
}

beforeAll(async () => {
  const corpus = await makeRenderingCorpus();
  reference = await startBareReference(new Map(corpus.map((file) => [file.name, file.bytes])));
  const { baseUrl } = session.server;
  const token = await demoTokenOf(baseUrl, USER);
  const folder = await findRecordFolder(baseUrl, token, RECORD, FOLDER);
  const ids: number[] = [];
  for (const file of corpus) ids.push(await uploadPdf(folder, `${file.name}.pdf`, file.bytes));

  // One window for the viewer (the ERP page, the record, the folder; then each document by its
  // /viewer/{id} route, so pdf.js's one worker serves them all as it does a clerk), one for bare pdf.js.
  const page = await session.newWindow();
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
  const bare = await session.newWindow();
  await bare.goto(`${reference.baseUrl}/`);

  const pending: Promise<Observation>[] = [];
  for (const [index, file] of corpus.entries()) {
    // The first document is open already (through the folder screen); the others by their route.
    if (index > 0) {
      const frame = appFrame(page);
      // Marks the page now shown, so the wait below cannot take it for the next document's.
      await frame.evaluate(() => document.querySelectorAll('canvas').forEach((canvas) => canvas.setAttribute('data-seen', '')));
      await frame.evaluate((path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `${viewerPath}${encodeURIComponent(encodeDocumentId(ids[index]))}`);
    }
    const canvas = app.locator('canvas:not([data-seen])').and(viewer.pageCanvas(1));
    const textLayer = canvas.locator('xpath=..').locator('[data-text-layer="ready"]');
    // Attached, not visible: an image page's text layer is empty and has no size.
    await textLayer.waitFor({ state: 'attached' });
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
    pending.push(
      Promise.all([
        serverThumbnail(baseUrl, token, ids[index]),
        popplerView(file.bytes, THUMBNAIL_WIDTH),
        popplerView(file.bytes, drawn.width),
      ]).then(([thumbnailPng, poppler, atViewerSize]) => ({
        file,
        viewerPages,
        viewerPng: pngOf(drawn.png),
        barePng,
        viewerWords,
        thumbnailPng,
        poppler,
        popplerAtViewerSize: atViewerSize.png,
      })),
    );
  }
  observations.push(...(await Promise.all(pending)));
  process.stdout.write(`rendering fidelity: ${observations.length} files; pictures of any finding in ${failureDir}\n`);
});

afterAll(() => reference?.close());

describe('rendering fidelity: the viewer draws what pdf.js draws, the server what poppler draws', () => {
  it('draws every page of the corpus as bare pdf.js draws it (or, where pdf.js has a defect the viewer works around, as poppler does)', async () => {
    expect(observations.length).toBeGreaterThan(30);
    const findings: string[] = [];
    const figures: string[] = [];
    for (const seen of observations) {
      const { name, pdfjsDefect } = seen.file;
      const against = pdfjsDefect === undefined ? seen.barePng : seen.popplerAtViewerSize;
      const limit = pdfjsDefect === undefined ? SAME_ENGINE_LIMIT : OTHER_ENGINE_LIMIT;
      const difference = await meanAbsoluteDifference(seen.viewerPng, against, pdfjsDefect === undefined ? 0 : OTHER_ENGINE_BLUR);
      figures.push(`${name} ${difference.toFixed(2)}`);
      if (difference > limit)
        findings.push(await finding(name, pdfjsDefect === undefined ? 'viewer-vs-pdfjs' : 'viewer-vs-poppler', difference.toFixed(2), seen.viewerPng, against));
      if (seen.file.image && (await inkOf(seen.viewerPng)) === 0) findings.push(await finding(name, 'blank-in-viewer', '0 ink', seen.viewerPng, against));
      if (seen.viewerPages !== seen.poppler.pages) findings.push(`${name}: ${seen.viewerPages} pages in the viewer, ${seen.poppler.pages} for pdfinfo`);
    }
    process.stdout.write(`viewer difference by file: ${figures.join(', ')}\n`);
    expect(findings).toEqual([]);
  });

  it("draws ImageMagick's three ICC grey files (sRGB profile, /N 1; plain, LZW, ASCII85), which bare pdf.js leaves blank", () => {
    const greys = observations.filter((seen) => seen.file.name.startsWith('imagemagick-icc-gray-'));
    expect(greys.map((seen) => seen.file.name)).toEqual(['imagemagick-icc-gray-plain', 'imagemagick-icc-gray-lzw', 'imagemagick-icc-gray-ascii85']);
    return Promise.all(greys.map(async (seen) => expect(await inkOf(seen.viewerPng)).toBeGreaterThan(1000)));
  });

  it("makes the server's thumbnail of every page look like poppler's drawing at the same size", async () => {
    const findings: string[] = [];
    const figures: string[] = [];
    for (const seen of observations) {
      const difference = await meanAbsoluteDifference(seen.thumbnailPng, seen.poppler.png, OTHER_ENGINE_BLUR);
      figures.push(`${seen.file.name} ${difference.toFixed(1)}`);
      if (difference > OTHER_ENGINE_LIMIT) findings.push(await finding(seen.file.name, 'thumbnail-vs-pdftoppm', difference.toFixed(2), seen.thumbnailPng, seen.poppler.png));
    }
    process.stdout.write(`thumbnail difference by file: ${figures.join(', ')}\n`);
    expect(findings).toEqual([]);
  });

  it("gives the viewer's text layer the words pdftotext reads, and pdftotext the words each file was written with", () => {
    const findings: string[] = [];
    for (const seen of observations) {
      const viewer = new Set(seen.viewerWords);
      const poppler = new Set(seen.poppler.words);
      const union = new Set([...viewer, ...poppler]);
      const shared = [...viewer].filter((word) => poppler.has(word)).length;
      const overlap = union.size === 0 ? 1 : shared / union.size;
      if (overlap < WORD_OVERLAP_MIN)
        findings.push(`${seen.file.name}: word overlap ${overlap.toFixed(2)} (viewer: ${[...viewer].join(' ')} | pdftotext: ${[...poppler].join(' ')})`);
      const missing = seen.file.words.filter((word) => !poppler.has(word.toLowerCase()));
      if (missing.length > 0) findings.push(`${seen.file.name}: pdftotext lacks ${missing.join(', ')}`);
    }
    expect(findings).toEqual([]);
  });
});
