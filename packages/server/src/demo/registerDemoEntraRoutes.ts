import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENTRA_USER_SCOPE } from '../auth';
import { settleDemoOrigin } from '../config/loadEntraConfig';
import type { AppDeps } from '../services/AppDeps';
import { DemoAuthorizationCodeGrant } from './demoAuthorizationCodeGrant';
import { demoEntraUser } from './demoEntraUser';
import { JWT_BEARER_GRANT, demoOnBehalfOfGrant } from './demoOnBehalfOfGrant';
import { EntraSigningKeys } from './EntraSigningKeys';
import { isLoopbackRequest } from './isLoopbackRequest';
import { registerDemoAuthorizePage } from './registerDemoAuthorizePage';

/** What a client on another machine reads (the stand-in hands out anyone's token). */
const LOCAL_ONLY_MESSAGE = 'The demo Entra ID answers only on this machine (loopback): it signs tokens for any user without a password.';

/** Graph's audience in the app tokens the stand-in issues. */
const GRAPH_AUDIENCE = 'https://graph.microsoft.com';

/** The object id of the demo app's service principal (the `oid` of its app tokens). */
const DEMO_APP_OBJECT_ID = '44444444-4444-4444-8444-444444444444';

/** The origin a loopback client reaches a listening server at (an unspecified address means every interface, so loopback too). */
function loopbackOriginOf(address: AddressInfo): string {
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An OAuth 2.0 error answer, as Entra words them. */
function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.status(status).header('Cache-Control', 'no-store').send({ error, error_description: description });
}

/**
 * The demo's Microsoft Entra ID stand-in (issue 14), under `/demo/entra/{tid}/…`, demo mode and
 * loopback only: the key set (`discovery/v2.0/keys`, RS256 keys made at start-up), the OpenID
 * configuration, the client-credentials token endpoint (`oauth2/v2.0/token`: Graph app tokens for
 * the notifications; `authorization_code` with PKCE for the Outlook dialog's MSAL sign-in, whose
 * page is `oauth2/v2.0/authorize`), `POST sign` `{ username }` (a user access token for this app: what the Teams
 * simulator answers getAuthToken with) and `POST /demo/entra/rollover` (a new signing key: the
 * rollover switch for tests). Its authority is `config.entra.authority`, settled to the listening
 * origin when the server starts listening.
 */
export async function registerDemoEntraRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const keys = await EntraSigningKeys.create();
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address !== null && typeof address !== 'string') settleDemoOrigin(deps.config, loopbackOriginOf(address));
  });
  await app.register(async (entra) => {
    // Every route hands out tokens without a password: this machine only, like the rest of the demo.
    entra.addHook('onRequest', async (request, reply) => {
      if (isLoopbackRequest(request)) return;
      return reply
        .status(403)
        .header('Cache-Control', 'no-store')
        .send({ statusCode: 403, exceptionType: 'Forbidden', message: LOCAL_ONLY_MESSAGE });
    });
    entra.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const tenantOf = (request: FastifyRequest<{ Params: { tid: string } }>): string | null => {
      const tid = request.params.tid.toLowerCase();
      return deps.config.entra.tenantIds.includes(tid) ? tid : null;
    };
    const issuerOf = (tid: string): string => `${deps.config.entra.authority}/${tid}/v2.0`;
    const noTenant = (reply: FastifyReply): FastifyReply =>
      oauthError(reply, 400, 'invalid_tenant', 'The demo Entra ID knows only the configured demo tenants.');
    // The Outlook dialog's MSAL sign-in: the authorize page and the authorization code grant with PKCE.
    const authorizationCode = new DemoAuthorizationCodeGrant(deps, keys);
    registerDemoAuthorizePage(entra, deps, authorizationCode);

    entra.get<{ Params: { tid: string } }>('/demo/entra/:tid/discovery/v2.0/keys', async (request, reply) => {
      if (tenantOf(request) === null) return noTenant(reply);
      return reply.header('Cache-Control', 'no-store').send(keys.jwks());
    });

    entra.get<{ Params: { tid: string } }>('/demo/entra/:tid/v2.0/.well-known/openid-configuration', async (request, reply) => {
      const tid = tenantOf(request);
      if (tid === null) return noTenant(reply);
      const base = `${deps.config.entra.authority}/${tid}`;
      return reply.header('Cache-Control', 'no-store').send({
        issuer: issuerOf(tid),
        jwks_uri: `${base}/discovery/v2.0/keys`,
        authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
        token_endpoint: `${base}/oauth2/v2.0/token`,
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
        grant_types_supported: ['client_credentials', 'authorization_code', JWT_BEARER_GRANT],
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'fragment'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'profile', 'offline_access'],
      });
    });

    entra.post<{ Params: { tid: string } }>('/demo/entra/:tid/oauth2/v2.0/token', async (request, reply) => {
      const tid = tenantOf(request);
      if (tid === null) return noTenant(reply);
      const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
      const text = (name: string): string => (typeof form[name] === 'string' ? (form[name] as string) : '');
      if (text('grant_type') === 'authorization_code') return authorizationCode.redeem(reply, tid, form);
      if (text('grant_type') === JWT_BEARER_GRANT)
        return demoOnBehalfOfGrant(reply, form, { tid, keys, entra: deps.config.entra, issuer: issuerOf(tid) });
      if (text('grant_type') !== 'client_credentials')
        return oauthError(
          reply,
          400,
          'unsupported_grant_type',
          'The demo Entra ID grants client_credentials, authorization_code and on-behalf-of (jwt-bearer) only.',
        );
      const { clientId, clientSecret } = deps.config.entra;
      if (text('client_id') !== clientId || clientSecret === null || !sameSecret(text('client_secret'), clientSecret)) {
        return oauthError(reply, 401, 'invalid_client', 'The client id or secret is wrong.');
      }
      if (text('scope') !== `${GRAPH_AUDIENCE}/.default`)
        return oauthError(reply, 400, 'invalid_scope', `The demo Entra ID issues app tokens for ${GRAPH_AUDIENCE}/.default only.`);
      const expiresIn = 3599;
      const token = await keys.sign(
        {
          tid,
          oid: DEMO_APP_OBJECT_ID,
          sub: DEMO_APP_OBJECT_ID,
          appid: clientId,
          azp: clientId,
          idtyp: 'app',
          roles: ['TeamsActivity.Send', 'Mail.Send'],
          ver: '2.0',
        },
        { issuer: issuerOf(tid), audience: GRAPH_AUDIENCE, expiresInSeconds: expiresIn },
      );
      return reply
        .header('Cache-Control', 'no-store')
        .send({ token_type: 'Bearer', expires_in: expiresIn, ext_expires_in: expiresIn, access_token: token });
    });

    entra.post<{ Params: { tid: string } }>('/demo/entra/:tid/sign', async (request, reply) => {
      const tid = tenantOf(request);
      if (tid === null) return noTenant(reply);
      // JSON only: a cross-site form cannot send it without a CORS preflight, which is never granted.
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
        return oauthError(reply, 415, 'invalid_request', 'Send { "username": … } as JSON.');
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
      const username = typeof body.username === 'string' ? body.username.trim() : '';
      if (username === '' || username.length > 200) return oauthError(reply, 400, 'invalid_request', 'The user name is required.');
      const lifetime = body.expiresInSeconds === undefined ? 3600 : Number(body.expiresInSeconds);
      if (!Number.isInteger(lifetime) || lifetime < -3600 || lifetime > 86_400)
        return oauthError(reply, 400, 'invalid_request', 'expiresInSeconds is a whole number from -3600 to 86400.');
      // Entra knows the person by their sign-in name (the e-mail) and object id: ours when seeded, else the demo's derived one.
      const { oid, signInName } = await demoEntraUser(deps, tid, username);
      const { clientId, audiences } = deps.config.entra;
      const token = await keys.sign(
        { tid, oid, sub: oid, preferred_username: signInName, name: username, scp: ENTRA_USER_SCOPE, azp: clientId, ver: '2.0' },
        { issuer: issuerOf(tid), audience: audiences[0] ?? clientId, expiresInSeconds: lifetime },
      );
      return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(token);
    });

    entra.post('/demo/entra/rollover', async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ kid: await keys.rollover() }),
    );
  });
}
