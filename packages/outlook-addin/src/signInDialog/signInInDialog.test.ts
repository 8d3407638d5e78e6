import type { AuthenticationResult, Configuration, IPublicClientApplication } from '@azure/msal-browser';
import { waitFor } from '@testing-library/react';
import { SIGN_IN_DIALOG_TEXT, signInInDialog } from './signInInDialog';

const SETTINGS = {
  clientId: '22222222-2222-4222-8222-222222222222',
  authority: 'https://login.microsoftonline.com',
  tenantIds: ['11111111-1111-4111-8111-111111111111'],
  scopes: ['api://docs.example/22222222-2222-4222-8222-222222222222/access_as_user'],
};

const LOCATION = { origin: 'https://docs.example', pathname: '/outlook/sign-in.html' };

/** A loopback stand-in for the server's settings and the demo authority's OpenID configuration. */
function server(settings: unknown): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (input) => {
      const url = String(input);
      urls.push(url);
      if (url.endsWith('/openid-configuration'))
        return new Response(JSON.stringify({ authorization_endpoint: `${url}/authorize`, token_endpoint: `${url}/token` }), {
          status: 200,
        });
      return new Response(JSON.stringify(settings), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  };
}

/** MSAL's client at the Microsoft edge: what the page asked of it. */
function msal(behaviour: { redirectResult?: AuthenticationResult | null; redirectError?: Error; accounts?: unknown[] }): {
  client: IPublicClientApplication;
  redirects: unknown[];
} {
  const redirects: unknown[] = [];
  const client = {
    handleRedirectPromise: () =>
      behaviour.redirectError ? Promise.reject(behaviour.redirectError) : Promise.resolve(behaviour.redirectResult ?? null),
    getAllAccounts: () => behaviour.accounts ?? [],
    acquireTokenSilent: () => Promise.resolve({ accessToken: 'silent-token' }),
    acquireTokenRedirect: (request: unknown) => {
      redirects.push(request);
      return Promise.resolve();
    },
  };
  return { client: client as unknown as IPublicClientApplication, redirects };
}

describe("the sign-in dialog's page (MSAL at the edge)", () => {
  it("answers with the access token MSAL redeemed on the way back, configured with the server's client, tenant authority and this page as redirect URI", async () => {
    const configurations: Configuration[] = [];
    const { client } = msal({ redirectResult: { accessToken: 'entra-token' } as AuthenticationResult });
    const message = await signInInDialog({
      apiBase: '/api',
      fetch: server(SETTINGS).fetch,
      location: LOCATION,
      createClient: async (configuration) => {
        configurations.push(configuration);
        return client;
      },
    });
    expect(message).toEqual({ type: 'datahaven-sign-in', accessToken: 'entra-token' });
    expect(configurations[0].auth).toEqual({
      clientId: SETTINGS.clientId,
      authority: `https://login.microsoftonline.com/${SETTINGS.tenantIds[0]}`,
      redirectUri: 'https://docs.example/outlook/sign-in.html',
    });
  });

  it('goes to the sign-in for our scope when MSAL holds nothing (the page navigates away: no answer)', async () => {
    const { client, redirects } = msal({});
    const answered = jest.fn();
    void signInInDialog({ apiBase: '/api', fetch: server(SETTINGS).fetch, location: LOCATION, createClient: async () => client }).then(
      answered,
    );
    // The sign-in runs on promises: wait for the redirect (testing-library's waitFor has a deadline).
    await waitFor(() => expect(redirects).not.toHaveLength(0));
    expect(redirects).toEqual([{ scopes: SETTINGS.scopes, prompt: 'select_account' }]);
    expect(answered).not.toHaveBeenCalled();
  });

  it('reuses the account MSAL already signed in, silently', async () => {
    const { client, redirects } = msal({ accounts: [{ homeAccountId: 'x' }] });
    await expect(
      signInInDialog({ apiBase: '/api', fetch: server(SETTINGS).fetch, location: LOCATION, createClient: async () => client }),
    ).resolves.toEqual({ type: 'datahaven-sign-in', accessToken: 'silent-token' });
    expect(redirects).toEqual([]);
  });

  it("hands MSAL the demo stand-in's endpoints for a loopback http authority, and refuses any other http authority", async () => {
    const configurations: Configuration[] = [];
    const demo = server({ ...SETTINGS, authority: 'http://127.0.0.1:3000/demo/entra' });
    const { client } = msal({ redirectResult: { accessToken: 'demo-token' } as AuthenticationResult });
    await signInInDialog({
      apiBase: '/api',
      fetch: demo.fetch,
      location: LOCATION,
      createClient: async (configuration) => {
        configurations.push(configuration);
        return client;
      },
    });
    const tenantAuthority = `http://127.0.0.1:3000/demo/entra/${SETTINGS.tenantIds[0]}`;
    expect(demo.urls).toContain(`${tenantAuthority}/v2.0/.well-known/openid-configuration`);
    expect(configurations[0].auth).toMatchObject({
      authority: `https://127.0.0.1:3000/demo/entra/${SETTINGS.tenantIds[0]}`,
      knownAuthorities: ['127.0.0.1:3000'],
    });
    expect(JSON.parse(configurations[0].auth.authorityMetadata ?? '{}')).toMatchObject({
      token_endpoint: `${tenantAuthority}/v2.0/.well-known/openid-configuration/token`,
    });

    const remote = server({ ...SETTINGS, authority: 'http://login.example' });
    await expect(
      signInInDialog({ apiBase: '/api', fetch: remote.fetch, location: LOCATION, createClient: async () => client }),
    ).resolves.toEqual({
      type: 'datahaven-sign-in',
      error: SIGN_IN_DIALOG_TEXT.insecureAuthority(`http://login.example/${SETTINGS.tenantIds[0]}`),
    });
  });

  it('answers in words when Entra refused or the server has no Entra sign-in', async () => {
    const { client } = msal({ redirectError: new Error('access_denied: AADSTS65004: The user declined to sign in.') });
    await expect(
      signInInDialog({ apiBase: '/api', fetch: server(SETTINGS).fetch, location: LOCATION, createClient: async () => client }),
    ).resolves.toEqual({
      type: 'datahaven-sign-in',
      error: 'access_denied: AADSTS65004: The user declined to sign in.',
    });
    await expect(
      signInInDialog({
        apiBase: '/api',
        fetch: server({ ...SETTINGS, clientId: '' }).fetch,
        location: LOCATION,
        createClient: async () => client,
      }),
    ).resolves.toEqual({
      type: 'datahaven-sign-in',
      error: SIGN_IN_DIALOG_TEXT.notConfigured,
    });
  });
});
