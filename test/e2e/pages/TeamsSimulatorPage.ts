import type { FrameLocator, Locator, Page } from 'playwright-core';

/** The theme buttons of the simulator, by their labels (Teams' default, dark and contrast themes). */
export type TeamsThemeLabel = 'Default' | 'Dark' | 'High contrast';

/** The Microsoft Teams simulator `/demo/teams`: a channel hosting our configuration page and tab, a user switcher, theme buttons and the activity feed. */
export class TeamsSimulatorPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** Opens the simulator (optionally as a demo user) and waits until it is ready. */
  async open(username?: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/demo/teams${username ? `?user=${encodeURIComponent(username)}` : ''}`);
    await this.page.getByRole('heading', { name: 'Activity' }).waitFor();
  }

  /**
   * Opens the simulator as a demo user on a phone-wide window (issue 38): the channel shows its
   * saved tab full width and the simulator's side pane steps aside, so this waits for the tab's frame.
   */
  async openSavedTab(username: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/demo/teams?user=${encodeURIComponent(username)}`);
    await this.page.locator('iframe[title="Datahaven Documents tab"]').waitFor();
  }

  /** Signs another demo user in to "Teams" (value = username); open frames start again as that user. */
  async switchUser(username: string): Promise<void> {
    await this.page.getByLabel('Demo user').selectOption(username);
  }

  /** Switches the Teams theme, which the simulator sends to the frames as TeamsJS's themeChange. */
  async switchTheme(label: TeamsThemeLabel): Promise<void> {
    await this.page.getByRole('group', { name: 'Teams theme' }).getByRole('button', { name: label, exact: true }).click();
  }

  /** Starts adding the tab: the configuration page opens in the configuration dialog. */
  async addTab(): Promise<void> {
    await this.page.getByRole('button', { name: 'Add a tab' }).click();
  }

  /** Opens the configuration page again for the saved tab (canUpdateConfiguration). */
  async reconfigureTab(): Promise<void> {
    await this.page.getByRole('button', { name: 'Reconfigure tab' }).click();
  }

  /** Our configuration page inside the simulator's dialog. */
  configureFrame(): FrameLocator {
    return this.page.frameLocator('iframe[title="Tab configuration"]');
  }

  /** Teams' Save button, enabled while the configuration page says its choice is valid. */
  saveButton(): Locator {
    return this.page.getByRole('region', { name: 'Datahaven Documents' }).getByRole('button', { name: 'Save', exact: true });
  }

  /** Waits until Save is offered (the configuration page called setValidityState(true)). */
  async waitForSaveEnabled(): Promise<void> {
    await this.page.locator('#configure-save:enabled').waitFor();
  }

  /** What the simulator says about the save (a failure's words). */
  configureStatus(): Locator {
    return this.page.locator('#configure-status');
  }

  /** Our tab's content inside the channel. */
  tabFrame(): FrameLocator {
    return this.page.frameLocator('iframe[title="Datahaven Documents tab"]');
  }

  /** The channel's tab strip entry of the saved tab (its name is the configuration's suggestedDisplayName). */
  tabStripEntry(): Locator {
    return this.page.getByRole('tablist', { name: 'Channel tabs' }).locator('#tab-button');
  }

  /** One field of the saved tab configuration (entityId, contentUrl, suggestedDisplayName, websiteUrl). */
  savedConfig(field: 'entityId' | 'contentUrl' | 'suggestedDisplayName' | 'websiteUrl'): Locator {
    return this.page.locator(`#saved-config dd[data-field="${field}"]`);
  }

  /** The activity feed's notifications, newest first. */
  notifications(): Locator {
    return this.page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
  }

  /** Reads the recorded notifications again now (the page also polls). */
  async refreshActivity(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh', exact: true }).click();
  }

  /** Opens a notification's deep link in the tab. */
  async openNotification(notification: Locator): Promise<void> {
    await notification.getByRole('link', { name: 'Open in the tab' }).click();
  }
}
