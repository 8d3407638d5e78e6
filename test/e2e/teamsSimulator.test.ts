import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { TeamsSimulatorPage } from './pages/TeamsSimulatorPage';
import { useBrowserSession } from './support/browserSession';

/*
 * The simulator against TeamsJS itself: probe pages stand in for our configuration page and tab
 * (routed in this window only) and drive @microsoft/teams-js 2.58's own bundle from node_modules,
 * so what is checked is that /demo/teams answers the SDK's real messages, whatever our pages do.
 */

const session = useBrowserSession();
let page: Page;

/** The configuration page's stand-in: initialises, reads context and the existing config, saves queue 7 or refuses once. */
const CONFIGURE_PROBE = `<!doctype html><html><head><title>probe</title></head><body>
<p id="out">starting</p>
<button id="valid" type="button">Make valid</button><button id="refuse" type="button">Refuse the next save</button>
<script src="/__probe/teams-js.js"></script>
<script>
var sdk = window.microsoftTeams;
var refuse = false;
sdk.app.initialize().then(function () { return sdk.app.getContext(); }).then(function (context) {
  document.body.setAttribute('data-frame-context', context.page.frameContext);
  document.body.setAttribute('data-upn', context.user.userPrincipalName || '');
  document.body.setAttribute('data-tenant', context.user.tenant ? context.user.tenant.id : '');
  sdk.pages.config.registerOnSaveHandler(function (event) {
    if (refuse) { refuse = false; event.notifyFailure('The probe refused this save.'); return; }
    var url = location.origin + '/teams/queues/7';
    sdk.pages.config.setConfig({ contentUrl: url, websiteUrl: url, entityId: 'datahaven-queue-7', suggestedDisplayName: 'Probe queue' })
      .then(function () { event.notifySuccess(); }, function (error) { event.notifyFailure(String(error)); });
  });
  return sdk.pages.getConfig();
}).then(function (config) {
  document.body.setAttribute('data-existing', config.entityId || '');
  document.getElementById('out').textContent = 'ready';
}, function (error) { document.getElementById('out').textContent = 'error: ' + error.message; });
document.getElementById('valid').addEventListener('click', function () { sdk.pages.config.setValidityState(true); });
document.getElementById('refuse').addEventListener('click', function () { refuse = true; });
</script></body></html>`;

/** The tab's stand-in: initialises with an extra host origin, shows its context and follows theme changes. */
const TAB_PROBE = `<!doctype html><html><head><title>probe</title></head><body>
<p id="out">starting</p>
<script src="/__probe/teams-js.js"></script>
<script>
var sdk = window.microsoftTeams;
sdk.app.initialize(['https://host.example']).then(function () { return sdk.app.getContext(); }).then(function (context) {
  document.body.setAttribute('data-frame-context', context.page.frameContext);
  document.body.setAttribute('data-entity', context.page.id);
  document.body.setAttribute('data-sub-page', context.page.subPageId || '');
  document.body.setAttribute('data-theme', context.app.theme);
  document.body.setAttribute('data-team', context.team ? context.team.displayName : '');
  document.body.setAttribute('data-channel', context.channel ? context.channel.displayName : '');
  document.body.setAttribute('data-naa', String(sdk.nestedAppAuth.isNAAChannelRecommended()));
  sdk.app.registerOnThemeChangeHandler(function (theme) { document.body.setAttribute('data-theme', theme); });
  sdk.app.notifySuccess();
  document.getElementById('out').textContent = 'ready';
  return sdk.authentication.getAuthToken().then(function (token) {
    var payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    document.body.setAttribute('data-token-user', payload.preferred_username);
  });
}, function (error) { document.getElementById('out').textContent = 'error: ' + error.message; });
</script></body></html>`;

beforeAll(async () => {
  page = await session.newWindow();
  const sdk = await readFile(require.resolve('@microsoft/teams-js/dist/umd/MicrosoftTeams.min.js'), 'utf8');
  await page.route('**/__probe/teams-js.js', (route) => route.fulfill({ contentType: 'text/javascript', body: sdk }));
  await page.route('**/integration/teams/configure', (route) => route.fulfill({ contentType: 'text/html', body: CONFIGURE_PROBE }));
  await page.route('**/teams/queues/*', (route) => route.fulfill({ contentType: 'text/html', body: TAB_PROBE }));
});

describe('the Teams simulator answering TeamsJS 2.58', () => {
  it('runs the configure flow (validity, save refused, save), opens the tab and sends theme changes live', async () => {
    const teams = new TeamsSimulatorPage(page, session.server.baseUrl);
    await teams.open('approver');
    await teams.addTab();
    const configure = teams.configureFrame();
    await configure.getByText('ready').waitFor();
    expect(await configure.locator('body').getAttribute('data-frame-context')).toBe('settings');
    expect(await configure.locator('body').getAttribute('data-upn')).toBe('pat.approver@cronus.example');
    expect(await configure.locator('body').getAttribute('data-existing')).toBe('');
    expect(await teams.saveButton().isDisabled()).toBe(true);

    await configure.getByRole('button', { name: 'Make valid' }).click();
    await teams.waitForSaveEnabled();
    await configure.getByRole('button', { name: 'Refuse the next save' }).click();
    await teams.saveButton().click();
    await teams.configureStatus().getByText('The probe refused this save.').waitFor();
    expect(await teams.savedConfig('entityId').count()).toBe(0);

    await teams.saveButton().click();
    const tab = teams.tabFrame();
    await tab.getByText('ready').waitFor();
    expect(await teams.savedConfig('entityId').textContent()).toBe('datahaven-queue-7');
    expect(await teams.savedConfig('suggestedDisplayName').textContent()).toBe('Probe queue');
    expect(await teams.tabStripEntry().textContent()).toBe('Probe queue');
    const body = tab.locator('body');
    expect(await body.getAttribute('data-frame-context')).toBe('content');
    expect(await body.getAttribute('data-entity')).toBe('datahaven-queue-7');
    expect(await body.getAttribute('data-sub-page')).toBe('');
    expect(await body.getAttribute('data-team')).toBe('Finance');
    expect(await body.getAttribute('data-channel')).toBe('Approvals');
    expect(await body.getAttribute('data-naa')).toBe('false');
    expect(await body.getAttribute('data-theme')).toBe('default');
    // getAuthToken: a token the demo Entra ID signed for the Teams user.
    await tab.locator('body[data-token-user="pat.approver@cronus.example"]').waitFor();

    await body.evaluate((element) => Object.assign(element.ownerDocument.defaultView ?? {}, { themeMark: 'kept' }));
    await teams.switchTheme('Dark');
    await tab.locator('body[data-theme="dark"]').waitFor();
    await teams.switchTheme('High contrast');
    await tab.locator('body[data-theme="contrast"]').waitFor();
    expect(await body.evaluate((element) => Reflect.get(element.ownerDocument.defaultView ?? {}, 'themeMark'))).toBe('kept');

    // The saved tab comes back after a reload, and reconfiguring hands the page its configuration.
    await page.reload();
    await teams.tabFrame().getByText('ready').waitFor();
    expect(await teams.tabFrame().locator('body').getAttribute('data-theme')).toBe('contrast');
    await teams.reconfigureTab();
    await teams.configureFrame().getByText('ready').waitFor();
    expect(await teams.configureFrame().locator('body').getAttribute('data-existing')).toBe('datahaven-queue-7');

    // Another Teams user: the open frame starts again as them, with their token.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await teams.tabStripEntry().click();
    await teams.tabFrame().locator('body[data-token-user="pat.approver@cronus.example"]').waitFor();
    await teams.switchUser('junior');
    await teams.tabFrame().locator('body[data-token-user="jo.junior@cronus.example"]').waitFor();
    expect(session.errors).toEqual([]);
  });
});
