import type { FrameLocator, Locator, Page } from 'playwright-core';

/** An attachment the simulator's compose item recorded (what addFileAttachmentFromBase64Async was given). */
export interface RecordedAttachment {
  name: string;
  /** Decoded bytes. */
  size: number;
  isInline: boolean;
  base64: string;
}

/** The Outlook simulator `/demo/outlook`: a message being composed, its attachments, and our task pane beside it. */
export class OutlookSimulatorPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** Opens the simulator as a demo user and waits until the message is shown. */
  async open(username: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/demo/outlook?user=${encodeURIComponent(username)}`);
    await this.page.getByRole('heading', { name: 'New message' }).waitFor();
  }

  /** Our task pane, running on the simulator's stand-in for Office.js. */
  pane(): FrameLocator {
    return this.page.frameLocator('iframe[title="Datahaven Documents"]');
  }

  /** The message's attachment list as the simulator shows it. */
  attachmentList(): Locator {
    return this.page.getByRole('list', { name: 'Attachments' });
  }

  /** Waits until the message shows `count` attachments. */
  async waitForAttachments(count: number): Promise<void> {
    await this.attachmentList()
      .getByRole('listitem')
      .nth(count - 1)
      .waitFor();
  }

  /** What the compose item recorded, read from the simulator in one evaluate. */
  async attachments(): Promise<RecordedAttachment[]> {
    return this.page.evaluate(() =>
      (window as unknown as { DatahavenOutlookSimulator: { attachments(): RecordedAttachment[] } }).DatahavenOutlookSimulator.attachments(),
    );
  }
}

/** The pane's Attach menu and its progress dialog (core AttachMenu). */
export class OutlookAttachPage {
  constructor(private readonly pane: FrameLocator) {}

  /** Ticks a search result's row checkbox by its document name. */
  async selectResult(name: string): Promise<void> {
    const row = this.pane.getByRole('row').filter({ has: this.pane.getByRole('button', { name, exact: true }) });
    await row.getByRole('checkbox', { name: 'Select row' }).check();
  }

  /** Opens Attach, ticks 'With annotations' when asked, and attaches the selection. */
  async attach(count: number, options: { withAnnotations: boolean }): Promise<void> {
    const button = this.pane.getByRole('button', { name: 'Attach', exact: true });
    // Fluent marks the button aria-disabled while the documents' access is read and the choice is not allowed.
    await this.pane.locator('button:not([aria-disabled="true"])', { hasText: /^Attach$/ }).waitFor();
    await button.click();
    const checkbox = this.pane.getByRole('menuitemcheckbox', { name: 'With annotations' });
    if ((await checkbox.getAttribute('aria-checked')) !== String(options.withAnnotations)) await checkbox.click();
    await this.pane.getByRole('menuitem', { name: `Attach ${count} ${count === 1 ? 'document' : 'documents'} to the message` }).click();
  }

  /** The progress dialog, found by its role: it must stay readable (not aria-hidden) while it shows. */
  dialog(): Locator {
    return this.pane.getByRole('dialog', { name: 'Attaching to your message' });
  }

  /** Waits for the dialog's closing line (e.g. '2 documents attached.') and reads it with the file rows (each file's state or failure in words). */
  async summary(): Promise<{ summary: string; rows: string }> {
    const status = this.dialog().getByRole('status');
    // Attaching waits on the server (annotations burned in) and on Outlook for each file.
    await status.waitFor({ timeout: 90_000 });
    return { summary: (await status.innerText()).trim(), rows: await this.dialog().getByRole('list').innerText() };
  }
}
