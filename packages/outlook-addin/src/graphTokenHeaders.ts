import { GRAPH_TOKEN_HEADER, type TokenRequest } from '@datahaven/core';
import type { NestedAppAuth, OfficeSignInApi } from './createOutlookSignIn';

/** The delegated Graph permission a reply draft needs (POST /me/messages, attachments, upload sessions). */
export const GRAPH_MAIL_SCOPE = 'https://graph.microsoft.com/Mail.ReadWrite';

/** The header the Entra token for our API travels in when the pane has no Graph token: the server trades it on-behalf-of. */
export const ENTRA_ASSERTION_HEADER = 'X-Entra-Assertion';

/** Where the pane's Microsoft tokens come from. */
export interface GraphTokenSources {
  office: OfficeSignInApi;
  /** MSAL's nestable client, where Outlook offers NestedAppAuth 1.1 and the server names the Entra client. */
  nestedAppAuth?: NestedAppAuth;
  /** The Entra token for our API (NAA or Office SSO): the sign-in's getEntraToken. */
  entraToken(request: TokenRequest): Promise<string>;
}

/** Answers the header that lets the server reach the user's mailbox: `X-Graph-Token` or `X-Entra-Assertion`. */
export type GraphTokenHeaders = () => Promise<Record<string, string>>;

function naaSupported(office: OfficeSignInApi): boolean {
  try {
    return office.context.requirements.isSetSupported('NestedAppAuth', '1.1');
  } catch {
    // An Office that answers no requirements offers no NAA.
    return false;
  }
}

/**
 * The Graph credential of a reply draft: a delegated Graph token (Mail.ReadWrite) through NAA
 * where Outlook offers it — the server then calls Graph with it as it is — else the Entra token
 * for our API, which the server exchanges on-behalf-of for a Graph token itself (Office SSO hands
 * out no Graph tokens). A Graph token NAA cannot give (consent declined, a tenant without NAA for
 * Graph) also falls back to the assertion, so the server's on-behalf-of consent decides.
 */
export function createGraphTokenHeaders(sources: GraphTokenSources): GraphTokenHeaders {
  return async (): Promise<Record<string, string>> => {
    if (sources.nestedAppAuth !== undefined && naaSupported(sources.office)) {
      try {
        return { [GRAPH_TOKEN_HEADER]: await sources.nestedAppAuth.acquireToken({ forceRefresh: false, scopes: [GRAPH_MAIL_SCOPE] }) };
      } catch {
        // No Graph token through NAA: the assertion below, whose failure is said in words.
      }
    }
    return { [ENTRA_ASSERTION_HEADER]: await sources.entraToken({ forceRefresh: false }) };
  };
}
