import type { FrameLocator, Locator, Page } from 'playwright-core';

/** The read pane's "Reply with documents" view (ReplyWithDocumentsPane), inside the simulator's pane frame. */
export class OutlookReplyPage {
  constructor(private readonly pane: FrameLocator) {}

  /** Switches the read pane to "Reply with documents" (its tab) and waits for the view's heading. */
  async open(): Promise<void> {
    await this.pane.getByRole('tab', { name: 'Reply with documents' }).click();
    await this.pane.getByRole('heading', { name: 'Reply with documents' }).waitFor();
  }

  /** Searches the stored documents by words and waits until a hit named `name` is offered. */
  async find(words: string, name: string): Promise<void> {
    await this.pane.getByRole('searchbox', { name: 'Find documents' }).fill(words);
    await this.pane.getByRole('button', { name: 'Search', exact: true }).click();
    await this.hit(name).waitFor();
  }

  /** A search hit's checkbox by its document name. */
  hit(name: string): Locator {
    return this.pane.getByRole('list', { name: 'Search results' }).getByRole('checkbox', { name, exact: true });
  }

  /** Ticks a hit, sets 'With annotations' and the comment, and presses Reply once the documents' access is known. */
  async reply(names: readonly string[], options: { withAnnotations: boolean; comment?: string }): Promise<void> {
    for (const name of names) await this.hit(name).check();
    const annotations = this.pane.getByRole('checkbox', { name: 'With annotations' });
    if ((await annotations.isChecked()) !== options.withAnnotations) await annotations.click();
    if (options.comment !== undefined) await this.pane.getByRole('textbox', { name: 'Comment (optional)' }).fill(options.comment);
    const label = `Reply with ${names.length} ${names.length === 1 ? 'document' : 'documents'}`;
    // The button stays off until the server said each document may be exported.
    await this.pane.locator('button:not([disabled])', { hasText: new RegExp(`^${label}$`) }).click();
  }

  /** Waits for the outcome and reads it: the success's title and attachment rows, or the refusal's words. */
  async outcome(): Promise<{ title: string; attached: string[] }> {
    const created = this.pane.getByText(/^Reply draft created with \d+ attachments?\.$/);
    const refused = this.pane.getByText('The reply draft was not created.');
    // The server uploads every file to Graph before it answers.
    await created.or(refused).waitFor({ timeout: 120_000 });
    if (await refused.isVisible()) throw new Error(`The reply was refused: ${await refused.locator('..').innerText()}`);
    return {
      title: (await created.innerText()).trim(),
      attached: await this.pane.getByRole('list', { name: 'Attached' }).getByRole('listitem').allInnerTexts(),
    };
  }
}

/** The simulator's "Opened in the browser" panel: what the pane opened with Office.context.ui.openBrowserWindow. */
export class OutlookBrowserWindowPanel {
  constructor(private readonly page: Page) {}

  /** Every URL the pane opened in a browser window, in order. */
  async openedUrls(): Promise<string[]> {
    return this.page.evaluate(() =>
      (window as unknown as { DatahavenOutlookSimulator: { openedWindows(): string[] } }).DatahavenOutlookSimulator.openedWindows(),
    );
  }

  /** The page shown in the panel. */
  frame(): FrameLocator {
    return this.page.frameLocator('iframe[title="Browser window"]');
  }

  /** Waits for the panel to show. */
  async waitForOpen(): Promise<void> {
    await this.page.getByRole('region', { name: 'Opened in the browser' }).waitFor();
  }
}
