import type { Browser, CDPSession, Frame, Page } from 'playwright-core';
import { DemoErpPage } from '../test/e2e/pages/DemoErpPage';
import { FoldersPage } from '../test/e2e/pages/FoldersPage';
import { ViewerPage } from '../test/e2e/pages/ViewerPage';
import { countInkPixels } from '../test/e2e/support/countInkPixels';
import { coldContext } from './coldContext';

/** One cold visit: a fresh browser context (empty cache), the ERP page, a record, a document. */
export interface VisitFigures {
  /** From the iframe's navigation start to the first folder row in the DOM and a frame painted. */
  folderListMs: number;
  /** From the click on Open to page 1 of the PDF drawn (rendered canvas with ink). */
  firstPageMs: number;
  /**
   * The same, for a second opening in the same page after Back: the viewer's code and its one
   * pdf.js worker are already loaded, so this is what a clerk going through a folder feels.
   */
  laterOpeningMs: number;
  /** Body bytes of every request for the document's data during the visit, aborted ones included. */
  documentBytes: number;
  /** How many requests for the document's data, and how many were range answers (206). */
  documentRequests: number;
  rangeResponses: number;
}

/** Counts the body bytes Chromium receives per URL pattern, through the DevTools protocol. */
class ByteCounter {
  private readonly urls = new Map<string, string>();
  private readonly statuses = new Map<string, number>();
  private readonly bytes = new Map<string, number>();

  constructor(session: CDPSession) {
    session.on('Network.requestWillBeSent', (event) => this.urls.set(event.requestId, event.request.url));
    session.on('Network.responseReceived', (event) => this.statuses.set(event.requestId, event.response.status));
    session.on('Network.dataReceived', (event) =>
      this.bytes.set(event.requestId, (this.bytes.get(event.requestId) ?? 0) + event.dataLength),
    );
  }

  /** Totals for the requests whose URL matches. */
  totals(pattern: RegExp): { bytes: number; requests: number; ranges: number } {
    let bytes = 0;
    let requests = 0;
    let ranges = 0;
    for (const [id, url] of this.urls) {
      if (!pattern.test(url)) continue;
      requests++;
      bytes += this.bytes.get(id) ?? 0;
      if (this.statuses.get(id) === 206) ranges++;
    }
    return { bytes, requests, ranges };
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
function waitForFolderRowPainted(): Promise<number> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (document.querySelector('[role="tree"] [role="treeitem"]')) {
        requestAnimationFrame(() => resolve(performance.now()));
        return;
      }
      requestAnimationFrame(check);
    };
    check();
  });
}

/**
 * Runs in the iframe: clicks Open and resolves with the milliseconds until the canvas of page 1
 * reports a finished render and holds ink.
 */
function openAndTimeFirstPage(countInk: (canvas: Element) => number): Promise<number> {
  return new Promise((resolve, reject) => {
    const toolbar = document.querySelector('[role="toolbar"][aria-label="Document actions"]');
    const open = [...(toolbar?.querySelectorAll('button') ?? [])].find((button) => button.textContent?.trim() === 'Open');
    if (!open) {
      reject(new Error('no Open button'));
      return;
    }
    const started = performance.now();
    open.click();
    const check = (): void => {
      const canvas = document.querySelector('canvas[aria-label="Page 1"][data-rendered="true"]');
      if (canvas && countInk(canvas) > 0) {
        resolve(performance.now() - started);
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

/** One cold visit of the ERP page as `username`: folder list of `recordName`, the document opened, then Back and opened again. */
export async function measureColdVisit(
  browser: Browser,
  baseUrl: string,
  username: string,
  recordName: string,
  folderName: string,
  document: { id: number; name: string },
): Promise<VisitFigures> {
  const { context, page, session } = await coldContext(browser);
  try {
    const counter = new ByteCounter(session);

    const erp = new DemoErpPage(page, baseUrl);
    await erp.open();
    await erp.switchUser(username);
    await erp.openRecord(recordName);
    const frame = await documentsFrame(page);
    const folderListMs = await frame.evaluate(waitForFolderRowPainted);

    const folders = new FoldersPage(page, erp.documentsFrame());
    await folders.selectDocument(document.name, folderName);
    // Functions cannot be passed as arguments, so the call is sent as source: the very ink
    // counter the e2e test uses runs in the page.
    const timeOpening = async (): Promise<number> =>
      Number(await frame.evaluate(`(${openAndTimeFirstPage.toString()})(${countInkPixels.toString()})`));
    const firstPageMs = await timeOpening();
    // Let any request still streaming finish or be cancelled before counting.
    await page.waitForTimeout(1500);
    // Bytes are those of the first opening only: the later one below would double them.
    const totals = counter.totals(new RegExp(`/api/documents/${document.id}/data(\\?|$)`));

    const viewer = new ViewerPage(erp.documentsFrame());
    await viewer.back();
    await folders.selectDocument(document.name, folderName);
    const laterOpeningMs = await timeOpening();
    return {
      folderListMs,
      firstPageMs,
      laterOpeningMs,
      documentBytes: totals.bytes,
      documentRequests: totals.requests,
      rangeResponses: totals.ranges,
    };
  } finally {
    await context.close();
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
