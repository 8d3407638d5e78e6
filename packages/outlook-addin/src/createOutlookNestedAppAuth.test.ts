import { InteractionRequiredAuthError, createNestablePublicClientApplication, type IPublicClientApplication } from '@azure/msal-browser';
import { createOutlookNestedAppAuth } from './createOutlookNestedAppAuth';
import type { OfficeSignInApi } from './createOutlookSignIn';

jest.mock('@azure/msal-browser', () => ({
  ...jest.requireActual<Record<string, unknown>>('@azure/msal-browser'),
  createNestablePublicClientApplication: jest.fn(),
}));

const SETTINGS = {
  clientId: '22222222-2222-4222-8222-222222222222',
  authority: 'https://login.example/',
  tenantIds: ['11111111-1111-4111-8111-111111111111'],
  scopes: ['api://host.example/22222222-2222-4222-8222-222222222222/access_as_user'],
  hostOrigins: [],
  teamsAppId: '',
};

function office(naa: boolean): OfficeSignInApi {
  return {
    context: { requirements: { isSetSupported: (name: string, version?: string) => name === 'NestedAppAuth' && version === '1.1' && naa } },
  };
}

/** A loopback stand-in for GET /api/integration/teams/settings. */
function settingsServer(body: unknown): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  };
}

type TokenResult = Awaited<ReturnType<IPublicClientApplication['acquireTokenSilent']>>;

describe('the Outlook NAA client', () => {
  beforeEach(() => jest.clearAllMocks());

  it('is none where Outlook does not support NestedAppAuth 1.1, without asking the server', async () => {
    const server = settingsServer(SETTINGS);
    await expect(createOutlookNestedAppAuth(office(false), { apiBase: '/api', fetch: server.fetch })).resolves.toBeUndefined();
    expect(server.urls).toEqual([]);
    expect(createNestablePublicClientApplication).not.toHaveBeenCalled();
  });

  it('is none when the server names no Entra client (Office SSO then)', async () => {
    const server = settingsServer({ ...SETTINGS, clientId: '' });
    await expect(createOutlookNestedAppAuth(office(true), { apiBase: '/api', fetch: server.fetch })).resolves.toBeUndefined();
    expect(server.urls).toEqual(['/api/integration/teams/settings']);
  });

  it("creates the nestable client with the server's client id and hands out tokens for our scope, a popup when consent is needed", async () => {
    const silent = jest
      .fn<Promise<TokenResult>, [unknown]>()
      .mockResolvedValueOnce({ accessToken: 'naa-1' } as TokenResult)
      .mockRejectedValueOnce(new InteractionRequiredAuthError('consent_required', 'correlation-1', 'The user must consent.'));
    const popup = jest.fn<Promise<TokenResult>, [unknown]>().mockResolvedValue({ accessToken: 'naa-popup' } as TokenResult);
    jest.mocked(createNestablePublicClientApplication).mockResolvedValue({
      getAccount: () => null,
      acquireTokenSilent: silent,
      acquireTokenPopup: popup,
    } as unknown as IPublicClientApplication);
    const naa = await createOutlookNestedAppAuth(office(true), {
      apiBase: '/api',
      fetch: settingsServer(SETTINGS).fetch,
      loginHint: 'clerk@contoso.example',
    });
    expect(naa).toBeDefined();
    await expect(naa?.acquireToken({ forceRefresh: false })).resolves.toBe('naa-1');
    await expect(naa?.acquireToken({ forceRefresh: true })).resolves.toBe('naa-popup');
    expect(createNestablePublicClientApplication).toHaveBeenCalledTimes(1);
    expect(createNestablePublicClientApplication).toHaveBeenCalledWith({
      auth: { clientId: SETTINGS.clientId, authority: `https://login.example/${SETTINGS.tenantIds[0]}` },
    });
    expect(silent).toHaveBeenLastCalledWith({ scopes: SETTINGS.scopes, account: undefined, forceRefresh: true });
    expect(popup).toHaveBeenCalledWith({ scopes: SETTINGS.scopes, loginHint: 'clerk@contoso.example' });
  });
});
