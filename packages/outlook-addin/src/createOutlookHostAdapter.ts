import {
  BUILD,
  READ_MAIL_PATH,
  fixedSignal,
  settableSignal,
  signInPendingHost,
  webStorage,
  type HostAdapter,
  type HostHome,
} from '@datahaven/core';
import { attachToComposeItem, type ComposeAttachmentTarget } from './attachToComposeItem';
import { createOutlookSignIn, type NestedAppAuth, type OfficeSignInApi } from './createOutlookSignIn';
import { createGraphTokenHeaders } from './graphTokenHeaders';
import { localeOfOffice } from './localeOfOffice';
import { isReadMailItem, mailMessageOfItem } from './mailMessageOfItem';
import type { RestIdConverter } from './messageRestId';
import { openDraftWindow, type DraftWindowOffice } from './openDraftWindow';
import { OUTLOOK_TEXT } from './outlookText';
import { showLanguageOf } from './showLanguageOf';
import { themeOfOffice } from './themeOfOffice';

/** The pane's home outside Outlook, in the language shown when the home is drawn. */
export const OUTSIDE_OUTLOOK_HOME: HostHome = {
  kind: 'notice',
  get title(): string {
    return OUTLOOK_TEXT.home.title;
  },
  get body(): string {
    return OUTLOOK_TEXT.home.notInOutlook;
  },
};

/** The pane's home on a read item that is not an e-mail (a meeting, say): where each feature is found. */
export const OUTLOOK_READ_HOME: HostHome = {
  kind: 'notice',
  get title(): string {
    return OUTLOOK_TEXT.home.title;
  },
  get body(): string {
    return OUTLOOK_TEXT.home.readItem;
  },
};

/** The part of Office.js the pane uses; the real global, office-addin-mock or the demo's stand-in. */
export interface OutlookOffice extends OfficeSignInApi {
  context: OfficeSignInApi['context'] &
    DraftWindowOffice['context'] & {
      displayLanguage?: string;
      officeTheme?: Partial<Office.OfficeTheme> & { isDarkTheme?: boolean };
      mailbox?: RestIdConverter & {
        item?: (Partial<ComposeAttachmentTarget> & { itemId?: string }) | null;
        /** Who is signed in to Outlook; the NAA login hint. */
        userProfile?: { emailAddress?: string };
        addHandlerAsync?(
          eventType: Office.EventType | string,
          handler: (event: unknown) => void,
          callback?: (result: Office.AsyncResult<void>) => void,
        ): void;
      };
    };
}

/** Options of the Outlook host. */
export interface OutlookHostOptions {
  fetch?: typeof fetch;
  /** The MSAL nestable client, where the pane has one (NestedAppAuth 1.1). */
  nestedAppAuth?: NestedAppAuth;
}

function isComposeTarget(item: Partial<ComposeAttachmentTarget> | null | undefined): item is ComposeAttachmentTarget {
  return typeof item?.addFileAttachmentFromBase64Async === 'function';
}

/**
 * The Outlook task pane's host, made once `Office.onReady` has answered: Outlook's theme and
 * display language, the memory router (Office.js nulls `history.pushState`, OfficeDev/office-js
 * #429), sign-in through Outlook, and — while a message is being written — attaching files to it.
 * Compose opens on the search. Reading an e-mail opens the core's read screen (READ_MAIL_PATH)
 * with the message as Outlook hands it out, the Graph credential of a reply draft (a Graph token
 * through NAA, else the Entra token the server trades on-behalf-of) and drafts opened in Outlook's
 * browser window; another read item (a meeting) shows its notice. Outside Outlook it says where it runs.
 */
export function createOutlookHostAdapter(win: Window, office: OutlookOffice | undefined, options: OutlookHostOptions = {}): HostAdapter {
  // Texts the host makes now (the outside-Outlook refusal) and Outlook's reasons later speak Outlook's display language.
  showLanguageOf(win, office?.context.displayLanguage ?? win.navigator.language);
  const mailbox = office?.context.mailbox;
  if (office === undefined || mailbox === undefined)
    return signInPendingHost(win, OUTLOOK_TEXT.home.notInOutlook, OUTSIDE_OUTLOOK_HOME, { kind: 'memory', initialPath: '/' });
  const item = mailbox.item ?? null;
  const compose = isComposeTarget(item);
  const message = !compose && isReadMailItem(item) ? mailMessageOfItem(item, mailbox) : undefined;
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => win.fetch(input, init));
  const signIn = createOutlookSignIn(office, { apiBase: BUILD.apiBasePath, fetch: fetchFn, nestedAppAuth: options.nestedAppAuth });
  const theme = settableSignal(themeOfOffice(office.context.officeTheme));
  try {
    // Outlook tells a pinned pane when the user switches its theme (Mailbox 1.14); older clients keep the first.
    mailbox.addHandlerAsync?.('officeThemeChanged', (event) => {
      const changed = (event as { officeTheme?: OutlookOffice['context']['officeTheme'] }).officeTheme;
      theme.set(themeOfOffice(changed ?? office.context.officeTheme));
    });
  } catch {
    // No theme events in this Outlook: the theme stays as it opened.
  }
  // Reading an e-mail: the message, the Graph credential of a reply (the same sign-in as the product token's), and drafts opened by Outlook.
  const reading: Pick<HostAdapter, 'messageBeingRead' | 'getGraphCredentialHeaders' | 'openMailDraft'> =
    message === undefined
      ? {}
      : {
          messageBeingRead: message,
          getGraphCredentialHeaders: createGraphTokenHeaders({
            office,
            nestedAppAuth: options.nestedAppAuth,
            entraToken: (request) => signIn.getEntraToken(request),
          }),
          openMailDraft: (webLink) => openDraftWindow(office, win, webLink),
        };
  const adapter: HostAdapter = {
    ...reading,
    getContext: () => Promise.resolve({ record: {}, outlook: { mode: compose ? 'compose' : 'read', itemId: item?.itemId } }),
    getToken: (request) => signIn.getToken(request),
    onContextChanged: () => () => undefined,
    onTokenPushed: () => () => undefined,
    notifySelectedDocuments: () => Promise.resolve(),
    notifyUploadQueued: () => Promise.resolve(),
    getClientType: () => 'Desktop',
    storage: { local: webStorage(() => win.localStorage), session: webStorage(() => win.sessionStorage) },
    theme,
    locale: fixedSignal(localeOfOffice(office.context.displayLanguage, win.navigator.language)),
    router: { kind: 'memory', initialPath: compose ? '/search' : message !== undefined ? READ_MAIL_PATH : '/' },
    // The app's own pages (a queue after filing, an approval list) open in the pane: a window outside
    // Outlook is served without Outlook's sign-in and without this pane's routes.
    appPages: 'inPlace',
    home: compose
      ? { kind: 'notice', title: 'Datahaven Documents in Outlook', body: 'Search for documents and attach them to your message.' }
      : OUTLOOK_READ_HOME,
  };
  if (compose) adapter.attachFile = (file) => attachToComposeItem(item, file);
  return adapter;
}
