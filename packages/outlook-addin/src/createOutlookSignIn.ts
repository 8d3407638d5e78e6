import type { TokenRequest, TokenSource } from '@datahaven/core';

/** Nested app authentication (MSAL's nestable client): an Entra access token for our API. */
export interface NestedAppAuth {
  /** `scopes` asks for another resource's token (Microsoft Graph's Mail.ReadWrite for a reply draft); left out, our API's. */
  acquireToken(options: { forceRefresh: boolean; scopes?: readonly string[] }): Promise<string>;
}

/** The part of the Office global sign-in needs. */
export interface OfficeSignInApi {
  context: { requirements: { isSetSupported(name: string, minVersion?: string): boolean } };
  auth?: { getAccessToken(options?: Office.AuthOptions): Promise<string> };
}

/** Options of the Outlook sign-in. */
export interface OutlookSignInOptions {
  /** Our web services' base path ('/api'). */
  apiBase: string;
  fetch: typeof fetch;
  /** NAA through MSAL, used when Outlook supports NestedAppAuth 1.1; without it the Office SSO token is used. */
  nestedAppAuth?: NestedAppAuth;
}

/** What the pane says when sign-in fails, in words. */
export const OUTLOOK_SIGN_IN_TEXT = {
  noSingleSignOn: 'This version of Outlook offers no single sign-on for add-ins. Use Outlook on the web or a current Outlook for Windows or Mac.',
  officeRefused: (code: string, message: string): string => `Outlook could not sign you in to Datahaven Documents (${code}): ${message}`,
  exchangeFailed: (status: number, message: string): string => `Datahaven Documents did not accept your Microsoft sign-in (${status}): ${message}`,
} as const;

/** Office's error codes for sign-in, as `{ code, message }` objects (13001 not signed in, 13002 consent declined, …). */
function officeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, message } = error as { code: unknown; message?: unknown };
    return OUTLOOK_SIGN_IN_TEXT.officeRefused(String(code), typeof message === 'string' && message !== '' ? message : 'no reason given.');
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
 * otherwise — exchanged for the product's token at `GET /api/token/user?type=jwt`, which the
 * server validates as for Teams. The product token is kept until the core asks for a fresh one.
 */
export function createOutlookSignIn(office: OfficeSignInApi, options: OutlookSignInOptions): OutlookSignIn {
  let token: string | null = null;
  let pending: Promise<string> | null = null;

  const entraToken = async (forceRefresh: boolean): Promise<string> => {
    if (options.nestedAppAuth !== undefined && office.context.requirements.isSetSupported('NestedAppAuth', '1.1')) {
      return options.nestedAppAuth.acquireToken({ forceRefresh });
    }
    if (office.auth === undefined) throw new Error(OUTLOOK_SIGN_IN_TEXT.noSingleSignOn);
    try {
      return await office.auth.getAccessToken({ allowSignInPrompt: true, allowConsentPrompt: true });
    } catch (error) {
      throw new Error(officeError(error));
    }
  };

  const signIn = async (forceRefresh: boolean): Promise<string> => {
    const entra = await entraToken(forceRefresh);
    const response = await options.fetch(`${options.apiBase}/token/user?type=jwt`, { headers: { Authorization: `Bearer ${entra}`, Accept: 'text/plain' } });
    if (!response.ok) throw new Error(OUTLOOK_SIGN_IN_TEXT.exchangeFailed(response.status, await reasonOf(response)));
    token = (await response.text()).trim();
    return token;
  };

  return {
    getEntraToken: ({ forceRefresh }: TokenRequest): Promise<string> => entraToken(forceRefresh),
    getToken: ({ forceRefresh }: TokenRequest): Promise<string> => {
      if (!forceRefresh && token !== null) return Promise.resolve(token);
      pending ??= signIn(forceRefresh).finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}
