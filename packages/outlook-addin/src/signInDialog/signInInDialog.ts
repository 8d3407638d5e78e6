import type { AuthenticationResult, Configuration, IPublicClientApplication } from '@azure/msal-browser';
import type { OutlookSignInDialogMessage } from '../createOutlookSignIn';
import { OUTLOOK_TEXT } from '../outlookText';
import { readEntraSettings } from '../readEntraSettings';

/** What the sign-in page says when it cannot sign in, in words (sent to the pane, which shows them), in the language shown. */
export const SIGN_IN_DIALOG_TEXT = OUTLOOK_TEXT.signInDialog;

/** Options of the dialog's sign-in. */
export interface SignInInDialogOptions {
  /** Our web services' base path ('/api'). */
  apiBase: string;
  fetch: typeof fetch;
  /** The dialog page's address: its own URL is MSAL's redirect URI. */
  location: Pick<Location, 'origin' | 'pathname'>;
  /** Makes and initializes MSAL's client (`PublicClientApplication`); a seam for tests. */
  createClient(configuration: Configuration): Promise<IPublicClientApplication>;
}

/** Hosts that are this machine: the only ones an http authority may name (the demo's Entra stand-in). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * MSAL's authority options for the published authority. MSAL takes https authorities only; the
 * demo's Entra stand-in answers on this machine over http, so for a loopback http authority the
 * page reads its OpenID configuration itself and hands MSAL the endpoints (`authorityMetadata`)
 * with an https spelling of the authority that only names the account's cloud and is never fetched.
 */
async function authorityOptions(
  authority: string,
  fetchFn: typeof fetch,
): Promise<Pick<Configuration['auth'], 'authority' | 'knownAuthorities' | 'authorityMetadata'>> {
  const url = new URL(authority);
  if (url.protocol === 'https:') return { authority };
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) throw new Error(SIGN_IN_DIALOG_TEXT.insecureAuthority(authority));
  const response = await fetchFn(`${authority}/v2.0/.well-known/openid-configuration`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The sign-in authority's configuration could not be read (${response.status}).`);
  return {
    authority: `https://${url.host}${url.pathname}`,
    knownAuthorities: [url.host],
    authorityMetadata: JSON.stringify(await response.json()),
  };
}

function wordsOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : String(error);
}

/**
 * The sign-in dialog's work (opened by the pane through `displayDialogAsync` when SSO cannot be
 * used): MSAL's redirect flow with PKCE against the server's Entra authority and client for our
 * API's scope. On its first load the page goes to the sign-in (a promise that never settles, as the
 * page navigates away) unless MSAL already holds a token; back on the redirect URI it answers with
 * the access token, or why there is none — the message the page sends the pane.
 */
export async function signInInDialog(options: SignInInDialogOptions): Promise<OutlookSignInDialogMessage> {
  try {
    const settings = await readEntraSettings(options.apiBase, options.fetch);
    if (settings === null) return { type: 'datahaven-sign-in', error: SIGN_IN_DIALOG_TEXT.notConfigured };
    const msal = await options.createClient({
      auth: {
        clientId: settings.clientId,
        ...(await authorityOptions(`${settings.authority}/${settings.tenantIds[0] ?? 'organizations'}`, options.fetch)),
        // This page is the redirect URI (registered in the Entra app): it finishes what it started.
        redirectUri: `${options.location.origin}${options.location.pathname}`,
      },
      // Office on the web may show the dialog in an iframe (and the demo's simulator does).
      system: { allowRedirectInIframe: true },
    });
    const answered: AuthenticationResult | null = await msal.handleRedirectPromise();
    if (answered !== null) return { type: 'datahaven-sign-in', accessToken: answered.accessToken };
    const account = msal.getAllAccounts()[0];
    if (account !== undefined) {
      try {
        return {
          type: 'datahaven-sign-in',
          accessToken: (await msal.acquireTokenSilent({ scopes: settings.scopes, account })).accessToken,
        };
      } catch {
        // Nothing usable in MSAL's cache: sign in again below.
      }
    }
    await msal.acquireTokenRedirect({ scopes: settings.scopes, prompt: 'select_account' });
    // The page is navigating to the sign-in: nothing to answer from here.
    return await new Promise<never>(() => undefined);
  } catch (error) {
    return { type: 'datahaven-sign-in', error: wordsOf(error) };
  }
}
