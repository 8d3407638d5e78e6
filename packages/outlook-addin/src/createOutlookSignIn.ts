import type { TokenRequest, TokenSource } from '@datahaven/core';
import { OUTLOOK_TEXT } from './outlookText';

/** Nested app authentication (MSAL's nestable client): an Entra access token for our API. */
export interface NestedAppAuth {
  /** `scopes` asks for another resource's token (Microsoft Graph's Mail.ReadWrite for a reply draft); left out, our API's. */
  acquireToken(options: { forceRefresh: boolean; scopes?: readonly string[] }): Promise<string>;
}

/** What an Office dialog hands its event handlers: a message from the dialog page, or an event (12006 closed, …). */
export type OfficeDialogEvent = { message: string; origin?: string } | { error: number };

/** The part of an open Office dialog sign-in uses (`Office.Dialog`). */
export interface OfficeDialogHandle {
  close(): void;
  addEventHandler(eventType: Office.EventType, handler: (event: OfficeDialogEvent) => void): void;
}

/** The part of `Office.context.ui` sign-in uses: the dialog API (DialogApi 1.1). */
export interface OfficeDialogApi {
  displayDialogAsync(
    startAddress: string,
    options: Office.DialogOptions,
    callback: (result: Office.AsyncResult<OfficeDialogHandle>) => void,
  ): void;
}

/** The part of the Office global sign-in needs. */
export interface OfficeSignInApi {
  context: { requirements: { isSetSupported(name: string, minVersion?: string): boolean }; ui?: OfficeDialogApi };
  auth?: { getAccessToken(options?: Office.AuthOptions): Promise<string> };
}

/** Where the sign-in dialog's page is served, on the pane's own origin (the Entra app registration's redirect URI). */
export const OUTLOOK_SIGN_IN_DIALOG_PATH = '/outlook/sign-in.html';

/** What the dialog page sends the pane with `messageParent`: the Entra access token for our API, or why there is none. */
export type OutlookSignInDialogMessage = { type: 'datahaven-sign-in'; accessToken: string } | { type: 'datahaven-sign-in'; error: string };

/** Options of the Outlook sign-in. */
export interface OutlookSignInOptions {
  /** Our web services' base path ('/api'). */
  apiBase: string;
  fetch: typeof fetch;
  /** NAA through MSAL, used when Outlook supports NestedAppAuth 1.1; without it the Office SSO token is used. */
  nestedAppAuth?: NestedAppAuth;
  /** The sign-in dialog's page, absolute; by default OUTLOOK_SIGN_IN_DIALOG_PATH on the pane's origin. */
  dialogUrl?: string;
  /** The clock in ms since the epoch (a dialog's token is reused until near its expiry); Date.now by default. */
  now?: () => number;
}

/** How long before its expiry a dialog's Entra token stops being reused: room for the exchange and the requests after it. */
export const DIALOG_TOKEN_REUSE_MARGIN_MS = 5 * 60_000;

/** When a JWT expires (its `exp` claim) in ms since the epoch; null when the text is not a JWT that says. */
function expiryOf(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (payload === undefined || payload === '') return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : null;
  } catch {
    // Not base64url JSON: an opaque token, never reused.
    return null;
  }
}

/** What the pane says when sign-in fails, in words, in the language shown. */
export const OUTLOOK_SIGN_IN_TEXT = OUTLOOK_TEXT.signIn;

/**
 * Office SSO errors after which Microsoft says to fall back to another way of signing in
 * ("Troubleshoot error messages for single sign-on"): 13000 no SSO in this Office, 13001 nobody
 * signed in to Office, 13003 user type not supported, 13005 invalid grant, 13007 no token for
 * our service, 13012 not supported on this platform, 13013 throttled, 50001 office.js too old.
 * The others (13002 declined, 13006, 13008, 13010) are said in words.
 */
export const OFFICE_SSO_FALLBACK_CODES: readonly number[] = [13000, 13001, 13003, 13005, 13007, 13012, 13013, 50001];

/** Office.EventType's dialog events by value: the enum belongs to the Office global, which the stand-in and the mock need not carry. */
const DIALOG_MESSAGE_RECEIVED = 'dialogMessageReceived' as unknown as Office.EventType;
const DIALOG_EVENT_RECEIVED = 'dialogEventReceived' as unknown as Office.EventType;

/** Office's dialog errors said in words: 12002 no such page, 12006 closed by the user, 12007 a dialog already open. */
function dialogError(code: number, message: string): string {
  if (code === 12006) return OUTLOOK_SIGN_IN_TEXT.dialogClosed;
  if (code === 12007) return OUTLOOK_SIGN_IN_TEXT.dialogAlreadyOpen;
  if (code === 12002) return OUTLOOK_SIGN_IN_TEXT.dialogPageMissing;
  return OUTLOOK_SIGN_IN_TEXT.dialogRefused(code, message !== '' ? message : OUTLOOK_SIGN_IN_TEXT.noReason);
}

function codeOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const code = Number((error as { code: unknown }).code);
  return Number.isInteger(code) ? code : null;
}

/** The dialog page's message, or null when it is not one (another page's, or not JSON). */
function signInMessageOf(text: string): OutlookSignInDialogMessage | null {
  try {
    const message = JSON.parse(text) as Record<string, unknown>;
    if (message.type !== 'datahaven-sign-in') return null;
    if (typeof message.accessToken === 'string' && message.accessToken !== '')
      return { type: 'datahaven-sign-in', accessToken: message.accessToken };
    if (typeof message.error === 'string') return { type: 'datahaven-sign-in', error: message.error };
  } catch {
    // Not JSON: not the sign-in page's message.
  }
  return null;
}

/**
 * Signs in through the Office dialog (Microsoft's fallback when SSO cannot be used): opens the
 * sign-in page, where MSAL signs the user in to Entra and sends the access token back with
 * `messageParent`; messages from any other origin are ignored. The dialog is closed once it answered.
 */
function tokenFromDialog(ui: OfficeDialogApi, dialogUrl: string): Promise<string> {
  const origin = new URL(dialogUrl).origin;
  return new Promise<string>((resolve, reject) => {
    // Sizes in percent of the screen: room for Entra's sign-in page.
    ui.displayDialogAsync(dialogUrl, { height: 60, width: 30 }, (result) => {
      // Compared by value: Office.AsyncResultStatus is an enum of the global.
      if (String(result.status) !== 'succeeded') {
        reject(new Error(dialogError(result.error.code, result.error.message)));
        return;
      }
      const dialog = result.value;
      let settled = false;
      const settle = (finish: () => void): void => {
        if (settled) return;
        settled = true;
        try {
          dialog.close();
        } catch {
          // Already closed by the user: nothing to close.
        }
        finish();
      };
      dialog.addEventHandler(DIALOG_MESSAGE_RECEIVED, (event) => {
        if (!('message' in event)) return;
        // DialogOrigin 1.1 names the sender; a page of another origin in the dialog is not ours to believe.
        if (event.origin !== undefined && event.origin !== origin) return;
        const message = signInMessageOf(event.message);
        if (message === null) return;
        if ('accessToken' in message) settle(() => resolve(message.accessToken));
        else settle(() => reject(new Error(OUTLOOK_SIGN_IN_TEXT.dialogSignInFailed(message.error))));
      });
      dialog.addEventHandler(DIALOG_EVENT_RECEIVED, (event) => {
        if ('error' in event) settle(() => reject(new Error(dialogError(event.error, ''))));
      });
    });
  });
}

/** Office's error codes for sign-in, as `{ code, message }` objects (13001 not signed in, 13002 consent declined, …). */
function officeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, message } = error as { code: unknown; message?: unknown };
    return OUTLOOK_SIGN_IN_TEXT.officeRefused(
      String(code),
      typeof message === 'string' && message !== '' ? message : OUTLOOK_SIGN_IN_TEXT.noReason,
    );
  }
  return OUTLOOK_SIGN_IN_TEXT.officeRefused('error', error instanceof Error ? error.message : String(error));
}

/** The server's reason in a refusal: the JSON `message`, or the text itself. */
async function reasonOf(response: Response): Promise<string> {
  const text = (await response.text()).trim();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the text is the reason.
  }
  return text || response.statusText;
}

/** The sign-in's product tokens, and the Entra token for our API itself (the reply draft's on-behalf-of assertion). */
export interface OutlookSignIn extends TokenSource {
  getEntraToken(options: TokenRequest): Promise<string>;
}

/**
 * Outlook's sign-in: an Entra access token for our API — NAA where Outlook supports
 * NestedAppAuth 1.1 and an MSAL client is given, Office's SSO (`Office.auth.getAccessToken`)
 * otherwise, and the Office dialog with MSAL (the sign-in page) where SSO is missing (no
 * IdentityAPI 1.3) or fails with a code Microsoft says to fall back on — exchanged for the product's token at `GET /api/token/user?type=jwt`, which the
 * server validates as for Teams. The product token is kept until the core asks for a fresh one;
 * the dialog's Entra token is reused until DIALOG_TOKEN_REUSE_MARGIN_MS before its `exp`.
 */
export function createOutlookSignIn(office: OfficeSignInApi, options: OutlookSignInOptions): OutlookSignIn {
  let token: string | null = null;
  let pending: Promise<string> | null = null;
  // Once SSO said to fall back, later sign-ins go to the dialog at once (asking again only earns 13013).
  let ssoFailed = false;
  const now = options.now ?? Date.now;
  // The dialog's last Entra token and when it expires. NAA and SSO keep their own caches; the
  // dialog has none on the pane's side, so without this every product-token renewal and every
  // reply draft's assertion flashed a sign-in window (MSAL in it answers silently, but it opens).
  let dialogToken: { value: string; expiresAt: number } | null = null;

  const dialog = async (reuse: boolean): Promise<{ value: string; reused: boolean }> => {
    if (reuse && dialogToken !== null && dialogToken.expiresAt - DIALOG_TOKEN_REUSE_MARGIN_MS > now())
      return { value: dialogToken.value, reused: true };
    const ui = office.context.ui;
    if (ui === undefined) throw new Error(OUTLOOK_SIGN_IN_TEXT.noSingleSignOn);
    const value = await tokenFromDialog(ui, options.dialogUrl ?? new URL(OUTLOOK_SIGN_IN_DIALOG_PATH, globalThis.location.href).href);
    const expiresAt = expiryOf(value);
    dialogToken = expiresAt === null ? null : { value, expiresAt };
    return { value, reused: false };
  };

  /**
   * An Entra token for our API. `forceRefresh` asks NAA for a fresh one; `reuseDialogToken` lets
   * the dialog's last token answer while it is valid (a product-token renewal: the server checks
   * it, and a refusal opens the dialog again), never when the caller needs a new one.
   */
  const entraToken = async (forceRefresh: boolean, reuseDialogToken: boolean): Promise<{ value: string; reused: boolean }> => {
    const { requirements } = office.context;
    if (options.nestedAppAuth !== undefined && requirements.isSetSupported('NestedAppAuth', '1.1')) {
      return { value: await options.nestedAppAuth.acquireToken({ forceRefresh }), reused: false };
    }
    if (ssoFailed || office.auth === undefined || !requirements.isSetSupported('IdentityAPI', '1.3')) return dialog(reuseDialogToken);
    try {
      return { value: await office.auth.getAccessToken({ allowSignInPrompt: true, allowConsentPrompt: true }), reused: false };
    } catch (error) {
      const code = codeOf(error);
      if (code === null || !OFFICE_SSO_FALLBACK_CODES.includes(code) || office.context.ui === undefined)
        throw new Error(officeError(error));
      ssoFailed = true;
      return dialog(reuseDialogToken);
    }
  };

  const exchange = (entra: string): Promise<Response> =>
    options.fetch(`${options.apiBase}/token/user?type=jwt`, { headers: { Authorization: `Bearer ${entra}`, Accept: 'text/plain' } });

  const signIn = async (forceRefresh: boolean): Promise<string> => {
    const entra = await entraToken(forceRefresh, true);
    let response = await exchange(entra.value);
    if (response.status === 401 && entra.reused) {
      // The server no longer takes the dialog's last token (revoked, or the clocks disagree): sign in again.
      dialogToken = null;
      response = await exchange((await entraToken(forceRefresh, false)).value);
    }
    if (!response.ok) throw new Error(OUTLOOK_SIGN_IN_TEXT.exchangeFailed(response.status, await reasonOf(response)));
    token = (await response.text()).trim();
    return token;
  };

  return {
    getEntraToken: async ({ forceRefresh }: TokenRequest): Promise<string> => (await entraToken(forceRefresh, !forceRefresh)).value,
    getToken: ({ forceRefresh }: TokenRequest): Promise<string> => {
      if (!forceRefresh && token !== null) return Promise.resolve(token);
      pending ??= signIn(forceRefresh).finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}
