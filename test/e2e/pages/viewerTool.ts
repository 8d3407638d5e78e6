import type { FrameLocator, Locator } from 'playwright-core';
import { OverflowToolbarPage } from './OverflowToolbarPage';

/**
 * A tool of the viewer toolbar by its name, ready to press: on the toolbar itself, or — the
 * toolbar keeps one line at every width and moves what does not fit behind More (issue 38) — in
 * its "More viewer tools" panel, which this opens first.
 */
export async function viewerTool(app: FrameLocator, name: string): Promise<Locator> {
  const toolbar = app.getByRole('toolbar', { name: 'Viewer' });
  const direct = toolbar.getByRole('button', { name, exact: true });
  const more = toolbar.getByRole('button', { name: 'More viewer tools' });
  // The toolbar settles once the document is open: wait for the tool itself or the More button.
  await direct.or(more).first().waitFor();
  if (await direct.isVisible()) return direct;
  await more.click();
  return app.getByRole('toolbar', { name: 'More viewer tools' }).getByRole('button', { name, exact: true });
}

/** Closes the toolbar's "More viewer tools" panel if it is still open (a chosen tool closes it; a menu in it does not). */
export async function closeViewerTools(app: FrameLocator): Promise<void> {
  const tools = app.getByRole('toolbar', { name: 'More viewer tools' });
  if (await tools.isVisible()) {
    await tools.press('Escape');
    await tools.waitFor({ state: 'hidden' });
  }
}

/**
 * An action of the viewer's toolbar by its text (a link action, say), enabled or not, where the user sees it: on the bar, or in
 * its More panel (opened here) when the toolbar had no room for it (toolbars never wrap).
 */
export async function viewerAction(app: FrameLocator, text: string, enabled: boolean): Promise<Locator> {
  const selector = enabled ? 'button:not([aria-disabled="true"])' : 'button[aria-disabled="true"]';
  const toolbar = new OverflowToolbarPage(app, 'Viewer', 'More viewer tools');
  const onBar = toolbar.bar().locator(selector, { hasText: text }).filter({ visible: true });
  await onBar.or(toolbar.more()).first().waitFor();
  if (await onBar.first().isVisible()) return onBar.first();
  if (!(await toolbar.panel().isVisible())) await toolbar.more().click();
  const inPanel = toolbar.panel().locator(selector, { hasText: text });
  await inPanel.waitFor();
  return inPanel;
}

/** Waits until the viewer action shows in the state given (on the bar or in More), then closes More again. */
export async function viewerActionShown(app: FrameLocator, text: string, enabled: boolean): Promise<void> {
  await viewerAction(app, text, enabled);
  const panel = new OverflowToolbarPage(app, 'Viewer', 'More viewer tools').panel();
  if (await panel.isVisible()) {
    await panel.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  }
}
