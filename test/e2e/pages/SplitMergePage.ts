import type { FrameLocator, Locator, Page } from 'playwright-core';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Split and merge as the user meets them: the Split dialog of the folders toolbar, the visual
 * split tool (`/thumbnail-split/{docId}`) and the merge screen (`/merge-documents`).
 */
export class SplitMergePage {
  constructor(
    private readonly page: Page,
    private readonly app: FrameLocator,
  ) {}

  private documentActions(): Locator {
    return this.app.getByRole('toolbar', { name: 'Document actions' });
  }

  /** A document row of the folder tree by its file name. */
  private treeDocument(name: string): Locator {
    return this.app.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: new RegExp(`^${escapeRegExp(name)}(, |$)`) });
  }

  /** Opens the Split dialog of the selected document from the folders toolbar. */
  async openSplitDialog(documentName: string): Promise<void> {
    // The button turns on once the document's access flags are read.
    const split = this.documentActions().locator('button:not([aria-disabled="true"])', { hasText: /^Split$/ });
    await split.waitFor();
    await split.click();
    await this.app.getByRole('dialog', { name: `Split ${documentName}` }).waitFor();
  }

  /** In the Split dialog: the Visual mode, then its link to the full visual split tool. */
  async openVisualSplitTool(): Promise<void> {
    const dialog = this.app.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Visual' }).click();
    await dialog.getByRole('button', { name: /^Open the visual split tool/ }).click();
    await this.app.getByRole('heading', { name: /^Visual split: / }).waitFor();
  }

  /** A page tile of the visual split tool. */
  pageTile(page: number): Locator {
    return this.app.getByRole('button', { name: `Page ${page}`, exact: true });
  }

  /** A new document being put together in the visual split tool ("Document 2"). */
  group(index: number): Locator {
    return this.app.getByRole('region', { name: `Document ${index}`, exact: true });
  }

  /** The page numbers of a group, in order, as its tiles show them. */
  async pagesOf(index: number): Promise<number[]> {
    const labels = await this.group(index)
      .getByRole('button', { name: /^Page \d+$/ })
      .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('aria-label') ?? ''));
    return labels.map((label) => Number(label.replace('Page ', '')));
  }

  /** Drags a page tile onto the "New document" drop zone. */
  async dragPageToNewDocument(page: number): Promise<void> {
    await this.pageTile(page).dragTo(this.app.getByRole('region', { name: 'New document', exact: true }));
  }

  /** Drags a page tile into a group (appended at its end). */
  async dragPageToGroup(page: number, index: number): Promise<void> {
    await this.pageTile(page).dragTo(this.group(index).getByRole('heading', { name: `Document ${index}` }));
  }

  /** Names a group's new document. */
  async nameGroup(index: number, name: string): Promise<void> {
    await this.group(index)
      .getByRole('textbox', { name: `Name of document ${index}` })
      .fill(name);
  }

  /** Submits the visual split and returns the new documents as listed ("name (n pages)"). */
  async createDocuments(count: number): Promise<string[]> {
    await this.app.getByRole('button', { name: `Create ${count} documents` }).click();
    const made = this.app.getByRole('list', { name: 'New documents' });
    await made.waitFor();
    return made.getByRole('listitem').allInnerTexts();
  }

  /** Leaves a finished screen with its Done button. */
  async done(): Promise<void> {
    await this.app.getByRole('button', { name: 'Done', exact: true }).click();
  }

  /** Selects several documents with Ctrl-click (the first with a plain click), in this order. */
  async selectDocuments(names: readonly string[]): Promise<void> {
    for (const [index, name] of names.entries()) {
      await this.treeDocument(name).click({ modifiers: index === 0 ? [] : ['ControlOrMeta'] });
    }
  }

  /** Opens the merge screen for the selected documents from the folders toolbar. */
  async openMerge(): Promise<void> {
    await this.documentActions().getByRole('button', { name: 'Merge', exact: true }).click();
    await this.app.getByRole('heading', { name: 'Merge documents' }).waitFor();
  }

  /** The documents to merge, in order, by name. */
  async mergeOrder(): Promise<string[]> {
    const rows = this.app.getByRole('list', { name: 'Documents to merge' }).getByRole('listitem');
    await rows.first().waitFor();
    const labels = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
    return labels.map((label) => label.replace(/^\d+\. /, '').replace(/, \d+ pages?, .*$/, ''));
  }

  /** Moves a document one place up in the merge order. */
  async moveUp(name: string): Promise<void> {
    await this.app.getByRole('button', { name: `Move up ${name}`, exact: true }).click();
  }

  /** Names the merged document, merges, and returns the confirmation text. */
  async merge(count: number, name: string): Promise<string> {
    await this.app.getByRole('textbox', { name: 'Name of the merged document' }).fill(name);
    await this.app.getByRole('button', { name: `Merge ${count} documents` }).click();
    const status = this.app.getByRole('status').filter({ hasText: /^Merged into / });
    await status.waitFor();
    return status.innerText();
  }

  /** Opens the merged document from the merge screen's confirmation. */
  async openMerged(): Promise<void> {
    await this.app.getByRole('button', { name: 'Open', exact: true }).click();
  }
}
