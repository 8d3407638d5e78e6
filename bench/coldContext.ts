import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** A fresh browser context with one page whose HTTP cache is off, and the DevTools session that turned it off. */
export interface ColdContext {
  context: BrowserContext;
  page: Page;
  session: CDPSession;
}

/**
 * A cold visit's browser: a new context (empty cache and storage) at the viewer bench's size,
 * one page, and the cache disabled through the DevTools protocol so that every request of the
 * measurement goes to the server. The caller closes `context`.
 */
export async function coldContext(browser: Browser): Promise<ColdContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    return { context, page, session };
  } catch (error) {
    await context.close();
    throw error;
  }
}
