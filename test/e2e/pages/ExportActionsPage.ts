import type { Download, FrameLocator, Locator, Page } from 'playwright-core';
import { viewerTool } from './viewerTool';

/** The viewer toolbar's Print and E-mail menus, and what the demo ERP host does with an e-mail draft. */
export class ExportActionsPage {
  constructor(
    private readonly page: Page,
    private readonly app: FrameLocator,
  ) {}

  /** Chooses E-mail → "Create mail draft" and returns the download the host page offers for it. */
  async createMailDraft(): Promise<Download> {
    // click() waits until the button is enabled (aria-disabled goes once the access flags are read).
    await (await viewerTool(this.app, 'E-mail')).click();
    const download = this.page.waitForEvent('download');
    await this.app.getByRole('menuitem', { name: 'Create mail draft' }).click();
    return download;
  }

  /** The control add-in events the demo ERP logged (what AL receives), newest first. */
  addInEvents(): Locator {
    return this.page.locator('#addin-events li');
  }
}
