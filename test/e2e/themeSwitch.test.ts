import { teamsHighContrastTheme, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import type { Page } from 'playwright-core';
import { DEMO_VENDORS } from '../../packages/server/src/demo/demoWorld';
import { DemoErpPage } from './pages/DemoErpPage';
import { useBrowserSession } from './support/browserSession';

const session = useBrowserSession();
let page: Page;

beforeAll(async () => {
  page = await session.newWindow();
});

/** A Fluent hex colour as Chromium's computed style writes it. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

describe('the demo ERP switching its theme', () => {
  it('restyles the Datahaven iframe to dark and to high contrast through the parent-frame protocol, without reloading it', async () => {
    const erp = new DemoErpPage(page, session.server.baseUrl);
    const app = erp.documentsFrame();
    await erp.open();
    await erp.openRecord(DEMO_VENDORS[0].name);
    await app.getByRole('tree', { name: 'Folders' }).waitFor();
    const themed = app.locator('[data-theme]').first();
    const background = (): Promise<string> => themed.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await themed.getAttribute('data-theme')).toBe('webLight');
    expect(await background()).toBe(rgb(webLightTheme.colorNeutralBackground1));
    // A mark on the iframe's window: gone if the frame reloaded.
    await app.locator('html').evaluate((element) => Object.assign(element.ownerDocument.defaultView ?? {}, { datahavenThemeMark: 'kept' }));

    await erp.switchTheme('Dark');
    await app.locator('[data-theme="webDark"]').waitFor();
    expect(await background()).toBe(rgb(webDarkTheme.colorNeutralBackground1));

    await erp.switchTheme('High contrast');
    await app.locator('[data-theme="teamsHighContrast"]').waitFor();
    expect(await background()).toBe(rgb(teamsHighContrastTheme.colorNeutralBackground1));
    expect(
      await app.locator('html').evaluate((element) => Reflect.get(element.ownerDocument.defaultView ?? {}, 'datahavenThemeMark')),
    ).toBe('kept');
    expect(session.errors).toEqual([]);
  });
});
