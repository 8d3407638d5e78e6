import type { FrameLocator, Locator, Page } from 'playwright-core';

/** A file handed to the browser's file picker. */
export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The folder screen of our app: a record's folders, its documents, upload and the document actions. */
export class FoldersPage {
  constructor(
    private readonly page: Page,
    private readonly app: FrameLocator,
  ) {}

  /** The folder tree, named 'Folders'. */
  tree(): Locator {
    return this.app.getByRole('tree', { name: 'Folders' });
  }

  /** A folder row by its display name. */
  folder(name: string): Locator {
    return this.tree().getByRole('treeitem', { name, exact: true });
  }

  /** A document row by its file name; its accessible name is "name, size, date". */
  document(name: string): Locator {
    return this.tree().getByRole('treeitem', { name: new RegExp(`^${escapeRegExp(name)}(, |$)`) });
  }

  /** Waits until the record's folders are listed. */
  async waitForFolder(name: string): Promise<void> {
    await this.folder(name).waitFor();
  }

  /** Opens a folder (if closed) and selects it as the upload target. */
  async selectFolder(name: string): Promise<void> {
    const folder = this.folder(name);
    // The row's own layout, not a child row that may sit in the middle of an open folder.
    await folder.locator('.fui-TreeItemLayout').first().click();
    if ((await folder.getAttribute('aria-expanded')) === 'false') {
      await folder.locator('.fui-TreeItemLayout').first().click();
    }
  }

  /** Uploads a file into a folder the way a user does: select the folder, Upload, pick the file. */
  async uploadByPicker(folderName: string, file: PickedFile): Promise<void> {
    await this.selectFolder(folderName);
    const chooser = this.page.waitForEvent('filechooser');
    await this.app.getByRole('toolbar', { name: 'Document actions' }).getByRole('button', { name: 'Upload', exact: true }).click();
    await (await chooser).setFiles(file);
  }

  /** Waits until a document is listed and returns what its row shows (name, size, date). */
  async waitForDocument(name: string): Promise<{ shown: string; accessibleName: string }> {
    const row = this.document(name);
    await row.waitFor();
    return { shown: await row.innerText(), accessibleName: (await row.getAttribute('aria-label')) ?? '' };
  }

  /** Selects a document (opening its folder first if needed). */
  async selectDocument(name: string, folderName: string): Promise<void> {
    const folder = this.folder(folderName);
    await folder.waitFor();
    if ((await folder.getAttribute('aria-expanded')) === 'false') {
      await folder.locator('.fui-TreeItemLayout').first().click();
    }
    await this.document(name).click();
  }

  /** Opens a document in the viewer with the toolbar's Open action. */
  async openDocument(name: string, folderName: string): Promise<void> {
    await this.selectDocument(name, folderName);
    await this.action('Open').click();
  }

  /** Opens a document's notes with the toolbar's Notes action. */
  async openNotes(name: string, folderName: string): Promise<void> {
    await this.selectDocument(name, folderName);
    await this.action('Notes').click();
  }

  private action(name: string): Locator {
    return this.app.getByRole('toolbar', { name: 'Document actions' }).getByRole('button', { name, exact: true });
  }
}
