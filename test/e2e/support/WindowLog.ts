import type { Page } from 'playwright-core';

/** How many of a window's latest console lines, failed requests and error answers a record keeps. */
export const LOG_LINES = 200;

/**
 * What a browser window said while a flow ran (console, page errors, failed requests, answers
 * of 400 and above), the latest LOG_LINES of it, with the time since the window opened, so a
 * failure's record shows what led up to it.
 */
export class WindowLog {
  private readonly lines: string[] = [];
  private readonly openedAt = Date.now();

  constructor(readonly page: Page) {
    page.on('console', (message) => this.add(`console.${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => this.add(`pageerror: ${error.message}`));
    page.on('requestfailed', (request) =>
      this.add(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400) this.add(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    page.on('framenavigated', (frame) =>
      this.add(`navigated: ${frame === page.mainFrame() ? 'page' : `frame ${frame.name() || '(unnamed)'}`} → ${frame.url()}`),
    );
    page.on('crash', () => this.add('the page crashed'));
  }

  private add(line: string): void {
    this.lines.push(`+${((Date.now() - this.openedAt) / 1000).toFixed(1)}s ${line}`);
    if (this.lines.length > LOG_LINES) this.lines.shift();
  }

  /** The kept lines, oldest first. */
  get tail(): readonly string[] {
    return this.lines;
  }
}
