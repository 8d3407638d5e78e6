import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashApiKey } from '../../../auth/apiKeyHash';
import { apiKeyMayActFor, findLiveApiKey } from '../../../auth/apiKeyGrants';
import type { LiveApiKey } from '../../../auth/apiKeyGrants';
import { issueTokenForUser } from '../../../commands/tokenIssuer';
import type { AppDeps } from '../../../services/AppDeps';
import { badRequest, unauthorized } from '../../HttpError';
import { authenticateBearer } from '../../plugins/authPlugin';
import { queryOf, queryString } from '../../requestHelpers';

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

/**
 * GET /api/token/user: `type=apikey&auth=<username>` with `X-Api-Key` (an ERP server minting a
 * user's token: the key's owner, or anyone when the key may act for users), `type=refresh` with a
 * valid bearer (the new token keeps the minting key's id), `type=jwt` (Entra, later issue) → 401.
 * Answers the token as text/plain.
 */
export function registerTokenRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/token/user', async (request, reply) => {
    const query = queryOf(request);
    const type = queryString(query, 'type');
    let username: string;
    let keyId: number | null;
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
    } else if (type === 'jwt') {
      throw unauthorized('Entra ID sign-in is not configured.');
    } else {
      throw badRequest('The parameter type must be apikey, refresh or jwt.');
    }
    const token = await issueTokenForUser(deps, username, keyId);
    if (token === null) throw unauthorized('The user does not exist or is disabled.');
    return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(token);
  });
}
