import type { FrameLocator, Locator, Page, Response } from 'playwright-core';
import { closeViewerTools, viewerTool } from './viewerTool';

/** A point on a page as fractions of the shown page's width and height (0,0 top left). */
export interface PageFraction {
  x: number;
  y: number;
}

/** The viewer's annotation tools and the annotations drawn over its pages. */
export class AnnotationPage {
  constructor(
    private readonly page: Page,
    private readonly app: FrameLocator,
  ) {}

  /** The toolbar named 'Annotations'. */
  toolbar(): Locator {
    return this.app.getByRole('toolbar', { name: 'Annotations', exact: true });
  }

  /** The layer over page `pageNumber` that takes the pointer. */
  layer(pageNumber: number): Locator {
    return this.app.getByRole('group', { name: `Annotations on page ${pageNumber}` });
  }

  /** A drawn annotation by its accessible name ('Rectangle annotation', 'Text box annotation: …'). */
  annotation(name: string): Locator {
    return this.app.getByRole('img', { name, exact: true });
  }

  /**
   * Shows the annotation toolbar: it is always there beside a wide viewer; a compact viewer
   * (narrower than 640 px, issue 38) shows it once Annotate is turned on in its More tools.
   */
  async showToolbar(): Promise<void> {
    const more = this.app.getByRole('toolbar', { name: 'Viewer' }).getByRole('button', { name: 'More viewer tools' });
    await this.toolbar().or(more).first().waitFor();
    if (await this.toolbar().isVisible()) return;
    await (await viewerTool(this.app, 'Annotate')).click();
    await closeViewerTools(this.app);
    await this.toolbar().waitFor();
  }

  /**
   * A tool of the annotation toolbar by its name, ready to press: on the toolbar, or — when the
   * toolbar had no room for it (it never wraps, issue 38) — in its "More annotation tools" panel,
   * which this opens first.
   */
  async tool(name: string): Promise<Locator> {
    await this.showToolbar();
    const direct = this.toolbar().getByRole('button', { name, exact: true });
    const more = this.toolbar().getByRole('button', { name: 'More annotation tools', exact: true });
    await direct.or(more).first().waitFor();
    if (await direct.isVisible()) return direct;
    await more.click();
    return this.app.getByRole('toolbar', { name: 'More annotation tools', exact: true }).getByRole('button', { name, exact: true });
  }

  /** Picks a drawing tool ('Rectangle', 'Text box', …) once the toolbar offers it, and waits until it shows pressed. */
  async pickTool(name: string): Promise<void> {
    await (await this.tool(name)).click();
    // Chosen in More, the panel has closed: the pressed state is read where the tool is now.
    await (await this.tool(name)).and(this.app.getByRole('button', { name, exact: true, pressed: true })).waitFor();
    const panel = this.app.getByRole('toolbar', { name: 'More annotation tools', exact: true });
    if (await panel.isVisible()) {
      await panel.press('Escape');
      await panel.waitFor({ state: 'hidden' });
    }
  }

  /** Drags with the current tool on a page from one point to another, as a user does with the mouse. */
  async drag(pageNumber: number, from: PageFraction, to: PageFraction): Promise<void> {
    const layer = this.layer(pageNumber);
    await layer.waitFor();
    const box = await layer.boundingBox();
    if (!box) throw new Error(`Page ${pageNumber} is not shown.`);
    await this.page.mouse.move(box.x + from.x * box.width, box.y + from.y * box.height);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + to.x * box.width, box.y + to.y * box.height, { steps: 8 });
    await this.page.mouse.up();
  }

  /** Draws a rectangle and waits until the server stored it. */
  async drawRectangle(pageNumber: number, from: PageFraction, to: PageFraction): Promise<void> {
    await this.pickTool('Rectangle');
    const saved = this.waitForSave('POST');
    await this.drag(pageNumber, from, to);
    await saved;
  }

  /** Draws a text box, types its text, keeps it with Enter and waits until the server stored it. */
  async drawTextBox(pageNumber: number, from: PageFraction, to: PageFraction, text: string): Promise<void> {
    await this.pickTool('Text box');
    await this.drag(pageNumber, from, to);
    const field = this.app.getByRole('textbox', { name: 'Annotation text' });
    await field.fill(text);
    const saved = this.waitForSave('POST');
    await field.press('Enter');
    await saved;
  }

  /** Selects an annotation by clicking it with the Select tool. */
  async select(name: string): Promise<void> {
    await this.showToolbar();
    await (await this.tool('Select')).click();
    await this.annotation(name).click();
  }

  /** Presses a key on the selected annotation and waits until the server stored the change it makes. */
  async pressAndWaitForSave(key: string, method: 'PUT' | 'DELETE' | 'POST'): Promise<void> {
    const saved = this.waitForSave(method);
    await this.page.keyboard.press(key);
    await saved;
  }

  /** Waits until an annotation with this name shows. */
  async waitForAnnotation(name: string): Promise<void> {
    await this.annotation(name).waitFor();
  }

  private waitForSave(method: string): Promise<Response> {
    return this.page.waitForResponse(
      (response) =>
        response.request().method() === method &&
        /\/api\/(documents\/\d+\/)?annotations/.test(new URL(response.url()).pathname) &&
        response.ok(),
    );
  }
}
