import type { FrameLocator, Locator, Page } from 'playwright-core';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The workflow area of our app inside the demo ERP's iframe: reached through the app's
 * `/workflow` route (→ /workflow2 → /portal/workflow/auto), its queue lists and the breadcrumb.
 */
export class WorkflowPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
    private readonly app: FrameLocator,
  ) {}

  /**
   * Sends the iframe (created by the control add-in once a record is open) to the app's
   * `/workflow` route, as a link into the workflow from BC would, and waits for the root view.
   * The folders screen has no link to the workflow, so the frame itself is navigated.
   */
  async openFromErp(): Promise<void> {
    const element = await this.page.locator('iframe[title="Datahaven Documents"]').elementHandle();
    const frame = await element?.contentFrame();
    if (!frame) throw new Error('The Datahaven Documents iframe is not there: open a record first.');
    await frame.goto(`${this.baseUrl}/workflow`);
    await this.app.getByRole('heading', { name: 'Workflow', exact: true }).waitFor();
  }

  /** A queue's link in a queue list; its accessible name starts with the queue name ("Approval L1, 3 documents"). */
  queueLink(name: string): Locator {
    return this.app.getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}(,|$)`) });
  }

  /** Opens a queue's documents from the list on screen. */
  async openQueue(name: string): Promise<void> {
    await this.queueLink(name).click();
    await this.app.getByRole('heading', { name, exact: true }).waitFor();
  }

  /** Back to the workflow root through the breadcrumb's first step. */
  async backToRoot(): Promise<void> {
    await this.app.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Workflow', exact: true }).click();
    await this.app.getByRole('heading', { name: 'Workflow', exact: true }).waitFor();
  }
}
