import type { FrameLocator, Locator } from 'playwright-core';
import { e2eWaitFor } from '../support/e2eWaitFor';

/** A control shown on a toolbar: its name and where it lies. */
export interface ShownControl {
  name: string;
  top: number;
  bottom: number;
  /** A button of the toolbar's own (not one inside a field, such as a spin button's arrows). */
  button: boolean;
}

/**
 * A toolbar that never wraps (issue 38): its one row of controls and, when they do not all fit,
 * a More button whose panel (a toolbar named like the button) holds the rest. The viewer's
 * ('Viewer' / 'More viewer tools'), the annotations' ('Annotations' / 'More annotation tools')
 * and the queue's ('Workflow actions' / 'More actions').
 */
export class OverflowToolbarPage {
  constructor(
    private readonly app: FrameLocator,
    readonly name: string,
    readonly moreName: string,
  ) {}

  /** The toolbar itself. */
  bar(): Locator {
    return this.app.getByRole('toolbar', { name: this.name, exact: true });
  }

  /** Its More button (shown only when something did not fit). */
  more(): Locator {
    return this.bar().getByRole('button', { name: this.moreName, exact: true });
  }

  /** The panel More opens. */
  panel(): Locator {
    return this.app.getByRole('toolbar', { name: this.moreName, exact: true });
  }

  /** The controls on the bar the user can see (buttons and fields), More left out, each by its accessible name. */
  async shownControls(): Promise<ShownControl[]> {
    return this.bar().evaluate((bar, moreName) => {
      // A spin button's arrows are part of its field, not actions of their own.
      const shown = [...bar.querySelectorAll<HTMLElement>('button, input')].filter(
        (element) =>
          element.getClientRects().length > 0 &&
          element.getAttribute('aria-label') !== moreName &&
          !(element.tagName === 'BUTTON' && element.closest('.fui-SpinButton') !== null),
      );
      return shown.map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        const button = element.tagName === 'BUTTON' && element.closest('.fui-SpinButton') === null;
        return { name, top: Math.round(box.top), bottom: Math.round(box.bottom), button };
      });
    }, this.moreName);
  }

  /**
   * The bar's rows: whether its buttons and fields all cross one horizontal line (the lowest top
   * above the highest bottom: a second row would start below the first one's bottom; a field and a
   * button of different heights, centred, still share the row), the buttons' tops' spread in px,
   * and the bar's height.
   */
  async rows(): Promise<{ oneRow: boolean; buttonTops: number; height: number }> {
    const controls = await this.shownControls();
    const box = await this.bar().boundingBox();
    const buttonTops = controls.filter((control) => control.button).map((control) => control.top);
    const oneRow = controls.length > 0 && Math.max(...controls.map((c) => c.top)) < Math.min(...controls.map((c) => c.bottom));
    return {
      oneRow,
      buttonTops: buttonTops.length === 0 ? 0 : Math.max(...buttonTops) - Math.min(...buttonTops),
      height: Math.round(box?.height ?? 0),
    };
  }

  /** Waits until the bar has settled on one row (Overflow measures after layout) and answers its rows. */
  async waitForOneRow(rowHeight: number): Promise<{ oneRow: boolean; buttonTops: number; height: number }> {
    return e2eWaitFor(() => this.rows(), {
      until: (rows) => rows.oneRow && rows.height <= rowHeight,
      what: `the ${this.name} toolbar on one row`,
    });
  }

  /** The names in More's panel: opens it, reads them, closes it with Escape (none when there is no More). */
  async panelNames(): Promise<string[]> {
    if (!(await this.more().isVisible())) return [];
    await this.more().click();
    await this.panel().waitFor();
    const names = await this.panel().evaluate((panel) =>
      [...panel.querySelectorAll<HTMLElement>('button, input')]
        .filter(
          (element) =>
            element.getClientRects().length > 0 && !(element.tagName === 'BUTTON' && element.closest('.fui-SpinButton') !== null),
        )
        .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''),
    );
    await this.panel().press('Escape');
    await this.panel().waitFor({ state: 'hidden' });
    return names;
  }

  /** Every action the toolbar offers, on the bar or behind More, sorted by name. */
  async reachableNames(): Promise<string[]> {
    const onBar = (await this.shownControls()).map((control) => control.name);
    return [...onBar, ...(await this.panelNames())].sort();
  }
}
