import { integerParam } from '../../http/requestHelpers';
import { ApiKeyBody, CreatedApiKeyAnswer, createdAnswer } from '@datahaven/core/contract';
import type { AnswerMatches } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { generateApiKey, hashApiKey } from '../apiKeyHash';
import type { AppDeps } from '../../services/AppDeps';
import { badRequest, forbidden, notFound } from '../../http/HttpError';
import { rateLimited } from '../../http/rateLimited';
import { principalOf } from './authPlugin';

/** The answer of POST /api/keys; `key` is shown this once and never stored. */
export interface CreatedApiKey {
  id: number;
  label: string;
  key: string;
  createdAt: string;
  /** Whether the key may mint tokens for users other than its owner (an ERP server's key). */
  actsForUsers: boolean;
}

// The answer schema holds every field of CreatedApiKey: the serialiser drops what it lacks.
const createdKeyMatches: AnswerMatches<typeof CreatedApiKeyAnswer, CreatedApiKey> = true;
void createdKeyMatches;

/** What a key route reads of a body: a label and the optional act-for-users grant. */
function parseKeyBody(body: unknown): { label: string; actsForUsers: boolean } {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const label = typeof fields.label === 'string' ? fields.label.trim() : '';
  if (label === '' || label.length > 200) throw badRequest('A label of 1 to 200 characters is required.');
  const acts = fields.actsForUsers;
  if (acts !== undefined && typeof acts !== 'boolean') throw badRequest('actsForUsers must be true or false.');
  return { label, actsForUsers: acts === true };
}

/**
 * POST /api/keys (needs 'Security: Manager'): creates an API key owned by the caller; it mints
 * tokens for the caller only, or for any user when created with `actsForUsers: true` (while the
 * owner keeps 'Security: Manager'). DELETE /api/keys/{id}: the owner or a 'Security: Manager'
 * revokes a key; it and every token it minted stop working at once (204; 404 for a key that is
 * unknown, already revoked or someone else's). Both 429 past the caller's DATAHAVEN_RATE_LIMIT_KEYS a minute.
 */
export function registerKeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(
    '/keys',
    { schema: { body: ApiKeyBody, response: createdAnswer(CreatedApiKeyAnswer) }, config: rateLimited(deps.config.rateLimits.keys) },
    async (request, reply) => {
      const principal = principalOf(request);
      if (!principal.viewer.privileges.has('Security: Manager')) {
        throw forbidden("Creating API keys needs the 'Security: Manager' privilege.");
      }
      const { label, actsForUsers } = parseKeyBody(request.body);
      const key = generateApiKey();
      const createdAt = deps.now().toISOString();
      const row = await deps.db
        .insertInto('api_keys')
        .values({
          user_id: principal.userId,
          label,
          key_hash: hashApiKey(key),
          created_at: createdAt,
          last_used_at: null,
          revoked_at: null,
          acts_for_users: actsForUsers ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const created: CreatedApiKey = { id: row.id, label, key, createdAt, actsForUsers };
      return reply.status(201).header('Cache-Control', 'no-store').send(created);
    },
  );

  app.delete<{ Params: { id: string } }>('/keys/:id', { config: rateLimited(deps.config.rateLimits.keys) }, async (request, reply) => {
    const principal = principalOf(request);
    const id = integerParam(request, 'id');
    const row = await deps.db
      .selectFrom('api_keys')
      .select(['user_id'])
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const mayRevoke = row !== undefined && (row.user_id === principal.userId || principal.viewer.privileges.has('Security: Manager'));
    // Someone else's key answers like a missing one: ids of keys are nobody else's business.
    if (!mayRevoke) throw notFound('The API key was not found.');
    await deps.db
      .updateTable('api_keys')
      .set({ revoked_at: deps.now().toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    return reply.status(204).send();
  });
}
