import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { ENTRA_USER_SCOPE } from '../auth';
import type { EntraConfig } from '../config/loadEntraConfig';
import type { EntraSigningKeys } from './EntraSigningKeys';

/** The OAuth 2.0 grant type of Entra's on-behalf-of flow. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The delegated Graph permission the demo grants on-behalf-of (what a reply draft needs). */
export const DEMO_GRAPH_MAIL_SCOPE = 'Mail.ReadWrite';

/** What the grant needs from the demo Entra ID it runs in. */
export interface DemoOnBehalfOfContext {
  /** The tenant of the token endpoint called. */
  tid: string;
  keys: EntraSigningKeys;
  entra: EntraConfig;
  /** `${authority}/${tid}/v2.0`: the issuer of the assertion and of the token issued. */
  issuer: string;
}

const GRAPH_AUDIENCE = 'https://graph.microsoft.com';
const ACCEPTED_SCOPES = new Set([`${GRAPH_AUDIENCE}/${DEMO_GRAPH_MAIL_SCOPE}`, `${GRAPH_AUDIENCE}/.default`]);

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.status(status).header('Cache-Control', 'no-store').send({ error, error_description: description });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The demo Entra ID's on-behalf-of grant (jwt-bearer, `requested_token_use=on_behalf_of`), as
 * Entra answers it: our client id and secret; an assertion that is a user token this stand-in
 * signed for our API (issuer, audience, expiry, `access_as_user`); the scope Graph's
 * Mail.ReadWrite (or `.default`). Answers a Graph-audience delegated token for the same user
 * (tid, oid, name) with `scp: Mail.ReadWrite`, which the demo Graph mailbox takes. Refusals carry
 * Entra's error codes (invalid_client, invalid_grant, invalid_scope) and AADSTS-like words.
 */
export async function demoOnBehalfOfGrant(
  reply: FastifyReply,
  form: Record<string, unknown>,
  context: DemoOnBehalfOfContext,
): Promise<FastifyReply> {
  const text = (name: string): string => (typeof form[name] === 'string' ? (form[name] as string) : '');
  const { clientId, clientSecret, audiences } = context.entra;
  if (text('client_id') !== clientId || clientSecret === null || !sameSecret(text('client_secret'), clientSecret)) {
    return oauthError(reply, 401, 'invalid_client', 'AADSTS7000215: The client id or secret is wrong.');
  }
  if (text('requested_token_use') !== 'on_behalf_of')
    return oauthError(reply, 400, 'invalid_request', "AADSTS900144: The request body must contain 'requested_token_use=on_behalf_of'.");
  const scopes = text('scope')
    .split(' ')
    .filter((scope) => scope !== '' && scope !== 'offline_access' && scope !== 'openid' && scope !== 'profile');
  if (scopes.length === 0 || !scopes.every((scope) => ACCEPTED_SCOPES.has(scope))) {
    return oauthError(
      reply,
      400,
      'invalid_scope',
      `AADSTS70011: The demo Entra ID grants ${GRAPH_AUDIENCE}/${DEMO_GRAPH_MAIL_SCOPE} on-behalf-of only.`,
    );
  }
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(text('assertion'), createLocalJWKSet(context.keys.jwks()), {
      issuer: context.issuer,
      audience: audiences,
      algorithms: ['RS256'],
    }));
  } catch (error) {
    return oauthError(
      reply,
      400,
      'invalid_grant',
      `AADSTS50013: The assertion is not a valid token of this demo Entra ID for this app (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const scp = typeof claims.scp === 'string' ? claims.scp.split(' ') : [];
  const oid = typeof claims.oid === 'string' ? claims.oid : '';
  if (!scp.includes(ENTRA_USER_SCOPE) || oid === '' || claims.tid !== context.tid) {
    return oauthError(
      reply,
      400,
      'invalid_grant',
      `AADSTS50013: The assertion must be a user's token (${ENTRA_USER_SCOPE}) of tenant ${context.tid}.`,
    );
  }
  const expiresIn = 3599;
  const token = await context.keys.sign(
    {
      tid: context.tid,
      oid,
      sub: oid,
      preferred_username: claims.preferred_username,
      name: claims.name,
      scp: DEMO_GRAPH_MAIL_SCOPE,
      appid: clientId,
      azp: clientId,
      idtyp: 'user',
      ver: '1.0',
    },
    { issuer: context.issuer, audience: GRAPH_AUDIENCE, expiresInSeconds: expiresIn },
  );
  return reply.header('Cache-Control', 'no-store').send({
    token_type: 'Bearer',
    scope: `${GRAPH_AUDIENCE}/${DEMO_GRAPH_MAIL_SCOPE}`,
    expires_in: expiresIn,
    ext_expires_in: expiresIn,
    access_token: token,
    // Asked for (MSAL asks), Entra names the user the token is for: MSAL keeps each user's token under its own key.
    ...(text('client_info') === '1'
      ? { client_info: Buffer.from(JSON.stringify({ uid: oid, utid: context.tid })).toString('base64url') }
      : {}),
  });
}
