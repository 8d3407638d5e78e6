import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashApiKey } from '../apiKeyHash';
import { apiKeyMayActFor, findLiveApiKey } from '../apiKeyGrants';
import type { LiveApiKey } from '../apiKeyGrants';
import { issueTokenForUser } from '../tokenIssuer';
import type { AppDeps } from '../../services/AppDeps';
import { EntraTokenError } from '../entra/EntraTokenError';
import { EntraTokenValidator, type EntraIdentity } from '../entra/EntraTokenValidator';
import { findEntraUser } from '../entra/findEntraUser';
import { entraSignInMessagesFor } from '../entra/entraSignInMessagesFor';
import type { TokenEntraIdentity } from '../tokenCodec';
import { badRequest, forbidden, HttpError, unauthorized } from '../../http/HttpError';
import { authenticateBearer, bearerTokenOf } from './authPlugin';
import { queryOf, queryString } from '../../http/requestHelpers';
import { rateLimited } from '../../http/rateLimited';

/**
 * The key of the `X-Api-Key` header if it is live and may stand for `username`; undefined
 * otherwise (unknown, revoked, owner disabled, or another user without the key's grant).
 */
async function apiKeyFor(deps: AppDeps, request: FastifyRequest, username: string): Promise<LiveApiKey | undefined> {
  const header = request.headers['x-api-key'];
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' || value === '' || value.length > 200) return undefined;
  const key = await findLiveApiKey(deps.db, { keyHash: hashApiKey(value) });
  if (key === undefined || !(await apiKeyMayActFor(deps.db, key, username))) return undefined;
  await deps.db.updateTable('api_keys').set({ last_used_at: deps.now().toISOString() }).where('id', '=', key.id).execute();
  return key;
}

/** What a refresh answers once the Entra identity that signed in is no longer bound to the token's user. */
export const ENTRA_IDENTITY_UNBOUND_MESSAGE =
  'Your Microsoft Entra ID account is no longer linked to this user of Datahaven Documents: sign in again.';

/**
 * The product user of the Entra access token in `Authorization: Bearer …` (or, as the spec also
 * allows, the `auth` parameter), bound by tenant + object id only (findEntraUser): 401 in words
 * for a token we do not accept, 503 when Entra's keys cannot be read, 403 in words when no user is
 * bound to the identity (with the ids to give an administrator) or that user is disabled.
 */
async function entraUserOf(
  deps: AppDeps,
  validator: EntraTokenValidator,
  request: FastifyRequest,
): Promise<{ username: string; entra: TokenEntraIdentity }> {
  const token = bearerTokenOf(request) ?? queryString(queryOf(request), 'auth');
  if (token === undefined || token === '') throw unauthorized('A Microsoft Entra ID access token is required (Authorization: Bearer).');
  if (token.length > 16_384) throw unauthorized('The Microsoft Entra ID token is too long.');
  let identity: EntraIdentity;
  try {
    identity = await validator.validate(token);
  } catch (error) {
    if (!(error instanceof EntraTokenError)) throw error;
    if (error.kind === 'unavailable') throw new HttpError(503, 'InternalError', error.message);
    throw unauthorized(error.message);
  }
  const signIn = await findEntraUser(deps.db, identity);
  if (signIn.kind === 'unknown') throw forbidden((language) => entraSignInMessagesFor(language).unknownEntraIdentity(identity));
  if (signIn.kind === 'disabled') throw forbidden((language) => entraSignInMessagesFor(language).disabledUser);
  return { username: signIn.username, entra: { tenantId: identity.tenantId, objectId: identity.objectId } };
}

/**
 * Whether `username` is still bound to the Entra identity a token was minted for: an
 * administrator who unbinds or rebinds an identity ends its sessions at their next refresh.
 */
async function stillBound(deps: AppDeps, username: string, entra: TokenEntraIdentity): Promise<boolean> {
  const user = await deps.db
    .selectFrom('users')
    .select(['entra_tenant_id', 'entra_object_id'])
    .where('username', '=', username)
    .executeTakeFirst();
  return user !== undefined && user.entra_tenant_id === entra.tenantId && user.entra_object_id === entra.objectId;
}

/**
 * GET /api/token/user: `type=apikey&auth=<username>` with `X-Api-Key` (an ERP server minting a
 * user's token: the key's owner, or anyone when the key may act for users), `type=refresh` with a
 * valid bearer (the new token keeps the minting key's id, and the Entra identity that signed in,
 * refused once that identity is unbound), `type=jwt` with a Microsoft Entra ID access token as
 * bearer or `auth` (the Teams tab; issue 14) for the user bound to its tenant + object id.
 * Answers the token as text/plain; 429 past DATAHAVEN_RATE_LIMIT_TOKEN requests a minute from one address.
 */
export function registerTokenRoutes(app: FastifyInstance, deps: AppDeps): void {
  // One per app: it caches the tenants' key sets between requests.
  const validator = new EntraTokenValidator({ config: () => deps.config.entra, now: deps.now });
  app.get('/token/user', { config: rateLimited(deps.config.rateLimits.token) }, async (request, reply) => {
    const query = queryOf(request);
    const type = queryString(query, 'type');
    let username: string;
    let keyId: number | null;
    let entra: TokenEntraIdentity | null = null;
    if (type === 'apikey') {
      const auth = queryString(query, 'auth');
      if (auth === undefined) throw badRequest('The parameter auth (a username) is required.');
      const key = await apiKeyFor(deps, request, auth);
      if (key === undefined) throw unauthorized('The API key is invalid or revoked, or may not act for this user.');
      username = auth;
      keyId = key.id;
    } else if (type === 'refresh') {
      const principal = await authenticateBearer(deps, request);
      username = principal.username;
      keyId = principal.apiKeyId;
      entra = principal.entraIdentity;
      if (entra !== null && !(await stillBound(deps, username, entra))) throw unauthorized(ENTRA_IDENTITY_UNBOUND_MESSAGE);
    } else if (type === 'jwt') {
      ({ username, entra } = await entraUserOf(deps, validator, request));
      keyId = null;
    } else {
      throw badRequest('The parameter type must be apikey, refresh or jwt.');
    }
    const token = await issueTokenForUser(deps, username, keyId, entra);
    // Disabled between the look-up and now.
    if (token === null && type === 'jwt') throw forbidden((language) => entraSignInMessagesFor(language).disabledUser);
    if (token === null) throw unauthorized('The user does not exist or is disabled.');
    return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(token);
  });
}
