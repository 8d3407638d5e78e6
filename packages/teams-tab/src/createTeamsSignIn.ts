import {
  InteractionRequiredAuthError,
  createNestablePublicClientApplication,
  type AccountInfo,
  type IPublicClientApplication,
} from '@azure/msal-browser';
import { authentication, nestedAppAuth } from '@microsoft/teams-js';
import type { TeamsSettings } from './teamsSettings';
import { TEAMS_TEXT } from './teamsText';

/** Who Teams says the user is (a hint for Entra, never proof of identity). */
export interface TeamsUserHint {
  loginHint?: string;
  tenantId?: string;
}

/** Hands out Microsoft Entra access tokens for our API's scope. */
export interface TeamsSignIn {
  /** How the tokens are got: nested app authentication, or TeamsJS's getAuthToken when the host does not offer NAA. */
  readonly method: 'naa' | 'getAuthToken';
  /** An Entra access token; with forceRefresh one MSAL does not answer from its cache. */
  getEntraToken(forceRefresh: boolean): Promise<string>;
}

/** Whether the host recommends NAA; TeamsJS throws when it is not initialised, which counts as no. */
function naaRecommended(): boolean {
  try {
    return nestedAppAuth.isNAAChannelRecommended();
  } catch {
    return false;
  }
}

/** MSAL errors that a popup can resolve: consent or sign-in needed, or no account known yet. */
function needsInteraction(error: unknown): boolean {
  if (error instanceof InteractionRequiredAuthError) return true;
  return typeof error === 'object' && error !== null && (error as { errorCode?: unknown }).errorCode === 'no_account_error';
}

/**
 * Sign-in for the tab (HOSTS.md): after TeamsJS is initialised, nested app authentication through
 * MSAL (`acquireTokenSilent`, on InteractionRequiredAuthError `acquireTokenPopup`) when the host
 * recommends it and a client id is configured; otherwise `authentication.getAuthToken()`.
 */
export function createTeamsSignIn(settings: TeamsSettings, user: TeamsUserHint): TeamsSignIn {
  if (settings.clientId === '' || !naaRecommended()) {
    return {
      method: 'getAuthToken',
      getEntraToken: async () => {
        try {
          return await authentication.getAuthToken();
        } catch (error) {
          throw new Error(TEAMS_TEXT.notices.entraSignInFailed, { cause: error });
        }
      },
    };
  }
  let pca: Promise<IPublicClientApplication> | null = null;
  const client = (): Promise<IPublicClientApplication> => {
    const authority = `${settings.authority || 'https://login.microsoftonline.com'}/${user.tenantId ?? settings.tenantIds[0] ?? 'organizations'}`;
    pca ??= createNestablePublicClientApplication({ auth: { clientId: settings.clientId, authority } }).catch((error: unknown) => {
      pca = null;
      throw error;
    });
    return pca;
  };
  return {
    method: 'naa',
    getEntraToken: async (forceRefresh) => {
      try {
        const msal = await client();
        const account: AccountInfo | undefined = msal.getAccount({ loginHint: user.loginHint, tenantId: user.tenantId }) ?? undefined;
        try {
          return (await msal.acquireTokenSilent({ scopes: settings.scopes, account, forceRefresh })).accessToken;
        } catch (error) {
          if (!needsInteraction(error)) throw error;
          return (await msal.acquireTokenPopup({ scopes: settings.scopes, loginHint: user.loginHint })).accessToken;
        }
      } catch (error) {
        throw new Error(TEAMS_TEXT.notices.entraSignInFailed, { cause: error });
      }
    },
  };
}
