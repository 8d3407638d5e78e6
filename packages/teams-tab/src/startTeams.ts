import { ApiClient, TokenManager, createDatahavenServices, workflowApi, type DatahavenServices, type WorkflowApi } from '@datahaven/core';
import { app } from '@microsoft/teams-js';
import { connectToTeams, mayBeInTeams } from './connectToTeams';
import { createTeamsHostAdapter, type TeamsHostAdapter } from './createTeamsHostAdapter';
import { createTeamsSignIn } from './createTeamsSignIn';
import { loadTeamsSettings } from './teamsSettings';
import { showLanguageOf } from './showLanguageOf';
import { TEAMS_TEXT } from './teamsText';
import { CONFIGURE_PATH, TAB_BASENAME, coreRouteFor, documentIdFromSubPage, tabChoiceFromPath, type TabChoice } from './tabRoutes';

/** What the Teams bundle shows once started: a sentence, the configure page, or the tab. */
export type TeamsStart =
  | { kind: 'notice'; message: string; host?: TeamsHostAdapter }
  | { kind: 'configure'; host: TeamsHostAdapter; workflow: WorkflowApi }
  | { kind: 'tab'; host: TeamsHostAdapter; services: DatahavenServices };

/** Dependencies of startTeams (tests pass their own fetch and time-out). */
export interface StartTeamsOptions {
  fetch?: typeof fetch;
  initializeTimeoutMs?: number;
}

/** An error's words, or the fallback. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}

/**
 * The route a tab opens in, in the core's screens: the chosen queue, or — for a deep link to a
 * document (`page.subPageId` 'document:<id>') — that document selected in its queue when the
 * queue belongs to the tab's choice, otherwise the document on its own in the viewer.
 */
async function tabRoute(choice: TabChoice | null, docId: number | null, services: DatahavenServices): Promise<string | null> {
  if (docId === null) return choice ? coreRouteFor(choice) : null;
  const queue = await services.api.workflow.getDocumentQueue(docId).catch(() => null);
  if (queue && choice && (choice.kind === 'queue' ? queue.id === choice.id : queue.queueTypeId === choice.id)) {
    // The queue screen keeps a selection that is in its list and shows it in its viewer pane.
    services.selection.set([docId]);
    return coreRouteFor({ kind: 'queue', id: queue.id });
  }
  return `/viewer/${docId}`;
}

/**
 * Starts the Teams bundle (HOSTS.md order): host detection, server settings, `app.initialize`
 * with a time-out, context, sign-in (NAA or getAuthToken, traded for the product token); then the
 * configure page in frame context 'settings', or the tab on its queue. Never hangs outside Teams.
 */
export async function startTeams(win: Window, options: StartTeamsOptions = {}): Promise<TeamsStart> {
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Until Teams says its locale (and outside Teams, where it never does) the browser's language is the best guess.
  showLanguageOf(win, win.navigator.language);
  if (!mayBeInTeams(win)) return { kind: 'notice', message: TEAMS_TEXT.notices.notInTeams };
  let host: TeamsHostAdapter;
  try {
    const settings = await loadTeamsSettings(fetchFn);
    const context = await connectToTeams(win, { hostOrigins: settings.hostOrigins, timeoutMs: options.initializeTimeoutMs });
    // The notices, the configure page and the tab's screens speak the user's Teams language from here on.
    showLanguageOf(win, context.app.locale);
    const signIn = createTeamsSignIn(settings, { loginHint: context.user?.loginHint, tenantId: context.user?.tenant?.id });
    host = createTeamsHostAdapter(win, { context, signIn, fetch: fetchFn });
  } catch (error) {
    return { kind: 'notice', message: messageOf(error, TEAMS_TEXT.notices.notInTeams) };
  }
  // Teams hides its loading indicator once told the app is up (manifest showLoadingIndicator).
  app.notifySuccess().catch(() => undefined);

  const path = win.location.pathname.replace(/\/+$/, '');
  if (path === CONFIGURE_PATH) {
    if (host.frameContext !== 'settings') return { kind: 'notice', message: TEAMS_TEXT.notices.configureOutsideSettings, host };
    const client = new ApiClient({ tokens: new TokenManager(host), fetch: fetchFn });
    return { kind: 'configure', host, workflow: workflowApi(client) };
  }

  try {
    // Sign in before the screens mount, so a refusal (no licence, wrong tenant) is shown in the server's words.
    await host.getToken({ forceRefresh: false });
  } catch (error) {
    return { kind: 'notice', message: messageOf(error, TEAMS_TEXT.notices.signInFailed), host };
  }
  const services = createDatahavenServices(host, { fetch: fetchFn, liveUpdates: true });
  const route = await tabRoute(tabChoiceFromPath(win.location.pathname), documentIdFromSubPage(host.subPageId), services);
  if (route !== null) win.history.replaceState(null, '', `${TAB_BASENAME}${route}`);
  return { kind: 'tab', host, services };
}
