import {
  FALLBACK_LOCALE,
  decodeToken,
  settableSignal,
  tokenNeedsRefresh,
  webStorage,
  type ClientType,
  type HostAdapter,
  type HostContext,
  type HostHome,
  type HostLocale,
  type HostThemeName,
  type SettableSignal,
  type TokenRequest,
} from '@datahaven/core';
import { app } from '@microsoft/teams-js';
import type { TeamsSignIn } from './createTeamsSignIn';
import { TokenExchangeError, exchangeEntraToken } from './exchangeEntraToken';
import { TAB_BASENAME } from './tabRoutes';
import { TEAMS_TEXT } from './teamsText';
import { hostThemeForTeams } from './teamsThemes';

/** The tab's home ('/teams' with no queue chosen): says where the queue is picked, in the language shown when the home is drawn. */
export const TEAMS_HOME: HostHome = {
  kind: 'notice',
  get title(): string {
    return TEAMS_TEXT.home.title;
  },
  get body(): string {
    return TEAMS_TEXT.home.body;
  },
};

/** Settings of the Teams host. */
export interface TeamsHostAdapterOptions {
  /** The tab's context from `app.getContext()` (after `app.initialize`). */
  context: app.Context;
  /** Where Entra tokens come from (NAA or getAuthToken). */
  signIn: TeamsSignIn;
  fetch?: typeof fetch;
  /** The clock, for tests. */
  now?: () => number;
}

/** The Teams host: a HostAdapter whose theme and locale follow Teams, plus what Teams told us about the tab. */
export interface TeamsHostAdapter extends HostAdapter {
  readonly theme: SettableSignal<HostThemeName>;
  readonly locale: SettableSignal<HostLocale>;
  /** `page.frameContext`: 'content' for the tab, 'settings' for the configure page. */
  readonly frameContext: string;
  /** `page.subPageId`: a deep link's target inside the tab (`document:<id>`), if any. */
  readonly subPageId: string | undefined;
}

/** Teams' locale (e.g. 'en-us') as a canonical BCP 47 tag, or null. */
function canonicalLocale(tag: string | undefined): string | null {
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The core's client type for Teams' host client (spec §2: phones and tablets do not offer View). */
function clientTypeOf(clientType: string | undefined): ClientType {
  if (clientType === 'android' || clientType === 'ios') return 'Phone';
  if (clientType === 'ipados') return 'Tablet';
  return 'Desktop';
}

/**
 * The tab's host (HOSTS.md "Teams configurable channel tab"): context (team, channel, tab) from
 * TeamsJS, theme from Teams and live through `registerOnThemeChangeHandler`, locale from the
 * context, history routing under /teams, and product tokens traded for Entra tokens at
 * `GET /api/token/user?type=jwt`, traded again when the product token expires or is rejected.
 */
export function createTeamsHostAdapter(win: Window, options: TeamsHostAdapterOptions): TeamsHostAdapter {
  const { context, signIn } = options;
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const theme = settableSignal<HostThemeName>(hostThemeForTeams(context.app.theme));
  const tag = canonicalLocale(context.app.locale);
  const locale = settableSignal<HostLocale>(
    tag ? { language: tag, region: tag } : FALLBACK_LOCALE,
    (a, b) => a.language === b.language && a.region === b.region,
  );
  // Teams tells every theme switch (default / dark / contrast); the core restyles without a reload.
  app.registerOnThemeChangeHandler((name) => theme.set(hostThemeForTeams(name)));

  let token: string | null = null;
  let inFlight: Promise<string> | null = null;

  /** Trades an Entra token; a 401 may mean MSAL's or Teams' cached token just expired, so one fresh Entra token gets one more try. */
  const signInOnce = async (): Promise<string> => {
    try {
      return await exchangeEntraToken(fetchFn, await signIn.getEntraToken(false));
    } catch (error) {
      if (!(error instanceof TokenExchangeError) || error.status !== 401) throw error;
      return exchangeEntraToken(fetchFn, await signIn.getEntraToken(true));
    }
  };

  return {
    theme,
    locale,
    frameContext: String(context.page.frameContext),
    subPageId: context.page.subPageId,
    router: { kind: 'browser', basename: TAB_BASENAME },
    home: TEAMS_HOME,
    // A popup would be a plain browser window at /approval-routes/…, which the server serves with
    // the ERP bundle and no Teams sign-in: the tab shows such pages in its own router instead.
    appPages: 'inPlace',
    getContext(): Promise<HostContext> {
      return Promise.resolve({
        record: {},
        teams: { teamId: context.team?.groupId, channelId: context.channel?.id, entityId: context.page.id },
      });
    },
    getToken({ forceRefresh }: TokenRequest): Promise<string> {
      if (!forceRefresh && token !== null) {
        const payload = decodeToken(token);
        if (payload && !tokenNeedsRefresh(payload, now())) return Promise.resolve(token);
      }
      inFlight ??= signInOnce()
        .then((fresh) => {
          token = fresh;
          return fresh;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    // Teams pushes neither record changes nor tokens: nothing to listen to.
    onContextChanged: () => () => undefined,
    onTokenPushed: () => () => undefined,
    // No parent that keeps a selection or an upload list: nobody to tell.
    notifySelectedDocuments: () => Promise.resolve(),
    notifyUploadQueued: () => Promise.resolve(),
    getClientType: () => clientTypeOf(String(context.app.host.clientType)),
    storage: { local: webStorage(() => win.localStorage), session: webStorage(() => win.sessionStorage) },
  };
}
