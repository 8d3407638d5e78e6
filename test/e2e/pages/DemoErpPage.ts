import type { FrameLocator, Locator, Page } from 'playwright-core';
import { WorkflowPage } from './WorkflowPage';
import { WorkflowQueuePage } from './WorkflowQueuePage';

/** The Business-Central-like host page `/demo/erp`: records, a user switcher and our iframe. */
export class DemoErpPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** Opens the demo ERP page and waits until its records are listed. */
  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/demo/erp`);
    await this.page
      .getByRole('status')
      .filter({ hasText: /records in/ })
      .waitFor();
  }

  /** Picks the demo user the ERP's server mints tokens for (value = username). */
  async switchUser(username: string): Promise<void> {
    await this.page.getByLabel('Demo user').selectOption(username);
  }

  /** Picks a theme in the page's theme switch (by its label), which the relay sends to our iframe as PUT /theme. */
  async switchTheme(label: 'Light' | 'Dark' | 'High contrast' | 'Teams light' | 'Teams dark'): Promise<void> {
    await this.page.getByLabel('Theme').selectOption({ label });
  }

  /** Opens a vendor or purchase invoice by the name shown in the record list. */
  async openRecord(name: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Records' }).getByRole('button', { name, exact: true }).click();
  }

  /** Goes to the 'Document Workflow' page (BC page 50102) through the role centre's navigation, as the current demo user. */
  async openWorkflowPage(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Role centre' }).getByRole('link', { name: 'Document Workflow' }).click();
    await this.page.waitForURL(/[?&]page=workflow/);
  }

  /**
   * Opens the page as `username`, goes to the Document Workflow page and opens `queueName` in our
   * iframe with autoview on, so a click on a row shows the document and its link actions.
   */
  async openQueueAs(username: string, queueName: string): Promise<WorkflowQueuePage> {
    await this.open();
    await this.switchUser(username);
    await this.openWorkflowPage();
    const workflow = new WorkflowPage(this.documentsFrame());
    await workflow.waitForRoot();
    await workflow.openQueue(queueName);
    const queue = new WorkflowQueuePage(this.documentsFrame(), queueName);
    await queue.setAutoview(true);
    return queue;
  }

  /** The card's section with the record as the demo ERP holds it (read over OData). */
  erpSection(): Locator {
    return this.page.getByRole('region', { name: 'In the demo ERP (OData v4, its own service)' });
  }

  /** BC's Post action on the open draft purchase invoice. */
  async postInvoice(): Promise<void> {
    await this.erpSection().getByRole('button', { name: 'Post' }).click();
  }

  /**
   * BC's New Purchase Invoice on the page: the vendor and the vendor's invoice number, Create; the
   * page then sends the insert to the add-in (SendRecordEvent). Answers the new invoice's number.
   */
  async createPurchaseInvoice(vendorNumber: string, vendorInvoiceNumber: string): Promise<string> {
    const form = this.page.getByRole('region', { name: 'New Purchase Invoice' });
    await form.getByLabel('Buy-from Vendor No.').selectOption(vendorNumber);
    await form.getByLabel('Vendor Invoice No.').fill(vendorInvoiceNumber);
    await form.getByRole('button', { name: 'Create' }).click();
    const status = form.getByRole('status').filter({ hasText: /^Purchase Invoice PI-\d+ created for / });
    await status.waitFor();
    return /PI-\d+/.exec((await status.textContent()) ?? '')?.[0] ?? '';
  }

  /** A line of the page's control add-in events (what AL received), newest first; wait for it attached (the workflow page hides the list). */
  addInEvent(text: RegExp): Locator {
    return this.page.locator('#addin-events li').filter({ hasText: text }).first();
  }

  /** Our app inside the control add-in's iframe. */
  documentsFrame(): FrameLocator {
    return this.page.frameLocator('iframe[title="Datahaven Documents"]');
  }
}
