import { EntraIdentityBody, UserEntraIdentityAnswer, okAnswer } from '@datahaven/core/contract';
import type { AnswerMatches, EntraIdentityRequest } from '@datahaven/core/contract';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../../access';
import { integerParam } from '../../http/requestHelpers';
import type { AppDeps } from '../../services/AppDeps';
import { readUserEntraIdentity } from '../entra/readUserEntraIdentity';
import type { UserEntraIdentity } from '../entra/readUserEntraIdentity';
import { setUserEntraIdentity } from '../entra/setUserEntraIdentity';

// The answer schema holds every field of UserEntraIdentity: the serialiser drops what it lacks.
const answerMatches: AnswerMatches<typeof UserEntraIdentityAnswer, UserEntraIdentity> = true;
void answerMatches;

/**
 * `GET /api/users/{id}/entra-identity`: the Microsoft Entra identity (tenant id + object id) user
 * `id` signs in with, and who bound or cleared it when. `PUT` with `{ tenantId, objectId }` binds
 * it (an administrator's pre-provisioning: sign-in binds nobody by itself); `DELETE` clears it
 * (204). All three need 'Security: Manager' (403 in words); 404 for an unknown user, 400 for ids
 * that are not GUIDs or a tenant the server does not accept, 409 when another user holds the identity.
 */
export function registerEntraIdentityRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/users/:id/entra-identity', { schema: { response: okAnswer(UserEntraIdentityAnswer) } }, async (request) =>
    readUserEntraIdentity(deps.db, viewerOf(request), integerParam(request, 'id')),
  );

  app.put<{ Body: EntraIdentityRequest }>(
    '/users/:id/entra-identity',
    { schema: { body: EntraIdentityBody, response: okAnswer(UserEntraIdentityAnswer) } },
    async (request) => setUserEntraIdentity(deps, viewerOf(request), integerParam(request, 'id'), request.body),
  );

  app.delete('/users/:id/entra-identity', async (request, reply) => {
    await setUserEntraIdentity(deps, viewerOf(request), integerParam(request, 'id'), null);
    return reply.status(204).send();
  });
}
