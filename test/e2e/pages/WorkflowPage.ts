import type { FrameLocator, Locator } from 'playwright-core';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The workflow area of our app inside the demo ERP's iframe: the 'Document Workflow' page opens it
 * on the app's `/workflow` route (→ /workflow2 → /portal/workflow/auto); its queue lists and the breadcrumb.
 */
export class WorkflowPage {
  constructor(private readonly app: FrameLocator) {}

  /** Waits for the workflow root that the 'Document Workflow' page opens the iframe on (/workflow → /workflow2 → root). */
  async waitForRoot(): Promise<void> {
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
