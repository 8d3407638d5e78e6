import type { FrameLocator, Locator } from 'playwright-core';

/** The Outlook read pane "File this e-mail's invoice" (outlook-addin FileMailPane), inside the simulator's pane frame. */
export class OutlookFilingPage {
  constructor(private readonly pane: FrameLocator) {}

  /** Waits until the pane shows the message's attachments and has read the user's queues. */
  async waitForReady(): Promise<void> {
    await this.pane.getByRole('heading', { name: "File this e-mail's invoice" }).waitFor();
    await this.pane.getByRole('combobox', { name: 'Queue' }).waitFor();
  }

  /** An attachment's checkbox, by its file name. */
  attachment(name: string): Locator {
    return this.pane.getByRole('checkbox', { name, exact: true });
  }

  /** Any text in the pane (a reason an attachment cannot be filed, a duplicate's words). */
  text(text: string | RegExp): Locator {
    return this.pane.getByText(text).first();
  }

  /** Picks an option of one of the pane's drop-downs (Queue, Record type, Folder) by its label. */
  private async choose(combobox: string, option: string | RegExp): Promise<void> {
    // A click while another list is still open only closes that one (CI: the Folder list stayed
    // shut after a record was picked): wait until no list of the pane is open.
    await this.pane.locator('[role="combobox"][aria-expanded="true"]').waitFor({ state: 'detached' });
    const box = this.pane.getByRole('combobox', { name: combobox });
    const wanted = this.pane.getByRole('option', { name: option });
    await box.click();
    // A click that lands while the pane re-renders after the previous choice can leave the list
    // shut (a loaded CI machine: the Folder option never showed). Opened again while it is shut,
    // never toggled while open; each wait is on the option, not on time passing.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await wanted.waitFor({ timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        if ((await box.getAttribute('aria-expanded')) !== 'true') await box.click();
      }
    }
    await wanted.click();
  }

  /** Files into a queue: the destination "A queue" and the queue named `Queue type — name`. */
  async chooseQueue(name: RegExp): Promise<void> {
    await this.pane.getByRole('radio', { name: 'A queue' }).check();
    await this.choose('Queue', name);
  }

  /** Files on a record: "A record's folder", the record type, the record found by typing `search`, then the folder. */
  async chooseRecord(recordType: string, search: string, record: string, folder: string): Promise<void> {
    await this.pane.getByRole('radio', { name: "A record's folder" }).check();
    await this.choose('Record type', recordType);
    const field = this.pane.getByRole('combobox', { name: 'Record', exact: true });
    // Enabled once the type's columns and import settings are read.
    await this.pane.locator('input[role="combobox"]:not([disabled])').waitFor();
    await field.fill(search);
    // Down opens the list, as a keyboard user does; the search's answer fills it.
    await field.press('ArrowDown');
    await this.pane.getByRole('option', { name: record }).click();
    await this.choose('Folder', folder);
  }

  /** Ticks "Keep the e-mail itself as a document". */
  async keepMessage(): Promise<void> {
    await this.pane.getByRole('checkbox', { name: 'Keep the e-mail itself as a document' }).check();
  }

  /** Writes the note that goes on every filed document. */
  async writeNote(note: string): Promise<void> {
    await this.pane.getByRole('textbox', { name: 'Note' }).fill(note);
  }

  /** Presses File once it is enabled. */
  async file(): Promise<void> {
    await this.pane.locator('button[type="submit"]:not([disabled])', { hasText: /^File$/ }).click();
  }

  /** Waits until the pane's outcome bar (status for a filing, alert for a refusal) says `text`, and answers all it says. */
  async outcome(text: string | RegExp): Promise<string> {
    const bar = this.pane.locator('.fui-MessageBar').filter({ hasText: text }).first();
    // Filing waits on Outlook for each file and on the server storing them.
    await bar.waitFor({ timeout: 90_000 });
    return (await bar.innerText()).trim();
  }

  /** The outcome's link to the queue (a new window in the web app). */
  openQueueLink(queue: string): Locator {
    return this.pane.getByRole('link', { name: `Open ${queue}` });
  }
}
