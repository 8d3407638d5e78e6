import { InteractionRequiredAuthError, createNestablePublicClientApplication, type IPublicClientApplication } from '@azure/msal-browser';
import type { NestedAppAuth, OfficeSignInApi } from './createOutlookSignIn';
import { readEntraSettings } from './readEntraSettings';

/** Options of the Outlook NAA client. */
export interface OutlookNestedAppAuthOptions {
  /** Our web services' base path ('/api'). */
  apiBase: string;
  fetch: typeof fetch;
  /** Who Outlook says the user is (`mailbox.userProfile.emailAddress`): a hint for Entra, never proof. */
  loginHint?: string;
}

/** MSAL errors a popup can resolve: consent or sign-in needed, or no account known yet. */
function needsInteraction(error: unknown): boolean {
  if (error instanceof InteractionRequiredAuthError) return true;
  return typeof error === 'object' && error !== null && (error as { errorCode?: unknown }).errorCode === 'no_account_error';
}

/**
 * The pane's nested app authentication (HOSTS.md "Outlook add-in"): where Outlook supports
 * NestedAppAuth 1.1 and the server names an Entra client (the Teams settings), an MSAL nestable
 * client that hands out access tokens for our API (silent, a popup when consent or sign-in is
 * needed). Undefined otherwise, and the pane signs in through Office SSO.
 */
export async function createOutlookNestedAppAuth(
  office: OfficeSignInApi,
  options: OutlookNestedAppAuthOptions,
): Promise<NestedAppAuth | undefined> {
  let supported = false;
  try {
    supported = office.context.requirements.isSetSupported('NestedAppAuth', '1.1');
  } catch {
    // office.js outside an Office host may answer no requirements at all: no NAA.
  }
  if (!supported) return undefined;
  // No settings (unreadable, or no client named): the pane then signs in through Office SSO.
  const settings = await readEntraSettings(options.apiBase, options.fetch);
  if (settings === null) return undefined;
  let pca: Promise<IPublicClientApplication> | null = null;
  const client = (): Promise<IPublicClientApplication> => {
    pca ??= createNestablePublicClientApplication({
      auth: { clientId: settings.clientId, authority: `${settings.authority}/${settings.tenantIds[0] ?? 'organizations'}` },
    }).catch((error: unknown) => {
      // A failed start is tried again on the next token request.
      pca = null;
      throw error;
    });
    return pca;
  };
  return {
    acquireToken: async ({ forceRefresh, scopes: asked }) => {
      const msal = await client();
      const account = msal.getAccount({ loginHint: options.loginHint }) ?? undefined;
      const scopes = asked !== undefined ? [...asked] : settings.scopes;
      try {
        return (await msal.acquireTokenSilent({ scopes, account, forceRefresh })).accessToken;
      } catch (error) {
        if (!needsInteraction(error)) throw error;
        return (await msal.acquireTokenPopup({ scopes, loginHint: options.loginHint })).accessToken;
      }
    },
  };
}
