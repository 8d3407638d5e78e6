import type { Page } from 'playwright-core';

/**
 * Every frame of the window whose page scrolls sideways (document.scrollingElement wider than its
 * box), as "<url> <scrollWidth> > <clientWidth>"; [] when none does. Frames that go away while
 * being read are passed over.
 */
export async function sidewaysScrolls(page: Page): Promise<string[]> {
  const wide: string[] = [];
  for (const frame of page.frames()) {
    const size = await frame
      .evaluate(() => {
        const root = document.scrollingElement;
        return root === null ? null : { scroll: root.scrollWidth, client: root.clientWidth };
      })
      .catch(() => null);
    if (size !== null && size.scroll > size.client) wide.push(`${frame.url()} ${size.scroll} > ${size.client}`);
  }
  return wide;
}
