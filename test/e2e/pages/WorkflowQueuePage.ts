import type { Download, FrameLocator, Locator, Page } from 'playwright-core';
import { OverflowToolbarPage } from './OverflowToolbarPage';
import { e2eWaitFor } from '../support/e2eWaitFor';

/** A document name as a pattern of its own (file names hold dots and brackets). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One queue's documents screen inside our app: the grid "{queue} documents" (one row per
 * document, the name in the first cell), the 'Workflow actions' toolbar, the note prompt and the
 * bar that says another user acted on the document shown.
 */
export class WorkflowQueuePage {
  constructor(
    private readonly app: FrameLocator,
    private readonly queueName: string,
  ) {}

  /** The documents grid, named after the queue. */
  grid(): Locator {
    return this.app.getByRole('grid', { name: `${this.queueName} documents` });
  }

  /** The document rows (the header row has no gridcell). */
  rows(): Locator {
    return this.grid()
      .getByRole('row')
      .filter({ has: this.app.getByRole('gridcell') });
  }

  /**
   * The row whose first cell is this document name (followed, in a marked row, by its "Possible
   * duplicate of …" line and, in Rejected, its "Rejected: …" line only).
   */
  row(name: string): Locator {
    const named = new RegExp(`^\\s*${escapeRegExp(name)}\\s*(Possible duplicate of .*)?\\s*(Rejected: .*|Rejected without a reason)?$`);
    return this.rows().filter({ has: this.app.getByRole('gridcell').first().filter({ hasText: named }) });
  }

  /** A row's "Possible duplicate of …" line (issue 35), under the document's name. */
  possibleDuplicate(name: string): Locator {
    return this.row(name).locator('[data-marker="possibleDuplicate"]');
  }

  /** A row's "Rejected: …" line (issue 38), under the document's name. */
  rejection(name: string): Locator {
    return this.row(name).locator('[data-marker="rejection"]');
  }

  /** The approve dialog of possible duplicates: it asks for the reason to approve them anyway. */
  duplicateApprovePrompt(): Locator {
    return this.app.getByRole('dialog').filter({ has: this.app.getByRole('textbox', { name: /Reason to approve anyway/ }) });
  }

  /** Turns the inline viewer pane ('Autoview', remembered per browser profile) on or off. */
  async setAutoview(on: boolean): Promise<void> {
    await this.app.getByRole('switch', { name: 'Autoview' }).setChecked(on);
  }

  /** The document names in list order (first cell of each row). */
  async documentNames(): Promise<string[]> {
    // One read inside the page: rows taken one by one can leave between the count and the read
    // (a rejected document leaves the list), and a locator for a row that left waits until time-out.
    return this.grid().evaluate((grid) =>
      // Explicit roles or a table's implicit ones (tr is a row, td a grid cell).
      Array.from(grid.querySelectorAll('[role="row"], tr'))
        .map((row) => row.querySelector('[role="gridcell"], td'))
        .filter((cell): cell is HTMLElement => cell instanceof HTMLElement)
        .map((cell) => {
          // The name without the lines a marked row shows under it: "Possible duplicate of …" (issue 35), "Rejected: …" (issue 38).
          let text = cell.innerText;
          for (const marker of Array.from(
            cell.querySelectorAll<HTMLElement>('[data-marker="possibleDuplicate"], [data-marker="rejection"]'),
          ))
            text = text.replace(marker.innerText, '');
          return text.trim();
        }),
    );
  }

  /** Waits until the grid lists exactly these documents, in any order (up to waitFor's deadline, naming them if they never come). */
  async waitForDocuments(names: readonly string[]): Promise<void> {
    const wanted = [...names].sort();
    await this.grid().waitFor();
    await e2eWaitFor(
      async () => {
        const shown = (await this.documentNames()).sort();
        if (shown.length === wanted.length && shown.every((name, index) => name === wanted[index])) return shown;
        // Look again once the app has painted its next frame (a list loads or rows leave).
        await this.grid().evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        return null;
      },
      { until: (shown) => shown !== null, what: `the ${this.queueName} list to show exactly ${wanted.join(', ')}`, intervalMs: 0 },
    );
  }

  /**
   * Selects documents with the keyboard only: focus goes to the first row, ArrowDown walks the
   * list and Space toggles each wanted row (arrow keys alone never select).
   */
  async selectWithKeyboard(names: readonly string[]): Promise<void> {
    const order = await this.documentNames();
    const last = Math.max(...names.map((name) => order.indexOf(name)));
    if (names.some((name) => !order.includes(name))) throw new Error(`Not all of ${names.join(', ')} are listed: ${order.join(', ')}`);
    await this.rows().first().focus();
    for (let index = 0; index <= last; index++) {
      if (names.includes(order[index])) await this.rows().nth(index).press(' ');
      if (index < last) await this.rows().nth(index).press('ArrowDown');
    }
  }

  /** The names of the selected rows. */
  async selectedNames(): Promise<string[]> {
    return this.grid().evaluate((grid) =>
      Array.from(grid.querySelectorAll('[role="row"][aria-selected="true"], tr[aria-selected="true"]'))
        .map((row) => row.querySelector('[role="gridcell"], td'))
        .filter((cell): cell is HTMLElement => cell instanceof HTMLElement)
        .map((cell) => {
          // The name without the lines a marked row shows under it: "Possible duplicate of …" (issue 35), "Rejected: …" (issue 38).
          let text = cell.innerText;
          for (const marker of Array.from(
            cell.querySelectorAll<HTMLElement>('[data-marker="possibleDuplicate"], [data-marker="rejection"]'),
          ))
            text = text.replace(marker.innerText, '');
          return text.trim();
        }),
    );
  }

  /** A button of the 'Workflow actions' toolbar (Approve and Reject also as "Approve 3 documents" with several selected). */
  action(name: 'Approve' | 'Reject' | 'Route' | 'Lock' | 'Renew lock' | 'Unlock' | 'Refresh'): Locator {
    const toolbar = this.app.getByRole('toolbar', { name: 'Workflow actions' });
    if (name === 'Approve' || name === 'Reject') return toolbar.getByRole('button', { name: new RegExp(`^${name}( \\d+ documents)?$`) });
    return toolbar.getByRole('button', { name, exact: true });
  }

  /** The note prompt of approve / reject. */
  notePrompt(): Locator {
    return this.app.getByRole('dialog').filter({ has: this.app.getByRole('textbox', { name: 'Note' }) });
  }

  /** Approve → the note prompt → types the note → confirms with the dialog's 'Approve'. */
  async approveWithNote(note: string): Promise<void> {
    await this.action('Approve').click();
    const prompt = this.notePrompt();
    await prompt.waitFor();
    await prompt.getByRole('textbox', { name: 'Note' }).fill(note);
    await prompt.getByRole('button', { name: 'Approve', exact: true }).click();
  }

  /**
   * The bar saying another user just acted on the document shown ("LW-5531.pdf: approved by …"),
   * or that a decision was refused as out of sync ('Document Queue Out Of Sync With Window'),
   * found by its words: it is a message bar over the list, never a dialog.
   */
  actedOnBar(text: string | RegExp): Locator {
    return this.app.locator('.fui-MessageBar').filter({ hasText: text });
  }

  /** The grid's column headings, in order. */
  async columnTitles(): Promise<string[]> {
    return (await this.grid().getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  }

  /** The cells of each row as the grid shows them, in list order. */
  async cellTexts(): Promise<string[][]> {
    return this.grid().evaluate((grid) =>
      Array.from(grid.querySelectorAll('[role="row"], tr'))
        .map((row) => Array.from(row.querySelectorAll<HTMLElement>('[role="gridcell"], td')).map((cell) => cell.innerText.trim()))
        .filter((cells) => cells.length > 0),
    );
  }

  /**
   * The toolbar's Export menu (issue 40 item 7) → "Excel (.xlsx)" or "CSV": Export on the toolbar,
   * or behind "More actions" when the toolbar had no room for it; resolves to the file the browser saves.
   */
  async exportList(page: Page, item: 'Excel (.xlsx)' | 'CSV'): Promise<Download> {
    const toolbar = new OverflowToolbarPage(this.app, 'Workflow actions', 'More actions');
    const onBar = toolbar.bar().getByRole('button', { name: 'Export', exact: true });
    await onBar.or(toolbar.more()).first().waitFor();
    if (await onBar.isVisible()) await onBar.click();
    else {
      await toolbar.more().click();
      await toolbar.panel().getByRole('button', { name: 'Export', exact: true }).click();
    }
    const download = page.waitForEvent('download');
    await this.app.getByRole('menuitem', { name: item }).click();
    return download;
  }
}
