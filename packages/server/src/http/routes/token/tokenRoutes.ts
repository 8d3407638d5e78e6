import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashApiKey } from '../../../auth/apiKeyHash';
import { issueTokenForUser } from '../../../commands/tokenIssuer';
import type { AppDeps } from '../../AppDeps';
import { badRequest, unauthorized } from '../../HttpError';
import { authenticateBearer } from '../../plugins/authPlugin';
import { queryOf, queryString } from '../../requestHelpers';

async function apiKeyOwnerOk(deps: AppDeps, request: FastifyRequest): Promise<boolean> {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (typeof key !== 'string' || key === '' || key.length > 200) return false;
  const row = await deps.db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'u.disabled'])
    .where('k.key_hash', '=', hashApiKey(key))
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined || row.disabled === 1) return false;
  await deps.db.updateTable('api_keys').set({ last_used_at: deps.now().toISOString() }).where('id', '=', row.id).execute();
  return true;
}

/**
 * GET /api/token/user: `type=apikey&auth=<username>` with `X-Api-Key` (an ERP server minting a
 * user's token), `type=refresh` with a valid bearer, `type=jwt` (Entra, later issue) → 401.
 * Answers the token as text/plain.
 */
export function registerTokenRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/token/user', async (request, reply) => {
    const query = queryOf(request);
    const type = queryString(query, 'type');
    let username: string;
    if (type === 'apikey') {
      const auth = queryString(query, 'auth');
      if (auth === undefined) throw badRequest('The parameter auth (a username) is required.');
      if (!(await apiKeyOwnerOk(deps, request))) throw unauthorized('The API key is invalid or revoked.');
      username = auth;
    } else if (type === 'refresh') {
      username = (await authenticateBearer(deps, request)).username;
    } else if (type === 'jwt') {
      throw unauthorized('Entra ID sign-in is not configured.');
    } else {
      throw badRequest('The parameter type must be apikey, refresh or jwt.');
    }
    const token = await issueTokenForUser(deps, username);
    if (token === null) throw unauthorized('The user does not exist or is disabled.');
    return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(token);
  });
}
