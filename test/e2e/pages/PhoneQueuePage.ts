import type { FrameLocator, Locator } from 'playwright-core';
import { e2eWaitFor } from '../support/e2eWaitFor';
import { WorkflowQueuePage } from './WorkflowQueuePage';

/** How the user presses: a finger on a touch screen, or the mouse (the same walk at desktop width). */
export type PressWith = 'tap' | 'click';

/** One decision of a walk through the queue: approve (with the queue's required note) or reject with a reason. */
export type PhoneDecision = { kind: 'approve'; note: string } | { kind: 'reject'; reason: string };

/** What the walk saw of one document before deciding on it. */
export interface DecidedDocument {
  name: string;
  /** The amount as the facts over the document show it ('$1,234.50'). */
  amount: string;
  decision: PhoneDecision['kind'];
}

/** A control's size on screen, in CSS pixels. */
export interface TargetSize {
  name: string;
  width: number;
  height: number;
}

/**
 * A queue in the phone layout (issue 38): the list step (filter, stacked rows), the document step
 * (Back, the invoice facts over the document, the viewer) and the decision bar fixed at the bottom
 * ('Workflow actions': Approve, Reject, Route, More), with the note prompt approve and reject open.
 */
export class PhoneQueuePage {
  readonly list: WorkflowQueuePage;

  constructor(
    private readonly app: FrameLocator,
    queueName: string,
    private readonly press: PressWith = 'tap',
  ) {
    this.list = new WorkflowQueuePage(app, queueName);
  }

  private async pressOn(target: Locator): Promise<void> {
    if (this.press === 'tap') await target.tap();
    else await target.click();
  }

  /** Narrows the list with the queue's filter and waits for exactly these documents. */
  async filterTo(text: string, names: readonly string[]): Promise<void> {
    await this.app.getByRole('searchbox', { name: 'Filter documents' }).fill(text);
    await this.list.waitForDocuments(names);
  }

  /** The document step's Back (to the list). */
  backButton(): Locator {
    return this.app.getByRole('button', { name: 'Back to the list' });
  }

  /** The invoice facts over the document (amount, vendor, due date). */
  facts(): Locator {
    return this.app.getByRole('region', { name: 'Invoice facts' });
  }

  /** The amount among the facts. */
  amount(): Locator {
    return this.facts().locator('[data-fact="amount"]');
  }

  /** The shown document's name: the viewer's heading. */
  shownDocument(): Locator {
    return this.app.getByRole('region', { name: 'Document viewer' }).getByRole('heading', { level: 1 });
  }

  /** A decision of the bar at the bottom. */
  decision(name: 'Approve' | 'Reject' | 'Route'): Locator {
    return this.app.getByRole('toolbar', { name: 'Workflow actions' }).getByRole('button', { name, exact: true });
  }

  /** The note prompt approve and reject open (its field is 'Note' or 'Reason'). */
  prompt(field: 'Note' | 'Reason'): Locator {
    return this.app.getByRole('dialog').filter({ has: this.app.getByRole('textbox', { name: field }) });
  }

  /**
   * Whether the walk is over: the list step shows and its status says the (filtered) queue holds
   * nothing. Rows alone do not tell, since the list shows none while it loads again.
   */
  async listEmptied(): Promise<boolean> {
    if (await this.shownDocument().isVisible()) return false;
    const status = this.app.getByRole('status', { name: 'Queue status' });
    return (await status.isVisible()) && /^0 of 0 loaded/.test((await status.innerText()).trim());
  }

  /** Opens a row of the list: the document step follows. */
  async open(name: string): Promise<void> {
    await this.pressOn(this.list.row(name));
    await this.shownDocument().filter({ hasText: name }).waitFor();
  }

  /** The name of the document the step shows, once its facts are on screen. */
  async shownName(): Promise<string> {
    await this.amount().waitFor();
    return (await this.shownDocument().innerText()).trim();
  }

  /** The sizes of the controls a decision is made with (the bar's decisions and the row or step controls on screen). */
  async decisionTargets(): Promise<TargetSize[]> {
    const targets: [string, Locator][] = [
      ['Back', this.backButton()],
      ['Approve', this.decision('Approve')],
      ['Reject', this.decision('Reject')],
      ['Route', this.decision('Route')],
      ['More', this.app.getByRole('toolbar', { name: 'Workflow actions' }).getByRole('button', { name: 'More actions' })],
    ];
    return Promise.all(targets.map(([name, locator]) => sizeOf(name, locator)));
  }

  /**
   * Decides on the document shown: Approve or Reject, the prompt's field filled, the dialog's
   * button pressed; `onPrompt` sees the open prompt (the test measures it). Returns once the
   * prompt has closed and the step shows the next document, or the list when this was the last.
   */
  async decide(decision: PhoneDecision, onPrompt?: (prompt: Locator) => Promise<void>): Promise<void> {
    const before = (await this.shownDocument().innerText()).trim();
    const approve = decision.kind === 'approve';
    await this.pressOn(this.decision(approve ? 'Approve' : 'Reject'));
    const prompt = this.prompt(approve ? 'Note' : 'Reason');
    await prompt.waitFor();
    await prompt.getByRole('textbox', { name: approve ? 'Note' : 'Reason' }).fill(approve ? decision.note : decision.reason);
    // Measured once the dialog's opening motion has ended (a scaled surface is smaller than it will be).
    await prompt.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    if (onPrompt) await onPrompt(prompt);
    await this.pressOn(prompt.getByRole('button', { name: approve ? 'Approve' : 'Reject', exact: true }));
    await prompt.waitFor({ state: 'hidden' });
    await e2eWaitFor(
      async () => {
        // Between the decision and the next selection the list may show for a moment: only an empty list ends the walk.
        if (await this.shownDocument().isVisible()) {
          const shown = (await this.shownDocument().innerText()).trim();
          return shown !== '' && shown !== before;
        }
        return this.listEmptied();
      },
      { what: `the next document (or the list) after deciding on ${before}` },
    );
  }

  /**
   * Clears the filtered list: opens its first row, then reads each shown document's amount and
   * decides on it (`decisionFor` by its name and place), until the step falls back to the list.
   * `observe` runs on every document step and prompt (the test's checks); returns what was decided.
   */
  async clear(
    first: string,
    decisionFor: (name: string, index: number) => PhoneDecision,
    observe: { step?: () => Promise<void>; prompt?: (prompt: Locator) => Promise<void> } = {},
  ): Promise<DecidedDocument[]> {
    await this.open(first);
    const decided: DecidedDocument[] = [];
    for (;;) {
      await e2eWaitFor(async () => (await this.shownDocument().isVisible()) || (await this.listEmptied()), {
        what: 'a document step, or the emptied list',
      });
      if (!(await this.shownDocument().isVisible())) break;
      const name = await this.shownName();
      const amount = (await this.amount().innerText()).trim();
      if (observe.step) await observe.step();
      const decision = decisionFor(name, decided.length);
      await this.decide(decision, observe.prompt);
      decided.push({ name, amount, decision: decision.kind });
    }
    return decided;
  }
}

/** A control's bounding box as a TargetSize (0 × 0 when it is not on screen). */
export async function sizeOf(name: string, locator: Locator): Promise<TargetSize> {
  const box = await locator.boundingBox();
  return { name, width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
}
