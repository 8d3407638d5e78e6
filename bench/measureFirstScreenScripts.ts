import { gzipSync } from 'node:zlib';
import type { Browser, Frame, Page, Response } from 'playwright-core';
import { DemoErpPage } from '../test/e2e/pages/DemoErpPage';
import { coldContext } from './coldContext';
import { waitForFolderRowPainted } from './measureInChromium';

/**
 * The gzip level the bodies are compressed at. Our server sends scripts uncompressed (the
 * transfer below is their full size); a proxy or CDN in front of it compresses, and zlib's
 * default level 6 is what compression middleware and most proxies use.
 */
export const FIRST_SCREEN_GZIP_LEVEL = 6;

/** When the ERP host's first screen counts as usable: printed beside the figure. */
export const ERP_FIRST_SCREEN_USABLE = "a record's folder list: its first row in the DOM and a frame painted after it";

/** One script the first screen loaded before it was usable. */
export interface FirstScreenScript {
  url: string;
  /** Bytes on the wire as Chromium's Resource Timing saw them (encoded body: the server does not compress). */
  transferBytes: number;
  /** The body gzipped at FIRST_SCREEN_GZIP_LEVEL. */
  gzipBytes: number;
}

/** What the ERP iframe loaded until its first screen was usable. */
export interface FirstScreenScripts {
  /** From the iframe's navigation start until usable (ERP_FIRST_SCREEN_USABLE). */
  usableMs: number;
  /** Every script (.js, .mjs) whose response ended before that moment, in the order they ended. */
  scripts: FirstScreenScript[];
  /** Scripts the frame had fetched by then whose responses ended after it (not counted). */
  laterScripts: number;
}

/** A frame's Resource Timing entry, as much of it as the count needs. */
interface ResourceEntry {
  name: string;
  responseEnd: number;
  encodedBodySize: number;
}

/** Runs in the frame: its Resource Timing entries (same clock as the usable moment). */
function resourceEntries(): ResourceEntry[] {
  return performance.getEntriesByType('resource').map((entry) => {
    const timing = entry as PerformanceResourceTiming;
    return { name: timing.name, responseEnd: timing.responseEnd, encodedBodySize: timing.encodedBodySize };
  });
}

const isScript = (url: string): boolean => /\.m?js(\?|$)/.test(new URL(url).pathname);

async function documentsFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="Datahaven Documents"]').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the ERP page has no Datahaven iframe');
  return frame;
}

/**
 * The ERP host's first screen in Chromium, cold (fresh context, cache off): the demo ERP page
 * opens a record as `username`, our iframe lists its folders. Every script response of the
 * iframe is kept as Chromium received it (Playwright's response events); the frame's own
 * Resource Timing says which ended before the folder list was painted. Those are gzipped here at
 * FIRST_SCREEN_GZIP_LEVEL. The host page's own scripts (Business Central's, here the demo's) are
 * not ours and not counted.
 */
export async function measureFirstScreenScripts(
  browser: Browser,
  baseUrl: string,
  username: string,
  recordName: string,
): Promise<FirstScreenScripts> {
  const { context, page } = await coldContext(browser);
  try {
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response: Response) => {
      if (response.frame() === page.mainFrame() || !isScript(response.url())) return;
      const body = response.body();
      // Read later, when counted; one never counted must not surface as an unhandled rejection.
      body.catch(() => undefined);
      bodies.set(response.url(), body);
    });
    const erp = new DemoErpPage(page, baseUrl);
    await erp.open();
    await erp.switchUser(username);
    await erp.openRecord(recordName);
    const frame = await documentsFrame(page);
    const usableMs = await frame.evaluate(waitForFolderRowPainted);
    const entries = (await frame.evaluate(resourceEntries)).filter((entry) => isScript(entry.name));
    const before = entries.filter((entry) => entry.responseEnd <= usableMs).sort((a, b) => a.responseEnd - b.responseEnd);
    const scripts: FirstScreenScript[] = [];
    for (const entry of before) {
      const body = bodies.get(entry.name);
      if (body === undefined) throw new Error(`Resource Timing lists ${entry.name} but Chromium reported no response for it`);
      scripts.push({
        url: entry.name,
        transferBytes: entry.encodedBodySize,
        gzipBytes: gzipSync(await body, { level: FIRST_SCREEN_GZIP_LEVEL }).length,
      });
    }
    return { usableMs, scripts, laterScripts: entries.length - before.length };
  } finally {
    await context.close();
  }
}
