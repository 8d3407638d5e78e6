import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

/** A loopback Entra ID stand-in for app tokens (client credentials), for the notification tests. */
export interface EntraAppTokenStandIn {
  /** http://127.0.0.1:<port>: what DATAHAVEN_ENTRA_AUTHORITY points at. */
  authority: string;
  tenantId: string;
  /** Every tenant it issues tokens for: `tenantId` and the others it was started with. */
  tenantIds: readonly string[];
  clientId: string;
  clientSecret: string;
  /** Token requests answered with a token so far, in all or for one tenant (the cache tests count them). */
  tokensIssued: (tenantId?: string) => number;
  close(): Promise<void>;
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
}

/**
 * Starts, on 127.0.0.1, Entra's three endpoints an app-only Graph caller meets: `GET
 * /{tid}/v2.0/.well-known/openid-configuration` (what MSAL reads first), `POST
 * /{tid}/oauth2/v2.0/token` (grant_type client_credentials, the client's id and secret, scope
 * https://graph.microsoft.com/.default → an RS256 access token with aud https://graph.microsoft.com,
 * iss `${authority}/${tid}/v2.0`, tid, roles TeamsActivity.Send and Mail.Send; a wrong secret → 401
 * invalid_client as Entra words it) and `GET /{tid}/discovery/v2.0/keys` (the key set), for each of
 * its tenants.
 * The token endpoint takes the form MSAL sends (its telemetry in the query string and the body is
 * not checked; the grant, client, secret and scope are).
 */
export async function startEntraAppTokenStandIn(
  tenantId = '11111111-1111-4111-8111-111111111111',
  otherTenantIds: readonly string[] = [],
): Promise<EntraAppTokenStandIn> {
  const tenantIds = [tenantId, ...otherTenantIds];
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' };
  const clientId = randomUUID();
  const clientSecret = `secret-${randomUUID()}`;
  const issued = new Map<string, number>();
  let authority = '';
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', authority);
      const json = (status: number, body: unknown): void => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const [, tid = '', ...rest] = url.pathname.split('/');
      const endpoint = rest.join('/');
      const known = ['discovery/v2.0/keys', 'v2.0/.well-known/openid-configuration', 'oauth2/v2.0/token'].includes(endpoint);
      if (known && !tenantIds.includes(tid))
        return json(400, { error: 'invalid_tenant', error_description: `AADSTS90002: Tenant '${tid}' not found.` });
      if (request.method === 'GET' && endpoint === 'discovery/v2.0/keys') return json(200, { keys: [jwk] });
      if (request.method === 'GET' && endpoint === 'v2.0/.well-known/openid-configuration') {
        return json(200, {
          issuer: `${authority}/${tid}/v2.0`,
          jwks_uri: `${authority}/${tid}/discovery/v2.0/keys`,
          authorization_endpoint: `${authority}/${tid}/oauth2/v2.0/authorize`,
          token_endpoint: `${authority}/${tid}/oauth2/v2.0/token`,
          token_endpoint_auth_methods_supported: ['client_secret_post'],
          grant_types_supported: ['client_credentials'],
        });
      }
      if (request.method === 'POST' && endpoint === 'oauth2/v2.0/token') {
        const form = await readForm(request);
        if (form.get('grant_type') !== 'client_credentials')
          return json(400, { error: 'unsupported_grant_type', error_description: 'AADSTS70003: The grant type is not supported.' });
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
          return json(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
        }
        if (form.get('scope') !== 'https://graph.microsoft.com/.default')
          return json(400, { error: 'invalid_scope', error_description: 'AADSTS1002012: The provided scope is invalid.' });
        issued.set(tid, (issued.get(tid) ?? 0) + 1);
        const token = await new SignJWT({ tid, roles: ['TeamsActivity.Send', 'Mail.Send'], appid: clientId, idtyp: 'app' })
          .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
          .setIssuer(`${authority}/${tid}/v2.0`)
          .setAudience('https://graph.microsoft.com')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(privateKey);
        return json(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token });
      }
      return json(404, { error: 'not_found' });
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  authority = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authority,
    tenantId,
    tenantIds,
    clientId,
    clientSecret,
    tokensIssued: (tid) => (tid === undefined ? [...issued.values()].reduce((sum, count) => sum + count, 0) : (issued.get(tid) ?? 0)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
