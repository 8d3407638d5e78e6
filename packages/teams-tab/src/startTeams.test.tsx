import { act, render, screen, waitFor } from '@testing-library/react';
import type { WorkflowQueue } from '@datahaven/core';
import { app, pages } from '@microsoft/teams-js';
import { startTeams } from './startTeams';
import { TEAMS_TEXT } from './teamsText';
import { TeamsApp } from './TeamsApp';
import { productToken } from './test/productToken';
import { mockedGetAuthToken } from './test/mockedGetAuthToken';
import { json, serverStandIn, text, type StandInRoute } from './test/serverStandIn';

jest.mock('@microsoft/teams-js', () => jest.requireActual<typeof import('./test/teamsJsMock')>('./test/teamsJsMock').teamsJsMock());

const SETTINGS = {
  clientId: '22222222-2222-4222-8222-222222222222',
  authority: 'http://127.0.0.1:3000/demo/entra',
  tenantIds: ['11111111-1111-4111-8111-111111111111'],
  scopes: ['api://127.0.0.1:3000/22222222-2222-4222-8222-222222222222/access_as_user'],
  hostOrigins: ['http://127.0.0.1:3000'],
  teamsAppId: '33333333-3333-4333-8333-333333333333',
};

/** The context Teams gives a tab (or, with 'settings', its configure page). */
function teamsContext(frameContext: string, subPageId?: string, locale = 'en-us'): app.Context {
  return {
    app: { theme: 'default', locale, host: { name: 'Teams', clientType: 'web' } },
    page: { id: 'datahaven-queue-7', frameContext, subPageId },
    user: { loginHint: 'clerk@contoso.example', tenant: { id: SETTINGS.tenantIds[0] } },
  } as unknown as app.Context;
}

/** The queue a document is in, as GET /workflow-structure/{docId}/queue answers. */
function queueOf(id: number, queueTypeId = 3): Partial<WorkflowQueue> {
  return { id, name: `Queue ${id}`, queueTypeId, queueTypeName: 'Approval' };
}

/** The server: settings, the token exchange, and whatever else a test adds. */
function server(extra: Record<string, StandInRoute> = {}): ReturnType<typeof serverStandIn> {
  return serverStandIn({
    '/api/integration/teams/settings': () => json(SETTINGS),
    '/api/token/user': (request) =>
      request.authorization === 'Bearer entra-token' ? text(productToken(Date.now() + 3_600_000)) : text('Wrong token.', 401),
    ...extra,
  });
}

/** Puts the page at `path`, inside a frame (Teams' iframe), with Teams answering with `context`. */
function inTeams(path: string, context: app.Context): void {
  window.history.replaceState(null, '', path);
  jest.spyOn(window, 'parent', 'get').mockReturnValue({} as Window);
  jest.mocked(app.initialize).mockResolvedValue();
  jest.mocked(app.getContext).mockResolvedValue(context);
  mockedGetAuthToken().mockResolvedValue('entra-token');
}

describe('startTeams', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.restoreAllMocks();
  });

  it('opened outside Teams, says so in words at once, without asking TeamsJS or the server', async () => {
    window.history.replaceState(null, '', '/teams/queues/7');
    const backend = server();
    render(<TeamsApp start={startTeams(window, { fetch: backend.fetch })} origin="http://127.0.0.1:3000" />);
    expect((await screen.findByRole('status')).textContent).toBe(TEAMS_TEXT.notices.notInTeams);
    expect(app.initialize).not.toHaveBeenCalled();
    expect(backend.seen).toEqual([]);
  });

  it('initialises TeamsJS with the server’s host origins, signs in and opens the tab’s queue in the core’s queue screen', async () => {
    inTeams('/teams/queues/7', teamsContext('content'));
    const backend = server();
    const started = await startTeams(window, { fetch: backend.fetch });
    expect(started.kind).toBe('tab');
    expect(app.initialize).toHaveBeenCalledWith(SETTINGS.hostOrigins);
    expect(window.location.pathname).toBe('/teams/workflow2/queues/7/documents');
    expect(backend.seen.map((request) => request.url)).toEqual(['/api/integration/teams/settings', '/api/token/user?type=jwt']);
  });

  it('opens a queue-type tab on the type’s queues', async () => {
    inTeams('/teams/queue-types/3', teamsContext('content'));
    await startTeams(window, { fetch: server().fetch });
    expect(window.location.pathname).toBe('/teams/workflow2/queue-types/3/queues');
  });

  it('opens a deep-linked document selected in the tab’s queue', async () => {
    inTeams('/teams/queues/7', teamsContext('content', 'document:42'));
    const started = await startTeams(window, { fetch: server({ '/api/workflow-structure/42/queue': () => json(queueOf(7)) }).fetch });
    if (started.kind !== 'tab') throw new Error(`Expected the tab, got ${started.kind}`);
    expect(window.location.pathname).toBe('/teams/workflow2/queues/7/documents');
    expect(started.services.selection.getSnapshot().ids).toEqual([42]);
  });

  it('opens a deep-linked document in its own queue when a queue-type tab holds it', async () => {
    inTeams('/teams/queue-types/3', teamsContext('content', 'document:42'));
    await startTeams(window, { fetch: server({ '/api/workflow-structure/42/queue': () => json(queueOf(8)) }).fetch });
    expect(window.location.pathname).toBe('/teams/workflow2/queues/8/documents');
  });

  it('opens a deep-linked document that left the tab’s queue in the viewer', async () => {
    inTeams('/teams/queues/7', teamsContext('content', 'document:42'));
    await startTeams(window, { fetch: server({ '/api/workflow-structure/42/queue': () => json(queueOf(9)) }).fetch });
    expect(window.location.pathname).toBe('/teams/viewer/42');
  });

  it('shows the server’s words when it refuses the Microsoft user', async () => {
    inTeams('/teams/queues/7', teamsContext('content'));
    const refusal = 'You do not have a license or permission to access Datahaven Documents.';
    const backend = server({ '/api/token/user': () => json({ message: refusal }, 403) });
    render(<TeamsApp start={startTeams(window, { fetch: backend.fetch })} origin="http://127.0.0.1:3000" />);
    expect((await screen.findByRole('status')).textContent).toBe(refusal);
  });

  it('at the configure address outside the settings dialog, says where to open it', async () => {
    inTeams('/integration/teams/configure', teamsContext('content'));
    const started = await startTeams(window, { fetch: server().fetch });
    expect(started).toMatchObject({ kind: 'notice', message: TEAMS_TEXT.notices.configureOutsideSettings });
  });

  it('speaks the Teams user’s language: the configure page in German for de-de, with <html lang="de">', async () => {
    inTeams('/integration/teams/configure', teamsContext('settings', undefined, 'de-de'));
    jest.mocked(pages.getConfig).mockResolvedValue({ contentUrl: '' });
    const backend = server({
      '/api/workflow-root': () =>
        json({ queueTypes: [{ id: 3, name: 'Approval', enabled: true, documentCount: 0, queues: [queueOf(7)] }] }),
    });
    render(<TeamsApp start={startTeams(window, { fetch: backend.fetch })} origin="http://127.0.0.1:3000" />);
    const select = await screen.findByRole('combobox', { name: 'Warteschlange' });
    expect(screen.getByRole('heading', { name: 'Wählen Sie, was diese Registerkarte zeigt' })).toBeTruthy();
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Warteschlange auswählen…',
      'Alle Warteschlangen von Approval',
      'Queue 7',
    ]);
    expect(document.documentElement.lang).toBe('de');
  });

  it('says where the configure page opens in German for a de-at Teams, in English for en-us', async () => {
    inTeams('/integration/teams/configure', teamsContext('content', undefined, 'de-at'));
    await expect(startTeams(window, { fetch: server().fetch })).resolves.toMatchObject({
      kind: 'notice',
      message:
        'Diese Seite richtet eine Datahaven Documents-Registerkarte ein. Öffnen Sie sie aus Microsoft Teams: Fügen Sie die Registerkarte zu einem Kanal hinzu, oder wählen Sie „Einstellungen“ im Menü der Registerkarte.',
    });
    expect(document.documentElement.lang).toBe('de');
    inTeams('/integration/teams/configure', teamsContext('content', undefined, 'en-us'));
    await expect(startTeams(window, { fetch: server().fetch })).resolves.toMatchObject({
      message:
        'This page sets up a Datahaven Documents tab. Open it from Microsoft Teams: add the tab to a channel, or choose Settings in the tab’s menu.',
    });
    expect(document.documentElement.lang).toBe('en');
  });

  it('opened outside Teams in a German browser, says so in German (no Teams locale to ask)', async () => {
    window.history.replaceState(null, '', '/teams/queues/7');
    jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('de-DE');
    render(<TeamsApp start={startTeams(window, { fetch: server().fetch })} origin="http://127.0.0.1:3000" />);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Diese Seite funktioniert nur in Microsoft Teams. Fügen Sie Datahaven Documents als Registerkarte zu einem Teams-Kanal hinzu und öffnen Sie sie dort.',
    );
    expect(screen.getByRole('heading', { name: 'Datahaven Documents' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });

  it('applies Teams’ theme switches live on the configure page (data-theme on the app root)', async () => {
    inTeams('/integration/teams/configure', teamsContext('settings'));
    jest.mocked(pages.getConfig).mockResolvedValue({ contentUrl: '' });
    const backend = server({
      '/api/workflow-root': () =>
        json({ queueTypes: [{ id: 3, name: 'Approval', enabled: true, documentCount: 0, queues: [queueOf(7)] }] }),
    });
    const { container } = render(<TeamsApp start={startTeams(window, { fetch: backend.fetch })} origin="http://127.0.0.1:3000" />);
    await screen.findByRole('combobox', { name: 'Queue' });
    const root = container.firstElementChild as HTMLElement;
    expect(root.dataset.theme).toBe('default');
    const onThemeChange = jest.mocked(app.registerOnThemeChangeHandler).mock.calls[0][0];
    act(() => onThemeChange('dark'));
    expect(root.dataset.theme).toBe('dark');
    act(() => onThemeChange('contrast'));
    expect(root.dataset.theme).toBe('contrast');
  });

  it('applies Teams’ theme switches live in the tab, to the core’s Fluent theme too', async () => {
    inTeams('/teams/', teamsContext('content'));
    const { container } = render(<TeamsApp start={startTeams(window, { fetch: server().fetch })} origin="http://127.0.0.1:3000" />);
    await screen.findByRole('heading', { name: 'Datahaven Documents in Teams' });
    const root = container.firstElementChild as HTMLElement;
    const fluent = () => root.querySelector<HTMLElement>('.fui-FluentProvider');
    expect(fluent()?.dataset.theme).toBe('teamsLight');
    const onThemeChange = jest.mocked(app.registerOnThemeChangeHandler).mock.calls[0][0];
    act(() => onThemeChange('dark'));
    await waitFor(() => expect(fluent()?.dataset.theme).toBe('teamsDark'));
    expect(root.dataset.theme).toBe('dark');
    act(() => onThemeChange('contrast'));
    await waitFor(() => expect(fluent()?.dataset.theme).toBe('teamsHighContrast'));
    expect(root.dataset.theme).toBe('contrast');
  });
});
