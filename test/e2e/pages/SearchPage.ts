import type { FrameLocator, Locator } from 'playwright-core';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The search pane of our app: the tag-chip search box, its suggestions, the results and the saved searches. */
export class SearchPage {
  constructor(private readonly app: FrameLocator) {}

  /** The search box (a TagPicker combobox). */
  box(): Locator {
    return this.app.getByRole('combobox', { name: 'Search documents' });
  }

  /** The results table, named by its 'Search results' heading. */
  results(): Locator {
    return this.app.getByRole('table', { name: 'Search results' });
  }

  /** A result row by its document name. */
  result(name: string): Locator {
    return this.results()
      .getByRole('row')
      .filter({ has: this.app.getByRole('button', { name, exact: true }) });
  }

  /** Opens the pane from the folders screen's 'Search documents' button, unless it is already showing (a restored route). */
  async openFromFolders(): Promise<void> {
    const button = this.app.getByRole('button', { name: 'Search documents', exact: true });
    await Promise.race([this.box().waitFor(), button.waitFor()]);
    if (!(await this.box().isVisible())) await button.click();
    await this.box().waitFor();
  }

  /** Types text into the box as a user does, key by key. */
  async type(text: string): Promise<void> {
    await this.box().click();
    await this.box().pressSequentially(text);
  }

  /** Picks a suggestion by what it reads, e.g. 'Description: Contoso'; it becomes a chip. */
  async pickSuggestion(label: string): Promise<void> {
    await this.app.getByRole('option', { name: label, exact: true }).click();
    await this.chip(label).waitFor();
  }

  /** A chip in the box by what it reads. */
  chip(label: string): Locator {
    return this.app.getByRole('listbox', { name: 'Search tags' }).getByRole('option', { name: label, exact: true });
  }

  /** Empties the box: the words, then every chip with Backspace. */
  async clear(): Promise<void> {
    await this.box().fill('');
    const chips = this.app.getByRole('listbox', { name: 'Search tags' }).getByRole('option');
    while ((await chips.count()) > 0) {
      const before = await chips.count();
      await this.box().press('Backspace');
      await this.app
        .getByRole('listbox', { name: 'Search tags' })
        .getByRole('option')
        .nth(before - 1)
        .waitFor({ state: 'detached' });
    }
    await this.app.getByText('Type to search', { exact: true }).waitFor();
  }

  /** Closes the suggestion list with Escape, as a user does before reaching for the toolbar below it. */
  async closeSuggestions(): Promise<void> {
    if ((await this.box().getAttribute('aria-expanded')) === 'true') await this.box().press('Escape');
    await this.app.getByRole('listbox', { name: 'Search suggestions' }).waitFor({ state: 'hidden' });
  }

  /** Waits for the count line, e.g. '1 document found'. */
  async waitForCount(text: string): Promise<void> {
    await this.app
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) })
      .waitFor();
  }

  /** Waits until a document is listed in the results. */
  async waitForResult(name: string): Promise<void> {
    await this.result(name).waitFor();
  }

  /** The names of the listed results, in order. */
  async resultNames(): Promise<string[]> {
    return this.results().locator('tbody tr button').allInnerTexts();
  }

  /** Saves the current search under a name and waits until it is listed. */
  async save(name: string): Promise<void> {
    await this.closeSuggestions();
    await this.app.getByRole('toolbar', { name: 'Search actions' }).getByRole('button', { name: 'Save search', exact: true }).click();
    const form = this.app.getByRole('form', { name: 'Name of the saved search' });
    await form.getByRole('textbox').fill(name);
    await form.getByRole('button', { name: 'Save search', exact: true }).click();
    await this.savedSearch(name).waitFor();
  }

  /** The Run button of a saved search. */
  savedSearch(name: string): Locator {
    return this.app.getByRole('region', { name: 'Saved searches' }).getByRole('button', { name: `Run ${name}`, exact: true });
  }

  /** Runs a saved search from the list. */
  async runSaved(name: string): Promise<void> {
    await this.savedSearch(name).click();
  }
}
