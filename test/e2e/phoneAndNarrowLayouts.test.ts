import type { FrameLocator, Locator, Page } from 'playwright-core';
import { OverflowToolbarPage } from './pages/OverflowToolbarPage';
import { PhoneQueuePage } from './pages/PhoneQueuePage';
import { TeamsSimulatorPage } from './pages/TeamsSimulatorPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { viewerTool } from './pages/viewerTool';
import { useBrowserSession } from './support/browserSession';
import { demoTokenOf, queueIdByName } from './support/demoApi';
import { e2eWaitFor } from './support/e2eWaitFor';
import { seedApprovalInvoices } from './support/seedApprovalInvoices';

/*
 * Issue 38 items 1 and 7, the phone and narrow layouts' defects replayed: toolbars that wrapped
 * between 640 and 1000 px, the viewer's More that kept focus after a choice, toasts over the phone's
 * facts, an annotation toolbar that wrapped on a phone, and a first fit-width at a few percent.
 */
const QUEUE = 'Approval L1';
const TEAMS_TAB = 'iframe[title="Datahaven Documents tab"]';
/** A small toolbar's one row is well under this; a second row would double it. */
const ROW_PX = 52;
/** The viewer's margin left and right of a page at fit width (pageLayout's PAGE_GAP). */
const PAGE_GAP = 8;

const session = useBrowserSession();

/** The Teams simulator with its channel tab already added for Approval L1, as the approver. */
async function openTeamsTab(page: Page): Promise<FrameLocator> {
  const { baseUrl } = session.server;
  const queueId = await queueIdByName(baseUrl, await demoTokenOf(baseUrl, 'approver'), QUEUE);
  const contentUrl = `${baseUrl}/teams/queues/${queueId}`;
  const saved = JSON.stringify({ entityId: `datahaven-queue-${queueId}`, contentUrl, websiteUrl: contentUrl, suggestedDisplayName: QUEUE });
  await page.addInitScript(
    ({ key, value }) => {
      if (window.top === window) window.localStorage.setItem(key, value);
    },
    { key: 'datahaven.demo.teams.tab', value: saved },
  );
  const teams = new TeamsSimulatorPage(page, baseUrl);
  await teams.openSavedTab('approver');
  const tab = teams.tabFrame();
  await tab.getByRole('heading', { name: QUEUE, exact: true }).waitFor();
  return tab;
}

/** Sets the tab's frame to `width` px and waits until the app inside sees that width. */
async function setFrameWidth(page: Page, width: number): Promise<void> {
  await page.locator(TEAMS_TAB).evaluate((frame: HTMLIFrameElement, px) => {
    frame.style.boxSizing = 'content-box';
    frame.style.flex = '0 0 auto';
    frame.style.width = `${px}px`;
  }, width);
  await e2eWaitFor(
    () =>
      page
        .frameLocator(TEAMS_TAB)
        .locator('html')
        .evaluate(() => window.innerWidth),
    { until: (inner) => inner === width, what: `the Teams tab to be ${width} px wide inside` },
  );
}

/** What has focus in the app: its accessible name and the name of the region (aside) around it. */
async function focused(app: FrameLocator): Promise<{ name: string; region: string | null }> {
  return app.locator('html').evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return { name: '', region: null };
    const region = active.closest('aside');
    return {
      name: active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '',
      region: region?.getAttribute('aria-label') ?? null,
    };
  });
}

/** Whether two boxes overlap. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A locator's box, failing in words when it is not on screen. */
async function boxOf(what: string, locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${what} is not on screen`);
  return box;
}

/** The viewer's Notes tool and the region it opens. */
const NOTES = 'Notes';

/** The annotation toolbar's actions, every one of which must stay reachable. */
const ANNOTATION_ACTIONS = [
  'Select',
  'Rectangle',
  'Text box',
  'Area',
  'Filled ellipse',
  'Ellipse',
  'Line',
  'Note',
  'Highlight',
  'Annotation colour',
  'Text size',
  'Edit text',
  'Delete annotation',
  'Undo',
  'Redo',
].sort();

/** The viewer's own tools (the host adds Print, E-mail and others). */
const VIEWER_ACTIONS = [
  'Previous page',
  'Page number',
  'Next page',
  'Zoom out',
  'Zoom in',
  'Fit to width',
  'Fit page',
  'Rotate',
  'Thumbnails',
  'Find in document',
  NOTES,
  'Download',
];

describe('toolbars between 640 and 1280 px', () => {
  it('the queue, viewer and annotation toolbars stay one row at 700, 900, 1000 and 1280 px, every action on the bar or behind More', async () => {
    const prefix = 'TBW-';
    const [invoice] = await seedApprovalInvoices(session.server, { count: 1, prefix, queue: QUEUE });
    const page = await session.newWindow({ width: 1920, height: 900 });
    const tab = await openTeamsTab(page);
    await setFrameWidth(page, 1280);
    const queue = new WorkflowQueuePage(tab, QUEUE);
    await tab.getByRole('searchbox', { name: 'Filter documents' }).fill(prefix);
    await queue.waitForDocuments([invoice.name]);
    await queue.selectWithKeyboard([invoice.name]);
    await tab.locator('canvas[data-page-number="1"][data-rendered="true"]').waitFor();
    const toolbars = [
      new OverflowToolbarPage(tab, 'Workflow actions', 'More actions'),
      new OverflowToolbarPage(tab, 'Viewer', 'More viewer tools'),
      new OverflowToolbarPage(tab, 'Annotations', 'More annotation tools'),
    ];
    const reachable = new Map<string, string[][]>(toolbars.map((toolbar) => [toolbar.name, []]));
    const overflowed = new Map<string, number>();
    for (const width of [1280, 1000, 900, 700]) {
      await setFrameWidth(page, width);
      for (const toolbar of toolbars) {
        const rows = await toolbar.waitForOneRow(ROW_PX);
        // The bar's buttons share one top (the fields among them, of other heights, share the row).
        expect([toolbar.name, width, rows.oneRow, rows.buttonTops]).toEqual([toolbar.name, width, true, 0]);
        reachable.get(toolbar.name)?.push(await toolbar.reachableNames());
        if (await toolbar.more().isVisible()) overflowed.set(toolbar.name, (overflowed.get(toolbar.name) ?? 0) + 1);
      }
    }
    // The same actions at every width: what left the bar is in More, nothing is lost.
    for (const [name, sets] of reachable) expect([name, sets]).toEqual([name, sets.map(() => sets[0])]);
    const [workflowNames, viewerNames, annotationNames] = toolbars.map((toolbar) => reachable.get(toolbar.name)?.[0] ?? []);
    expect(workflowNames).toEqual(expect.arrayContaining(['Approve', 'Reject', 'Route', 'Refresh', 'Download']));
    expect(viewerNames).toEqual(expect.arrayContaining(VIEWER_ACTIONS));
    expect(annotationNames).toEqual(ANNOTATION_ACTIONS);
    // At 700 px the queue's toolbar cannot hold all its actions: the overflow did happen.
    expect(overflowed.get('Workflow actions') ?? 0).toBeGreaterThan(0);
    expect(session.errors).toEqual([]);
  });
});

describe('on a phone', () => {
  it('the viewer’s More by keyboard: Enter opens it, a chosen Notes closes it and takes focus, Escape returns to More; the annotation toolbar is one row at 375 px', async () => {
    const prefix = 'KBM-';
    const [invoice] = await seedApprovalInvoices(session.server, { count: 1, prefix, queue: QUEUE });
    const page = await session.newWindow({ width: 375, height: 812 });
    const tab = await openTeamsTab(page);
    const phone = new PhoneQueuePage(tab, QUEUE, 'click');
    await phone.filterTo(prefix, [invoice.name]);
    await phone.open(invoice.name);
    await tab.locator('canvas[data-page-number="1"][data-rendered="true"]').waitFor();
    const viewer = new OverflowToolbarPage(tab, 'Viewer', 'More viewer tools');
    await viewer.waitForOneRow(ROW_PX);

    await viewer.more().focus();
    await page.keyboard.press('Enter');
    await viewer.panel().waitFor();
    // Arrow keys walk the panel (at most once round it) until Notes has focus.
    const seen: string[] = [];
    for (let step = 0; step < 30 && (await focused(tab)).name !== NOTES; step++) {
      seen.push((await focused(tab)).name);
      await page.keyboard.press('ArrowDown');
    }
    expect([(await focused(tab)).name, seen]).toEqual([NOTES, seen]);
    await page.keyboard.press('Enter');
    await viewer.panel().waitFor({ state: 'hidden' });
    await tab.getByRole('textbox', { name: 'New note' }).waitFor();
    expect((await focused(tab)).region).toBe(NOTES);

    await viewer.more().focus();
    await page.keyboard.press('Enter');
    await viewer.panel().waitFor();
    expect(await viewer.panel().evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await viewer.panel().waitFor({ state: 'hidden' });
    expect((await focused(tab)).name).toBe('More viewer tools');

    // Annotate shows the annotation toolbar: one row at 375 px, its other tools behind its own More.
    await (await viewerTool(tab, 'Annotate')).click();
    const annotations = new OverflowToolbarPage(tab, 'Annotations', 'More annotation tools');
    await annotations.bar().waitFor();
    const rows = await annotations.waitForOneRow(ROW_PX);
    expect([rows.oneRow, rows.buttonTops]).toEqual([true, 0]);
    expect(await annotations.more().isVisible()).toBe(true);
    expect(await annotations.reachableNames()).toEqual(ANNOTATION_ACTIONS);
    expect(session.errors).toEqual([]);
  });

  describe.each([
    { width: 375, height: 812 },
    { width: 320, height: 640 },
  ])('at $width × $height (touch)', (viewport) => {
    it('the document opens at fit width from its first drawing, never at a few percent', async () => {
      const prefix = `FIT${viewport.width}-`;
      const [invoice] = await seedApprovalInvoices(session.server, { count: 1, prefix, queue: QUEUE });
      const page = await session.newWindow(viewport, { touch: true });
      // Every drawing of page 1, as it happens: the canvas's width and the pages' scroller's width then.
      await page.addInitScript(() => {
        const drawn: { canvas: number; scroller: number }[] = [];
        const recorded = new WeakSet<Element>();
        Object.assign(window, { pageOneDrawings: drawn });
        new MutationObserver(() => {
          for (const canvas of document.querySelectorAll('canvas[data-page-number="1"][data-rendered="true"]')) {
            if (recorded.has(canvas)) continue;
            recorded.add(canvas);
            const scroller = canvas.closest('[aria-label="Document pages"]');
            drawn.push({ canvas: canvas.getBoundingClientRect().width, scroller: scroller?.clientWidth ?? 0 });
          }
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
      });
      const tab = await openTeamsTab(page);
      const phone = new PhoneQueuePage(tab, QUEUE, 'tap');
      await phone.filterTo(prefix, [invoice.name]);
      await phone.open(invoice.name);
      await tab.locator('canvas[data-page-number="1"][data-rendered="true"]').waitFor();
      const drawings = await tab
        .locator('html')
        .evaluate(() => (window as unknown as { pageOneDrawings: { canvas: number; scroller: number }[] }).pageOneDrawings);
      expect(drawings.length).toBeGreaterThan(0);
      for (const drawing of drawings) {
        // Fit width: the page fills the scroller but for its margins, from the first drawing on.
        expect([drawing, Math.abs(drawing.canvas - (drawing.scroller - 2 * PAGE_GAP)) <= 4]).toEqual([drawing, true]);
        expect(drawing.scroller).toBeGreaterThan(viewport.width / 2);
      }
      expect(session.errors).toEqual([]);
    });

    it('a toast never covers the facts or the decision bar', async () => {
      const prefix = `TST${viewport.width}-`;
      const invoices = await seedApprovalInvoices(session.server, { count: 2, prefix, queue: QUEUE });
      const page = await session.newWindow(viewport, { touch: true });
      const tab = await openTeamsTab(page);
      const phone = new PhoneQueuePage(tab, QUEUE, 'tap');
      await phone.filterTo(
        prefix,
        invoices.map((invoice) => invoice.name),
      );
      await phone.open(invoices[0].name);
      await phone.decide({ kind: 'approve', note: 'Checked against the delivery.' });
      const toast = tab.locator('.fui-Toast').filter({ hasText: 'Approved 1 document' });
      await toast.waitFor();
      // Measured once the toast's entering motion has ended.
      await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      await phone.amount().waitFor();
      const toastBox = await boxOf('the toast', toast);
      const factsBox = await boxOf('the facts', phone.facts());
      const barBox = await boxOf('the decision bar', tab.getByRole('toolbar', { name: 'Workflow actions' }));
      expect({ facts: overlaps(toastBox, factsBox), decisionBar: overlaps(toastBox, barBox) }).toEqual({
        facts: false,
        decisionBar: false,
      });
      // And it is on screen, inside the tab's frame (boxes are the window's coordinates).
      const frameBox = await boxOf('the tab', page.locator(TEAMS_TAB));
      expect(toastBox.y >= frameBox.y && toastBox.y + toastBox.height <= frameBox.y + frameBox.height).toBe(true);
      expect(session.errors).toEqual([]);
    });
  });
});
