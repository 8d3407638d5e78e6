import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { EntraSigningKeys } from '../../demo/EntraSigningKeys';

/** A loopback Entra ID for the reply-draft tests: a key set, user tokens, and the on-behalf-of grant. */
export interface OboEntraStandIn {
  /** http://127.0.0.1:<port>: DATAHAVEN_ENTRA_AUTHORITY. */
  authority: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The audience of the user tokens (our API). */
  audience: string;
  /** A user access token for our API (scp access_as_user), as Office SSO hands the pane. */
  userToken(oid: string, preferredUsername: string): Promise<string>;
  /** The on-behalf-of exchanges answered with a token, and the form fields of the last one. */
  exchanges(): number;
  lastForm(): Record<string, string> | null;
  close(): Promise<void>;
}

const TENANT = 'cccccccc-0000-4000-8000-000000000001';
const CLIENT = 'dddddddd-0000-4000-8000-000000000001';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Starts an Entra ID stand-in on 127.0.0.1 serving `/{tid}/discovery/v2.0/keys`, the OpenID
 * configuration (what MSAL reads first) and `/{tid}/oauth2/v2.0/token` with the jwt-bearer
 * on-behalf-of grant only: it checks the client
 * id and secret, `requested_token_use=on_behalf_of`, the Mail.ReadWrite scope and that the
 * assertion is a token it signed for our API, and answers `graphToken` (what the Graph stand-in
 * accepts). Anything else is answered as Entra words its refusals.
 */
export async function startOboEntraStandIn(graphToken: string): Promise<OboEntraStandIn> {
  const keys = await EntraSigningKeys.create();
  const clientSecret = 'obo-test-secret';
  let exchanges = 0;
  let lastForm: Record<string, string> | null = null;
  let authority = '';
  const audience = `api://datahaven.test/${CLIENT}`;
  const server = createServer((request, response) => {
    void (async () => {
      // MSAL puts its telemetry (client-request-id …) in the token request's query string: the path alone is the endpoint.
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const refuse = (status: number, error: string, description: string): void => {
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error, error_description: `${description}\r\nTrace ID: test` }));
      };
      if (request.method === 'GET' && path === `/${TENANT}/discovery/v2.0/keys`) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys.jwks()));
        return;
      }
      if (request.method === 'GET' && path === `/${TENANT}/v2.0/.well-known/openid-configuration`) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            issuer: `${authority}/${TENANT}/v2.0`,
            jwks_uri: `${authority}/${TENANT}/discovery/v2.0/keys`,
            authorization_endpoint: `${authority}/${TENANT}/oauth2/v2.0/authorize`,
            token_endpoint: `${authority}/${TENANT}/oauth2/v2.0/token`,
            grant_types_supported: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
          }),
        );
        return;
      }
      if (request.method !== 'POST' || path !== `/${TENANT}/oauth2/v2.0/token`) return refuse(404, 'not_found', 'No such endpoint.');
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      lastForm = form;
      if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || form.requested_token_use !== 'on_behalf_of')
        return refuse(400, 'unsupported_grant_type', 'Only on-behalf-of.');
      if (form.client_id !== CLIENT || form.client_secret !== clientSecret)
        return refuse(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
      // Entra adds the OpenID Connect scopes MSAL asks for too (openid profile offline_access); the resource's must be Mail.ReadWrite.
      const resourceScopes = (form.scope ?? '').split(' ').filter((scope) => !['', 'openid', 'profile', 'offline_access'].includes(scope));
      if (resourceScopes.join(' ') !== 'https://graph.microsoft.com/Mail.ReadWrite')
        return refuse(400, 'invalid_scope', `AADSTS70011: The scope ${form.scope} is not valid.`);
      try {
        await jwtVerify(form.assertion ?? '', createLocalJWKSet(keys.jwks()), { issuer: `${authority}/${TENANT}/v2.0`, audience });
      } catch {
        return refuse(400, 'invalid_grant', 'AADSTS50013: Assertion failed signature validation.');
      }
      exchanges += 1;
      // Asked for (MSAL asks), Entra names the user the token is for: MSAL keeps each user's token under its own key.
      const { oid } = decodeJwt(form.assertion ?? '');
      const clientInfo =
        form.client_info === '1' ? { client_info: Buffer.from(JSON.stringify({ uid: oid, utid: TENANT })).toString('base64url') } : {};
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          token_type: 'Bearer',
          scope: 'https://graph.microsoft.com/Mail.ReadWrite',
          expires_in: 3600,
          access_token: graphToken,
          ...clientInfo,
        }),
      );
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  authority = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authority,
    tenantId: TENANT,
    clientId: CLIENT,
    clientSecret,
    audience,
    userToken: (oid, preferredUsername) =>
      keys.sign(
        { tid: TENANT, oid, sub: oid, preferred_username: preferredUsername, scp: 'access_as_user', azp: CLIENT, ver: '2.0' },
        { issuer: `${authority}/${TENANT}/v2.0`, audience },
      ),
    exchanges: () => exchanges,
    lastForm: () => lastForm,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
