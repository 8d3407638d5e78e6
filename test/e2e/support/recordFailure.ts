import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { LOG_LINES, type WindowLog } from './WindowLog';

/** Where failure records go (git-ignored). */
const FAILURE_DIR = resolve(__dirname, '..', '..', '..', 'test-results', 'e2e');

/** Playwright's time-out for each step: a window that no longer answers must not hold the record up. */
const STEP_MS = 5_000;

/**
 * Writes down what each window (the caller passes the open ones) showed when a flow failed: a
 * screenshot, every frame's URL and visible text, and the window's log. Answers the text file's
 * path; the caller prints it.
 */
export async function recordFailure(testPath: string, what: string, windows: readonly WindowLog[]): Promise<string> {
  await mkdir(FAILURE_DIR, { recursive: true });
  const stem = `${basename(testPath).replace(/\.test\.ts$/, '')}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const sections: string[] = [`Failed: ${what}`, `File: ${testPath}`];
  for (const [index, log] of windows.entries()) {
    const { page } = log;
    const shot = join(FAILURE_DIR, `${stem}-window${index + 1}.png`);
    const shotTaken = await page.screenshot({ path: shot, fullPage: true, timeout: STEP_MS }).then(
      () => true,
      () => false,
    );
    sections.push(`\n== Window ${index + 1}: ${page.url()}${shotTaken ? ` (screenshot ${shot})` : ' (no screenshot)'}`);
    for (const frame of page.frames()) {
      const text = await frame
        .locator('body')
        .innerText({ timeout: STEP_MS })
        .catch(() => '(no text: the frame did not answer in time)');
      sections.push(`\n-- Frame ${frame === page.mainFrame() ? 'main' : frame.name() || '(unnamed)'}: ${frame.url()}\n${text}`);
    }
    sections.push(`\n-- Log of window ${index + 1} (latest ${LOG_LINES} lines)\n${log.tail.join('\n')}`);
  }
  const file = join(FAILURE_DIR, `${stem}.txt`);
  await writeFile(file, sections.join('\n'));
  return file;
}
