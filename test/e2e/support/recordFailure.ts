import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** Where failure records go (git-ignored; CI keeps the folder's files with the run's output). */
export const FAILURE_DIR = resolve(__dirname, '..', '..', '..', 'test-results', 'e2e');

/** How many of a window's latest console lines, failed requests and error answers a record keeps. */
const LOG_LINES = 200;

/** Per-step budget: a window that no longer answers must not hold the record up. */
const STEP_MS = 5_000;

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
    page.on('requestfailed', (request) => this.add(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`));
    page.on('response', (response) => {
      if (response.status() >= 400) this.add(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    page.on('framenavigated', (frame) => this.add(`navigated: ${frame === page.mainFrame() ? 'page' : `frame ${frame.name() || '(unnamed)'}`} → ${frame.url()}`));
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

/** Resolves to the promise's value, or to `fallback` when it fails or STEP_MS have passed. */
async function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.catch(() => fallback),
      new Promise<T>((done) => {
        timer = setTimeout(() => done(fallback), STEP_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Writes down what each open window showed when a flow failed: a screenshot, every frame's URL
 * and visible text, and the window's log. Answers the text file's path; the caller prints it.
 */
export async function recordFailure(testPath: string, what: string, windows: readonly WindowLog[]): Promise<string> {
  await mkdir(FAILURE_DIR, { recursive: true });
  const stem = `${basename(testPath).replace(/\.test\.ts$/, '')}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const sections: string[] = [`Failed: ${what}`, `File: ${testPath}`];
  for (const [index, log] of windows.entries()) {
    const { page } = log;
    if (page.isClosed()) continue;
    const shot = join(FAILURE_DIR, `${stem}-window${index + 1}.png`);
    const shotTaken = await within(page.screenshot({ path: shot, fullPage: true }).then(() => true), false);
    sections.push(`\n== Window ${index + 1}: ${page.url()}${shotTaken ? ` (screenshot ${shot})` : ' (no screenshot)'}`);
    for (const frame of page.frames()) {
      const text = await within(frame.locator('body').innerText({ timeout: STEP_MS }), '(no text: the frame did not answer in time)');
      sections.push(`\n-- Frame ${frame === page.mainFrame() ? 'main' : frame.name() || '(unnamed)'}: ${frame.url()}\n${text}`);
    }
    sections.push(`\n-- Log of window ${index + 1} (latest ${LOG_LINES} lines)\n${log.tail.join('\n')}`);
  }
  const file = join(FAILURE_DIR, `${stem}.txt`);
  await writeFile(file, sections.join('\n'));
  return file;
}
