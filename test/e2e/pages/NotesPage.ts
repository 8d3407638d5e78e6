import type { FrameLocator, Locator } from 'playwright-core';

/** The notes screen of one document: the new-note form and the list of notes. */
export class NotesPage {
  constructor(private readonly app: FrameLocator) {}

  /** The list of shown notes, named 'Notes'. */
  list(): Locator {
    return this.app.getByRole('list', { name: 'Notes' });
  }

  /** Writes a note and submits it with 'Add note'. */
  async addNote(text: string): Promise<void> {
    await this.app.getByRole('textbox', { name: 'New note' }).fill(text);
    await this.app.getByRole('button', { name: 'Add note', exact: true }).click();
  }

  /** Waits until a note with exactly this text is listed. */
  async waitForNote(text: string): Promise<void> {
    await this.list().getByText(text, { exact: true }).waitFor();
  }

  /** Goes back to the previous screen. */
  async back(): Promise<void> {
    await this.app.getByRole('button', { name: 'Back', exact: true }).click();
  }
}
