import type { Browser, CDPSession, Frame, Page } from 'playwright-core';
import { DemoErpPage } from '../test/e2e/pages/DemoErpPage';
import { FoldersPage } from '../test/e2e/pages/FoldersPage';
import { ViewerPage } from '../test/e2e/pages/ViewerPage';
import { countInkPixels } from '../test/e2e/support/countInkPixels';
import { coldContext } from './coldContext';

/** How long any one wait of a visit may take before the bench gives up with the reason. */
const DEADLINE_MS = 60_000;

/** What a visit opens: the demo user, the record and the folder the document is in. */
export interface VisitTarget {
  username: string;
  recordName: string;
  folderName: string;
  document: { id: number; name: string };
}

/** One cold visit: a fresh browser context (empty cache, cache off), the ERP page, a record, the document double-clicked. */
export interface ColdVisitFigures {
  /** From the iframe's navigation start to the first folder row in the DOM and a frame painted. */
  folderListMs: number;
  /**
   * From the double-click on the document's row to page 1 drawn (rendered canvas with ink), with
   * no pdf.js loaded before it (checked): select and open are one gesture, so the selection's
   * prefetch of pdf.js starts at the same moment as the opening and gives it no head start.
   */
  coldOpenMs: number;
  /**
   * The same, for a second opening in the same page after Back: the viewer's code and its one
   * pdf.js worker are already loaded, so this is what a clerk going through a folder feels.
   */
  laterOpeningMs: number;
  /** Body bytes of every request for the document's data during the first opening, aborted ones included. */
  documentBytes: number;
  /** How many requests for the document's data, and how many were range answers (206). */
  documentRequests: number;
  rangeResponses: number;
}

/** One visit with the product's prefetch: the document selected, pdf.js loaded by the selection, then Open. */
export interface PrefetchedVisitFigures {
  /** From the click that selects the document until the pdf.js chunks it prefetches have arrived. */
  prefetchMs: number;
  /** From the click on Open (pdf.js loaded and evaluated, the worker not started) to page 1 drawn. */
  warmOpenMs: number;
  /** From the selecting click to page 1 drawn, Open clicked as soon as pdf.js was in: the feature as a user who pauses that long feels it. */
  selectToDrawnMs: number;
}

/** Counts the body bytes Chromium receives per URL pattern, and which requests are still under way, through the DevTools protocol. */
class ByteCounter {
  private readonly urls = new Map<string, string>();
  private readonly statuses = new Map<string, number>();
  private readonly bytes = new Map<string, number>();
  private readonly done = new Set<string>();

  constructor(session: CDPSession) {
    session.on('Network.requestWillBeSent', (event) => this.urls.set(event.requestId, event.request.url));
    session.on('Network.responseReceived', (event) => this.statuses.set(event.requestId, event.response.status));
    session.on('Network.dataReceived', (event) =>
      this.bytes.set(event.requestId, (this.bytes.get(event.requestId) ?? 0) + event.dataLength),
    );
    session.on('Network.loadingFinished', (event) => this.done.add(event.requestId));
    session.on('Network.loadingFailed', (event) => this.done.add(event.requestId));
  }

  /** Totals for the requests whose URL matches, and how many of them have neither finished nor failed yet. */
  totals(pattern: RegExp): { bytes: number; requests: number; ranges: number; open: number } {
    let bytes = 0;
    let requests = 0;
    let ranges = 0;
    let open = 0;
    for (const [id, url] of this.urls) {
      if (!pattern.test(url)) continue;
      requests++;
      bytes += this.bytes.get(id) ?? 0;
      if (this.statuses.get(id) === 206) ranges++;
      if (!this.done.has(id)) open++;
    }
    return { bytes, requests, ranges, open };
  }

  /** Resolves with the totals once every matching request has finished or been cancelled (a minute at most). */
  async settled(page: Page, pattern: RegExp): Promise<{ bytes: number; requests: number; ranges: number }> {
    const deadline = Date.now() + DEADLINE_MS;
    for (;;) {
      const totals = this.totals(pattern);
      if (totals.open === 0) return totals;
      if (Date.now() > deadline) throw new Error(`${totals.open} request(s) for ${pattern} still open after ${DEADLINE_MS} ms`);
      // Chromium's events arrive between turns of this loop; one animation frame of the page apart.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
  }
}

async function documentsFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="Datahaven Documents"]').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the ERP page has no Datahaven iframe');
  return frame;
}

/**
 * Runs in the iframe: resolves with performance.now() (relative to the frame's navigation
 * start) once a folder row exists and the browser has painted a frame after it.
 */
export function waitForFolderRowPainted(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const check = (): void => {
      if (document.querySelector('[role="tree"] [role="treeitem"]')) {
        requestAnimationFrame(() => resolve(performance.now()));
        return;
      }
      if (performance.now() - started > 60_000) {
        reject(new Error('no folder row within 60 s'));
        return;
      }
      requestAnimationFrame(check);
    };
    check();
  });
}

/** Runs in the iframe: the pdf.js files the frame has fetched so far (the chunk, its loader, the worker). */
function pdfjsResources(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /\/assets\/(pdfjs|pdfjs-loader|pdf\.worker)[.-]/.test(name));
}

/**
 * Runs in the iframe (sent as source with the ink counter): resolves with performance.now() once
 * page 1's canvas reports a finished render and holds ink, checked once a frame.
 */
function drawnAt(countInk: (canvas: Element) => number, started: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const canvas = document.querySelector('canvas[aria-label="Page 1"][data-rendered="true"]');
      if (canvas && countInk(canvas) > 0) {
        resolve(performance.now());
        return;
      }
      if (performance.now() - started > 60_000) {
        reject(new Error('page 1 was not drawn within 60 s'));
        return;
      }
      requestAnimationFrame(check);
    };
    check();
  });
}

/**
 * Runs in the iframe: double-clicks the document's row (a click, then a dblclick, as the browser
 * sends them) and resolves with the milliseconds until page 1 is drawn.
 */
async function doubleClickAndTimeFirstPage(
  documentId: number,
  countInk: (canvas: Element) => number,
  drawn: typeof drawnAt,
): Promise<number> {
  const row = document.querySelector(`[role="treeitem"][data-document-id="${documentId}"]`);
  if (!row) throw new Error(`no row for document ${documentId}`);
  const started = performance.now();
  row.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
  row.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 2 }));
  row.dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true, detail: 2 }));
  return (await drawn(countInk, started)) - started;
}

/** Runs in the iframe: clicks the toolbar's Open and resolves with the milliseconds until page 1 is drawn. */
async function openAndTimeFirstPage(countInk: (canvas: Element) => number, drawn: typeof drawnAt): Promise<number> {
  const toolbar = document.querySelector('[role="toolbar"][aria-label="Document actions"]');
  const open = [...(toolbar?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.trim() === 'Open');
  if (!open) throw new Error('no Open button');
  const started = performance.now();
  open.click();
  return (await drawn(countInk, started)) - started;
}

/**
 * Runs in the iframe: selects the document with a click, waits until the pdf.js chunk and its
 * loader that the selection prefetches have arrived and two frames have passed (the chunk runs
 * when it arrives, the import resolves in the microtasks after), then clicks Open at once.
 */
async function selectPrefetchOpen(
  documentId: number,
  countInk: (canvas: Element) => number,
  drawn: typeof drawnAt,
): Promise<{ prefetchMs: number; warmOpenMs: number; selectToDrawnMs: number }> {
  const row = document.querySelector<HTMLElement>(`[role="treeitem"][data-document-id="${documentId}"]`);
  if (!row) throw new Error(`no row for document ${documentId}`);
  const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
  const selectedAt = performance.now();
  row.click();
  let prefetchedAt = 0;
  for (;;) {
    const arrived = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= selectedAt && /\/assets\/pdfjs(-loader)?\.[0-9a-f]+\.js$/.test(entry.name));
    if (arrived.length >= 2) {
      prefetchedAt = Math.max(...arrived.map((entry) => (entry as PerformanceResourceTiming).responseEnd));
      break;
    }
    if (performance.now() - selectedAt > 60_000) throw new Error('the selection did not fetch pdf.js within 60 s');
    await frame();
  }
  await frame();
  await frame();
  const toolbar = document.querySelector('[role="toolbar"][aria-label="Document actions"]');
  const open = [...(toolbar?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.trim() === 'Open');
  if (!open) throw new Error('no Open button');
  const openedAt = performance.now();
  open.click();
  const drawnTime = await drawn(countInk, openedAt);
  return { prefetchMs: prefetchedAt - selectedAt, warmOpenMs: drawnTime - openedAt, selectToDrawnMs: drawnTime - selectedAt };
}

/** Runs `fn(argument, countInk, drawnAt)` in the frame: functions cannot be passed as arguments, so the call is sent as source. */
async function inFrame<T>(frame: Frame, fn: (...args: never[]) => Promise<T>, argument?: number): Promise<T> {
  const args = [argument === undefined ? null : JSON.stringify(argument), countInkPixels.toString(), drawnAt.toString()].filter(
    (part): part is string => part !== null,
  );
  return (await frame.evaluate(`(${fn.toString()})(${args.join(', ')})`)) as T;
}

/** Opens the ERP page in a fresh cold context as the visit's user, the record and its folder; resolves when the folder list is painted. */
async function openRecord(
  browser: Browser,
  baseUrl: string,
  target: VisitTarget,
): Promise<{
  page: Page;
  session: CDPSession;
  frame: Frame;
  folders: FoldersPage;
  erp: DemoErpPage;
  folderListMs: number;
  close(): Promise<void>;
}> {
  const { context, page, session } = await coldContext(browser);
  try {
    const erp = new DemoErpPage(page, baseUrl);
    await erp.open();
    await erp.switchUser(target.username);
    await erp.openRecord(target.recordName);
    const frame = await documentsFrame(page);
    const folderListMs = await frame.evaluate(waitForFolderRowPainted);
    const folders = new FoldersPage(page, erp.documentsFrame());
    // Opening the folder selects no document, so nothing is prefetched yet.
    await folders.selectFolder(target.folderName);
    await folders.document(target.document.name).waitFor();
    const loaded = await frame.evaluate(pdfjsResources);
    if (loaded.length > 0) throw new Error(`not cold: the frame loaded ${loaded.join(', ')} before the document was selected`);
    return { page, session, frame, folders, erp, folderListMs, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** One cold visit of the ERP page: folder list, the document double-clicked, then Back and opened again with Open. */
export async function measureColdVisit(browser: Browser, baseUrl: string, target: VisitTarget): Promise<ColdVisitFigures> {
  const visit = await openRecord(browser, baseUrl, target);
  try {
    const counter = new ByteCounter(visit.session);
    const coldOpenMs = await inFrame(visit.frame, doubleClickAndTimeFirstPage, target.document.id);
    // Bytes are those of the first opening only: the later one below would double them.
    const totals = await counter.settled(visit.page, new RegExp(`/api/documents/${target.document.id}/data(\\?|$)`));

    const viewer = new ViewerPage(visit.erp.documentsFrame());
    await viewer.back();
    await visit.folders.selectDocument(target.document.name, target.folderName);
    const laterOpeningMs = await inFrame(visit.frame, openAndTimeFirstPage);
    return {
      folderListMs: visit.folderListMs,
      coldOpenMs,
      laterOpeningMs,
      documentBytes: totals.bytes,
      documentRequests: totals.requests,
      rangeResponses: totals.ranges,
    };
  } finally {
    await visit.close();
  }
}

/** One visit with the product's prefetch: the document selected, Open clicked once the selection has loaded pdf.js. */
export async function measurePrefetchedVisit(browser: Browser, baseUrl: string, target: VisitTarget): Promise<PrefetchedVisitFigures> {
  const visit = await openRecord(browser, baseUrl, target);
  try {
    return await inFrame(visit.frame, selectPrefetchOpen, target.document.id);
  } finally {
    await visit.close();
  }
}

/** Reference in the same browser: a plain `fetch` of the whole file (no cache), timed in the page. */
export async function measureWholeFileFetch(browser: Browser, url: string, token: string): Promise<{ ms: number; bytes: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(new URL('/api/version', url).href);
    return await page.evaluate(
      async ({ url: target, token: bearer }) => {
        const started = performance.now();
        const response = await fetch(target, { headers: { Authorization: `Bearer ${bearer}` }, cache: 'no-store' });
        const body = await response.arrayBuffer();
        return { ms: performance.now() - started, bytes: body.byteLength };
      },
      { url, token },
    );
  } finally {
    await context.close();
  }
}
