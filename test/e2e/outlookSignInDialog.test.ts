import type { Page } from 'playwright-core';
import { OutlookSimulatorPage } from './pages/OutlookSimulatorPage';
import { SearchPage } from './pages/SearchPage';
import { useBrowserSession } from './support/browserSession';

/** DIALOG_CLOSED (the test project cannot compile the add-in's sources, which need office.js's types). */
const DIALOG_CLOSED = 'The sign-in window was closed before you signed in to Datahaven Documents. Open the pane again to sign in.';

const session = useBrowserSession();
let page: Page;

// A window of its own per flow: MSAL keeps the signed-in account in the window's session storage.
beforeEach(async () => {
  page = await session.newWindow({ width: 1300, height: 900 });
});

/** Opens the simulator as `username` with the switch that makes Office SSO fail with 13012. */
async function openWithoutSso(username: string): Promise<OutlookSimulatorPage> {
  await page.goto(`${session.server.baseUrl}/demo/outlook?user=${encodeURIComponent(username)}&sso=13012`);
  await page.getByRole('heading', { name: 'New message' }).waitFor();
  return new OutlookSimulatorPage(page, session.server.baseUrl);
}

describe('signing in to the Outlook pane through the Office dialog when Office SSO fails', () => {
  it('opens the sign-in dialog, the user signs in at the (demo) Microsoft sign-in page, the dialog closes and the pane shows their documents', async () => {
    const outlook = await openWithoutSso('clerk');
    // SSO answered 13012: the pane opened the sign-in page in an Office dialog, which went on to Entra's sign-in page.
    const dialog = page.frameLocator('iframe[title="Office dialog"]');
    await dialog.getByRole('heading', { name: 'Sign in (demo Microsoft Entra ID)' }).waitFor();
    await dialog.getByLabel('Account').selectOption('clerk');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    // Back on the redirect URI, MSAL redeemed the code; the page sent the token to the pane, which closed the dialog.
    await page.getByRole('dialog', { name: 'Office dialog' }).waitFor({ state: 'detached' });

    const search = new SearchPage(outlook.pane());
    await search.box().waitFor();
    await search.type('invoice');
    await search.closeSuggestions();
    // The clerk's documents: every demo invoice's description says 'invoice'.
    await outlook.pane().getByRole('row').nth(1).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('says in the pane, in words, that the sign-in window was closed when the user closes it', async () => {
    const outlook = await openWithoutSso('approver');
    const dialog = page.frameLocator('iframe[title="Office dialog"]');
    await dialog.getByRole('heading', { name: 'Sign in (demo Microsoft Entra ID)' }).waitFor();
    await page.getByRole('button', { name: 'Close the dialog' }).click();
    await outlook.pane().getByText(DIALOG_CLOSED).first().waitFor();
    expect(session.errors).toEqual([]);
  });
});
