import type { FrameLocator, Locator } from 'playwright-core';

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
