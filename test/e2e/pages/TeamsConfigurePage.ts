import type { FrameLocator } from 'playwright-core';

/** Our configure page (/integration/teams/configure) inside Teams' configuration dialog: pick the queue or queue type the tab shows. */
export class TeamsConfigurePage {
  constructor(private readonly frame: FrameLocator) {}

  /** Waits until the queues the user may browse are listed. */
  async waitForQueues(): Promise<void> {
    await this.frame.getByRole('combobox', { name: 'Queue' }).waitFor();
  }

  /** Picks a queue (or "All queues of …") by its name in the list. */
  async choose(label: string): Promise<void> {
    await this.waitForQueues();
    await this.frame.getByRole('combobox', { name: 'Queue' }).selectOption({ label });
  }
}
