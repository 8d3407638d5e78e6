import { InteractionRequiredAuthError, createNestablePublicClientApplication, type IPublicClientApplication } from '@azure/msal-browser';
import { authentication, nestedAppAuth } from '@microsoft/teams-js';
import { mockedGetAuthToken } from './test/mockedGetAuthToken';
import { createTeamsSignIn } from './createTeamsSignIn';
import { TEAMS_TEXT } from './teamsText';
import type { TeamsSettings } from './teamsSettings';

jest.mock('@microsoft/teams-js', () => jest.requireActual<typeof import('./test/teamsJsMock')>('./test/teamsJsMock').teamsJsMock());
// Entra is the host edge here too: MSAL's nested client stands in, its error class stays real.
jest.mock('@azure/msal-browser', () => ({
  ...jest.requireActual<Record<string, unknown>>('@azure/msal-browser'),
  createNestablePublicClientApplication: jest.fn(),
}));

const SETTINGS: TeamsSettings = {
  clientId: '22222222-2222-4222-8222-222222222222',
  authority: 'https://login.example',
  tenantIds: ['11111111-1111-4111-8111-111111111111'],
  scopes: ['api://host.example/22222222-2222-4222-8222-222222222222/access_as_user'],
  hostOrigins: [],
  teamsAppId: '33333333-3333-4333-8333-333333333333',
};
const USER = { loginHint: 'clerk@contoso.example', tenantId: '11111111-1111-4111-8111-111111111111' };

/** The part of a nested MSAL client the sign-in uses. */
type NestedClient = Pick<IPublicClientApplication, 'getAccount' | 'acquireTokenSilent' | 'acquireTokenPopup'>;
type TokenResult = Awaited<ReturnType<IPublicClientApplication['acquireTokenSilent']>>;

/** A nested MSAL client whose silent and popup answers the test scripts. */
function nestedClient(
  silent: () => Promise<string>,
  popup: () => Promise<string>,
): { [K in keyof NestedClient]: jest.Mock<ReturnType<NestedClient[K]>, Parameters<NestedClient[K]>> } {
  return {
    getAccount: jest.fn<ReturnType<NestedClient['getAccount']>, Parameters<NestedClient['getAccount']>>(() => null),
    acquireTokenSilent: jest.fn<Promise<TokenResult>, Parameters<NestedClient['acquireTokenSilent']>>(() =>
      silent().then((accessToken) => ({ accessToken }) as TokenResult),
    ),
    acquireTokenPopup: jest.fn<Promise<TokenResult>, Parameters<NestedClient['acquireTokenPopup']>>(() =>
      popup().then((accessToken) => ({ accessToken }) as TokenResult),
    ),
  };
}

describe('createTeamsSignIn', () => {
  beforeEach(() => jest.clearAllMocks());

  it('falls back to authentication.getAuthToken when the host does not support nested app authentication', async () => {
    jest.mocked(nestedAppAuth.isNAAChannelRecommended).mockReturnValue(false);
    mockedGetAuthToken().mockResolvedValue('entra-from-teams');
    const signIn = createTeamsSignIn(SETTINGS, USER);
    expect(signIn.method).toBe('getAuthToken');
    await expect(signIn.getEntraToken(false)).resolves.toBe('entra-from-teams');
    expect(createNestablePublicClientApplication).not.toHaveBeenCalled();
  });

  it('falls back to getAuthToken when TeamsJS cannot say (not initialised)', async () => {
    jest.mocked(nestedAppAuth.isNAAChannelRecommended).mockImplementation(() => {
      throw new Error('The library has not yet been initialized');
    });
    mockedGetAuthToken().mockResolvedValue('entra-from-teams');
    await expect(createTeamsSignIn(SETTINGS, USER).getEntraToken(false)).resolves.toBe('entra-from-teams');
  });

  it('says in words when getAuthToken fails', async () => {
    jest.mocked(nestedAppAuth.isNAAChannelRecommended).mockReturnValue(false);
    mockedGetAuthToken().mockRejectedValue(new Error('resourceDisabled'));
    await expect(createTeamsSignIn(SETTINGS, USER).getEntraToken(false)).rejects.toThrow(TEAMS_TEXT.notices.entraSignInFailed);
  });

  it('uses nested app authentication when the host recommends it: silent first, for the configured scope and tenant', async () => {
    jest.mocked(nestedAppAuth.isNAAChannelRecommended).mockReturnValue(true);
    const client = nestedClient(
      () => Promise.resolve('entra-silent'),
      () => Promise.reject(new Error('no popup expected')),
    );
    jest.mocked(createNestablePublicClientApplication).mockResolvedValue(client as unknown as IPublicClientApplication);
    const signIn = createTeamsSignIn(SETTINGS, USER);
    expect(signIn.method).toBe('naa');
    await expect(signIn.getEntraToken(false)).resolves.toBe('entra-silent');
    await expect(signIn.getEntraToken(true)).resolves.toBe('entra-silent');
    expect(createNestablePublicClientApplication).toHaveBeenCalledTimes(1);
    expect(createNestablePublicClientApplication).toHaveBeenCalledWith({
      auth: { clientId: SETTINGS.clientId, authority: `https://login.example/${USER.tenantId}` },
    });
    expect(client.acquireTokenSilent).toHaveBeenLastCalledWith({ scopes: SETTINGS.scopes, account: undefined, forceRefresh: true });
    expect(authentication.getAuthToken).not.toHaveBeenCalled();
  });

  it('opens the popup when MSAL says interaction is required', async () => {
    jest.mocked(nestedAppAuth.isNAAChannelRecommended).mockReturnValue(true);
    const client = nestedClient(
      () => Promise.reject(new InteractionRequiredAuthError('consent_required', 'correlation-1', 'The user must consent.')),
      () => Promise.resolve('entra-popup'),
    );
    jest.mocked(createNestablePublicClientApplication).mockResolvedValue(client as unknown as IPublicClientApplication);
    await expect(createTeamsSignIn(SETTINGS, USER).getEntraToken(false)).resolves.toBe('entra-popup');
    expect(client.acquireTokenPopup).toHaveBeenCalledWith({ scopes: SETTINGS.scopes, loginHint: USER.loginHint });
  });

  it('does not open a popup for other MSAL failures, and says so in words', async () => {
    jest.mocked(nestedAppAuth.isNAAChannelRecommended).mockReturnValue(true);
    const client = nestedClient(
      () => Promise.reject(new Error('network_error')),
      () => Promise.resolve('entra-popup'),
    );
    jest.mocked(createNestablePublicClientApplication).mockResolvedValue(client as unknown as IPublicClientApplication);
    await expect(createTeamsSignIn(SETTINGS, USER).getEntraToken(false)).rejects.toThrow(TEAMS_TEXT.notices.entraSignInFailed);
    expect(client.acquireTokenPopup).not.toHaveBeenCalled();
  });
});
