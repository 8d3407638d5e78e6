import type { Browser, Page } from 'playwright-core';
import { missingRequirementError } from '../../../packages/server/src/test/describeNeeding';
import { CHROMIUM, launchChromium } from './launchChromium';
import { recordFailure } from './recordFailure';
import { WindowLog } from './WindowLog';
import { startDemoServer, type DemoServer } from './startDemoServer';

/** The hook test/support/e2eEnvironment.cjs calls when a test or hook of the file fails. */
type FailureRecorder = (failure: { testPath: string; what: string }) => Promise<void>;

declare global {
  var __datahavenRecordFailure: FailureRecorder | undefined;
}

/** The viewport the flows run in unless they ask for another. */
const DEFAULT_VIEWPORT = { width: 1400, height: 1000 };

/**
 * What one browser-test file shares: the demo server and Debian's Chromium, started once before
 * its tests and closed after them, and the page errors (uncaught errors and CSP refusals) of
 * every window it opened, which each flow expects to be none at its end.
 */
export class BrowserSession {
  private demoServer: DemoServer | null = null;
  private chromium: Browser | null = null;
  private readonly windows: WindowLog[] = [];
  /** Uncaught errors and Content-Security-Policy refusals of every window of this session, in order. */
  readonly errors: string[] = [];

  /** The demo server (after beforeAll). */
  get server(): DemoServer {
    if (!this.demoServer) throw new Error('The demo server has not started: use the session inside tests.');
    return this.demoServer;
  }

  /**
   * A new browser window (its own context, as a second browser would be) whose page errors are
   * collected; `device.touch` makes it a phone's (touch events, a mobile viewport).
   */
  async newWindow(viewport: { width: number; height: number } = DEFAULT_VIEWPORT, device: { touch?: boolean } = {}): Promise<Page> {
    if (!this.chromium) throw new Error('Chromium has not started: use the session inside tests.');
    const context = await this.chromium.newContext({
      viewport,
      ...(device.touch === true ? { hasTouch: true, isMobile: true } : {}),
    });
    const page = await context.newPage();
    this.windows.push(new WindowLog(page));
    page.on('pageerror', (error) => this.errors.push(error.message));
    // A page script, worker or wasm module our CSP refused (SECURITY.md rows 1 and 3) counts as an error too.
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) this.errors.push(message.text());
    });
    return page;
  }

  /** Starts the server and Chromium (beforeAll); without Chromium (a CI run, which never skips), fails in words. */
  async start(): Promise<void> {
    const absence = CHROMIUM.absence();
    if (absence !== null) throw missingRequirementError(CHROMIUM, absence);
    globalThis.__datahavenRecordFailure = (failure) => this.recordFailure(failure.testPath, failure.what);
    this.demoServer = await startDemoServer();
    this.chromium = await launchChromium();
  }

  /** Writes what the windows showed when a flow failed (test-results/e2e) and prints where, with each window's latest lines. */
  private async recordFailure(testPath: string, what: string): Promise<void> {
    const open = this.windows.filter((log) => !log.page.isClosed());
    if (open.length === 0) return;
    const file = await recordFailure(testPath, what, open);
    const tails = open.map((log, index) => `Window ${index + 1}, latest lines:\n${log.tail.slice(-30).join('\n')}`);
    process.stderr.write(`\n${what} failed; what the browser showed is in ${file}\n${tails.join('\n')}\n`);
  }

  /** Closes Chromium and the server (afterAll). */
  async close(): Promise<void> {
    globalThis.__datahavenRecordFailure = undefined;
    await this.chromium?.close();
    await this.demoServer?.close();
  }
}

/** A BrowserSession started in this file's beforeAll and closed in its afterAll. */
export function useBrowserSession(): BrowserSession {
  const session = new BrowserSession();
  beforeAll(() => session.start());
  afterAll(() => session.close());
  return session;
}
