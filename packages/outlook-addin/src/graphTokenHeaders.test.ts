import { OfficeMockObject } from 'office-addin-mock';
import { ENTRA_ASSERTION_HEADER, GRAPH_MAIL_SCOPE, createGraphTokenHeaders } from './graphTokenHeaders';
import type { NestedAppAuth, OfficeSignInApi } from './createOutlookSignIn';

// office-addin-mock reads only the OfficeApp names from office-addin-manifest, whose validator pulls in ES-module-only packages jest cannot load.
jest.mock('office-addin-manifest', () => ({ OfficeApp: { Outlook: 'outlook' } }));

/** Outlook through office-addin-mock, with or without NestedAppAuth 1.1. */
function outlook(naa: boolean): OfficeSignInApi {
  const mock = new OfficeMockObject({
    host: 'outlook',
    context: { requirements: { isSetSupported: (name: string, version?: string) => name === 'NestedAppAuth' && version === '1.1' && naa } },
  });
  return mock as unknown as OfficeSignInApi;
}

/** An NAA client that records the scopes it was asked for and answers with `answer`. */
function nestedAppAuth(answer: () => Promise<string>): { naa: NestedAppAuth; asked: (readonly string[] | undefined)[] } {
  const asked: (readonly string[] | undefined)[] = [];
  return {
    asked,
    naa: {
      acquireToken: ({ scopes }) => {
        asked.push(scopes);
        return answer();
      },
    },
  };
}

describe("the reply draft's Graph credential", () => {
  it('is a Graph token for Mail.ReadWrite through NAA where Outlook offers it', async () => {
    const { naa, asked } = nestedAppAuth(() => Promise.resolve('graph-token'));
    const headers = createGraphTokenHeaders({
      office: outlook(true),
      nestedAppAuth: naa,
      entraToken: () => Promise.reject(new Error('not asked')),
    });
    await expect(headers()).resolves.toEqual({ 'X-Graph-Token': 'graph-token' });
    expect(asked).toEqual([[GRAPH_MAIL_SCOPE]]);
  });

  it('is the Entra assertion without NAA (Office SSO), and when NAA gives no Graph token', async () => {
    const { naa, asked } = nestedAppAuth(() => Promise.reject(new Error('consent_required')));
    const withoutNaa = createGraphTokenHeaders({
      office: outlook(false),
      nestedAppAuth: naa,
      entraToken: () => Promise.resolve('entra-sso'),
    });
    await expect(withoutNaa()).resolves.toEqual({ [ENTRA_ASSERTION_HEADER]: 'entra-sso' });
    expect(asked).toEqual([]);
    const refused = createGraphTokenHeaders({ office: outlook(true), nestedAppAuth: naa, entraToken: () => Promise.resolve('entra-naa') });
    await expect(refused()).resolves.toEqual({ [ENTRA_ASSERTION_HEADER]: 'entra-naa' });
    expect(asked).toEqual([[GRAPH_MAIL_SCOPE]]);
  });

  it("fails with the sign-in's words when there is no token at all", async () => {
    const headers = createGraphTokenHeaders({
      office: outlook(false),
      entraToken: () => Promise.reject(new Error('Outlook could not sign you in to Datahaven Documents (13001): not signed in')),
    });
    await expect(headers()).rejects.toThrow('Outlook could not sign you in to Datahaven Documents (13001): not signed in');
  });
});
