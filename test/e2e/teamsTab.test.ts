import { teamsDarkTheme, teamsHighContrastTheme, teamsLightTheme } from '@fluentui/react-components';
import type { FrameLocator, Page } from 'playwright-core';
import { TeamsConfigurePage } from './pages/TeamsConfigurePage';
import { TeamsSimulatorPage } from './pages/TeamsSimulatorPage';
import { WorkflowQueuePage } from './pages/WorkflowQueuePage';
import { useBrowserSession } from './support/browserSession';

/*
 * Issue 14, Done-when row 1, in Chromium on /demo/teams: Pat Approver adds the Datahaven tab to
 * the channel for Approval L1 and saves; the tab shows that queue; Pat approves a document with
 * the note L1 requires; Teams switches to dark and to high contrast and the tab follows without a
 * reload.
 */
const QUEUE = 'Approval L1';
/** In Approval L1 from the demo seed (Contoso's PI-1002). */
const APPROVED = 'CS-88120.pdf';
const NOTE = 'Matches the purchase order; approved from the Teams channel.';

const session = useBrowserSession();
let page: Page;
let teams: TeamsSimulatorPage;

/** A Fluent hex colour as Chromium's computed style writes it. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/**
 * The session's page errors but one: TeamsJS asks Microsoft's CDN for its list of valid host
 * origins when it loads, our pages' CSP (connect-src 'self') refuses it, and TeamsJS falls back to
 * its bundled list (HOSTS.md) — the tab reaches the simulator through its configured host origins.
 */
function pageErrors(): string[] {
  return session.errors.filter((error) => !error.includes('https://res.cdn.office.net/teams-js/validDomains/'));
}

beforeAll(async () => {
  page = await session.newWindow();
  teams = new TeamsSimulatorPage(page, session.server.baseUrl);
});

describe('the Datahaven tab in a Teams channel (/demo/teams)', () => {
  let tab: FrameLocator;
  let l1: WorkflowQueuePage;

  it('is configured for Approval L1, saved, and shows that queue, where the approver approves a document with its note', async () => {
    await teams.open('approver');
    await teams.addTab();
    const configure = new TeamsConfigurePage(teams.configureFrame());
    await configure.waitForQueues();
    expect(await teams.saveButton().isDisabled()).toBe(true);
    await configure.choose(QUEUE);
    await teams.waitForSaveEnabled();
    await teams.saveButton().click();

    tab = teams.tabFrame();
    l1 = new WorkflowQueuePage(tab, QUEUE);
    await l1.grid().waitFor();
    expect(await teams.tabStripEntry().textContent()).toBe(QUEUE);
    expect(await teams.savedConfig('entityId').textContent()).toMatch(/^datahaven-queue-\d+$/);
    expect(await teams.savedConfig('contentUrl').textContent()).toMatch(/\/teams\/queues\/\d+$/);
    await l1.waitForDocuments(['CS-88120.pdf', 'NWT-2025-0097.pdf', 'LW-5531.pdf']);

    await l1.row(APPROVED).click();
    await l1.approveWithNote(NOTE);
    await l1.notePrompt().waitFor({ state: 'hidden' });
    await l1.waitForDocuments(['NWT-2025-0097.pdf', 'LW-5531.pdf']);
    expect(pageErrors()).toEqual([]);
  });

  it('follows Teams to the dark and the high-contrast theme without a reload', async () => {
    const root = tab.locator('[data-theme="default"], [data-theme="dark"], [data-theme="contrast"]').first();
    const themed = tab.locator('.fui-FluentProvider').first();
    const background = (): Promise<string> => themed.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await root.getAttribute('data-theme')).toBe('default');
    expect(await background()).toBe(rgb(teamsLightTheme.colorNeutralBackground1));
    // A mark on the tab's window: gone if the frame reloaded.
    await root.evaluate((element) => Object.assign(element.ownerDocument.defaultView ?? {}, { datahavenThemeMark: 'kept' }));

    await teams.switchTheme('Dark');
    await tab.locator('[data-theme="dark"]').waitFor();
    expect(await background()).toBe(rgb(teamsDarkTheme.colorNeutralBackground1));

    await teams.switchTheme('High contrast');
    await tab.locator('[data-theme="contrast"]').waitFor();
    expect(await background()).toBe(rgb(teamsHighContrastTheme.colorNeutralBackground1));
    expect(await root.evaluate((element) => Reflect.get(element.ownerDocument.defaultView ?? {}, 'datahavenThemeMark'))).toBe('kept');
    expect(pageErrors()).toEqual([]);
  });
});
