import { accessSync, constants } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { TestRequirement } from '../../../packages/server/src/test/TestRequirement';

/** Debian's Chromium; the tests never download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium at CHROMIUM_PATH, which every browser flow drives (test/e2e/support/e2eNeedsChromium.ts). */
export const CHROMIUM: TestRequirement = {
  name: 'Chromium',
  howToProvide: `install Debian's chromium (apt-get install chromium), which puts it at ${CHROMIUM_PATH}`,
  absence() {
    try {
      accessSync(CHROMIUM_PATH, constants.X_OK);
      return null;
    } catch {
      return { reason: `Chromium not found at ${CHROMIUM_PATH}`, declared: false };
    }
  },
};

/** Starts headless Chromium with the flags that keep it quiet and offline in CI. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
