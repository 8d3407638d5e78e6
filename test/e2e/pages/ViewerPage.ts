import type { FrameLocator, Locator } from 'playwright-core';
import { countInkPixels } from '../support/countInkPixels';

/** A width and a height in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** The viewer screen: the page toolbar and one canvas per PDF page (TIFF arrives as PDF). */
export class ViewerPage {
  constructor(private readonly app: FrameLocator) {}

  private toolbar(): Locator {
    return this.app.getByRole('toolbar', { name: 'Viewer' });
  }

  /** The page-number box of the toolbar. */
  pageNumberBox(): Locator {
    return this.toolbar().getByRole('spinbutton', { name: 'Page number' });
  }

  /** The drawn page `page` (a canvas named "Page N"). */
  pageCanvas(page: number): Locator {
    return this.app.getByRole('img', { name: `Page ${page}`, exact: true });
  }

  /** Waits until the document is open and returns its page count ("of N" beside the page box). */
  async pageCount(): Promise<number> {
    const ofText = this.toolbar().getByText(/^of [1-9]\d*$/);
    await ofText.waitFor();
    return Number((await ofText.innerText()).replace(/^of /, ''));
  }

  /** Moves to a page by typing its number into the page box. */
  async goToPage(page: number): Promise<void> {
    const box = this.pageNumberBox();
    await box.fill(String(page));
    await box.press('Enter');
  }

  /** The page number the toolbar shows. */
  async currentPage(): Promise<number> {
    return Number(await this.pageNumberBox().inputValue());
  }

  /**
   * Waits until page `page` is drawn and returns how many inked (non-near-white) pixels its
   * canvas holds, read with getImageData; 0 if it stays blank for `timeoutMs`.
   */
  async inkOnPage(page: number, timeoutMs = 20_000): Promise<number> {
    const canvas = this.pageCanvas(page);
    await canvas.waitFor({ timeout: timeoutMs });
    const deadline = Date.now() + timeoutMs;
    let ink = 0;
    while (Date.now() < deadline) {
      ink = await canvas.evaluate(countInkPixels);
      if (ink > 0) return ink;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return ink;
  }

  /** Opens the document's notes from the viewer toolbar (or its More menu). */
  async openNotes(): Promise<void> {
    await this.pressTool('Notes');
    // Notes opens a pane and leaves the More popover open, whose trapped focus hides the rest: close it.
    const tools = this.app.getByRole('toolbar', { name: 'More viewer tools' });
    if (await tools.isVisible()) {
      await tools.press('Escape');
      await tools.waitFor({ state: 'hidden' });
    }
  }

  /** The compact toolbar's "More viewer tools" button (a viewer narrower than 640 px, issue 38). */
  moreButton(): Locator {
    return this.toolbar().getByRole('button', { name: 'More viewer tools' });
  }

  /**
   * Presses a tool of the viewer toolbar by its name; a compact toolbar (a viewer narrower than
   * 640 px keeps one line) holds it in the "More viewer tools" popover, which is opened first.
   */
  async pressTool(name: string): Promise<void> {
    const direct = this.toolbar().getByRole('button', { name, exact: true });
    // The toolbar settles once the document is open: wait for the tool itself or the More button.
    await direct.or(this.moreButton()).first().waitFor();
    if (await direct.isVisible()) {
      await direct.click();
      return;
    }
    await this.moreButton().click();
    await this.app.getByRole('toolbar', { name: 'More viewer tools' }).getByRole('button', { name, exact: true }).click();
  }

  /** The text layer over page `page` once pdf.js has laid out its text. */
  textLayer(page: number): Locator {
    return this.app.locator(`canvas[data-page-number="${page}"] + div[data-text-layer="ready"]`);
  }

  /**
   * Selects `text` inside page `page`'s text layer as a reader would by dragging over it (a DOM
   * selection of exactly those characters of the span that holds them).
   */
  async selectText(page: number, text: string): Promise<void> {
    const span = this.textLayer(page).locator('span', { hasText: text }).first();
    await span.waitFor();
    await span.evaluate((element, wanted) => {
      const node = element.firstChild;
      const start = node?.textContent?.indexOf(wanted) ?? -1;
      if (!node || start < 0) throw new Error(`"${wanted}" is not in the span.`);
      const range = element.ownerDocument.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + wanted.length);
      const selection = element.ownerDocument.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }, text);
  }

  /** The find bar's box (opened with Ctrl+F). */
  findBox(): Locator {
    return this.app.getByRole('search', { name: 'Find in document' }).getByRole('textbox', { name: 'Find in document' });
  }

  /** The find bar's count, e.g. "1 of 3". */
  findCount(): Locator {
    return this.app.getByRole('status', { name: 'Matches' });
  }

  /** The highlighted find matches on page `page`. */
  highlights(page: number): Locator {
    return this.textLayer(page).locator('mark');
  }

  /** The password prompt of a protected PDF. */
  passwordForm(): Locator {
    return this.app.getByRole('form', { name: 'Password needed' });
  }

  /** Types a password into the prompt and opens. */
  async enterPassword(password: string): Promise<void> {
    await this.passwordForm().getByLabel('Password').fill(password);
    await this.passwordForm().getByRole('button', { name: 'Open', exact: true }).click();
  }

  /** Goes back from the viewer. */
  async back(): Promise<void> {
    await this.app.getByRole('button', { name: 'Back', exact: true }).click();
  }

  /**
   * Whether the text-layer span holding `text` on page `page` lies inside that page's canvas (so
   * a selection lands on the drawn words), after the layer is laid out for the current zoom and turn.
   */
  async textSitsOnPage(page: number, text: string): Promise<boolean> {
    const span = this.textLayer(page).locator('span', { hasText: text }).first();
    await span.waitFor();
    const [box, canvas] = await Promise.all([span.boundingBox(), this.pageCanvas(page).boundingBox()]);
    if (!box || !canvas) return false;
    const inside = (x: number, y: number): boolean =>
      x >= canvas.x - 1 && x <= canvas.x + canvas.width + 1 && y >= canvas.y - 1 && y <= canvas.y + canvas.height + 1;
    return box.width > 0 && box.height > 0 && inside(box.x, box.y) && inside(box.x + box.width, box.y + box.height);
  }

  /** Waits until page `page`'s text layer is laid out turned by `degrees` (pdf.js's data-main-rotation). */
  async waitForTextTurned(page: number, degrees: number): Promise<void> {
    await this.app.locator(`canvas[data-page-number="${page}"] + div[data-main-rotation="${degrees}"][data-text-layer="ready"]`).waitFor();
  }

  /** The inline viewer's "Open full width" button (issue 38): offered where the viewer sits in a pane beside a list. */
  openFullWidthButton(): Locator {
    return this.app.getByRole('button', { name: 'Open full width', exact: true });
  }

  /** The viewer while it covers its whole frame: a region "Document at full width" with "Back to the side pane". */
  fullWidthViewer(): Locator {
    return this.app.getByRole('region', { name: 'Document at full width', exact: true });
  }

  /**
   * Opens full width by keyboard (focus the button, Enter) and answers the expanded viewer's size
   * beside its frame's, and the size of the pane it sat in before (a region "Document viewer").
   */
  async openFullWidthByKeyboard(): Promise<{ viewer: Size; frame: Size; pane: Size }> {
    const paneBox = await this.app.getByRole('region', { name: 'Document viewer', exact: true }).boundingBox();
    const button = this.openFullWidthButton();
    await button.focus();
    await button.press('Enter');
    const viewer = this.fullWidthViewer();
    await viewer.getByRole('button', { name: 'Back to the side pane', exact: true }).waitFor();
    const sizes = await viewer.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const root = element.ownerDocument.documentElement;
      return { viewer: { width: box.width, height: box.height }, frame: { width: root.clientWidth, height: root.clientHeight } };
    });
    return { ...sizes, pane: { width: paneBox?.width ?? 0, height: paneBox?.height ?? 0 } };
  }

  /** Leaves full width with Esc (focus inside the viewer) and waits until the pane's viewer offers full width again. */
  async leaveFullWidthByKeyboard(): Promise<void> {
    await this.fullWidthViewer().getByRole('button', { name: 'Back to the side pane', exact: true }).press('Escape');
    await this.openFullWidthButton().waitFor();
  }
}
