import type { FastifyInstance } from 'fastify';
import { generateApiKey, hashApiKey } from '../../../auth/apiKeyHash';
import { hasPrivilege } from '../../../policies/privileges';
import type { AppDeps } from '../../AppDeps';
import { badRequest, forbidden } from '../../HttpError';
import { principalOf } from '../../plugins/authPlugin';

/** The answer of POST /api/keys; `key` is shown this once and never stored. */
export interface CreatedApiKey {
  id: number;
  label: string;
  key: string;
  createdAt: string;
}

/** POST /api/keys (needs 'Security: Manager'): creates an API key owned by the caller. */
export function registerKeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/keys', async (request, reply) => {
    const principal = principalOf(request);
    if (!(await hasPrivilege(deps.db, principal.userId, 'Security: Manager'))) {
      throw forbidden("Creating API keys needs the 'Security: Manager' privilege.");
    }
    const body = request.body as { label?: unknown } | undefined;
    const label = typeof body?.label === 'string' ? body.label.trim() : '';
    if (label === '' || label.length > 200) throw badRequest('A label of 1 to 200 characters is required.');
    const key = generateApiKey();
    const createdAt = deps.now().toISOString();
    const row = await deps.db
      .insertInto('api_keys')
      .values({ user_id: principal.userId, label, key_hash: hashApiKey(key), created_at: createdAt, last_used_at: null, revoked_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created: CreatedApiKey = { id: row.id, label, key, createdAt };
    return reply.status(201).header('Cache-Control', 'no-store').send(created);
  });
}
