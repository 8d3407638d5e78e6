import { PrivilegeAnswer, PrivilegeListAnswer, okAnswer } from '@datahaven/core/contract';
import type { Privilege, PrivilegeName } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { isPrivilegeName } from '../privileges';
import { badRequest } from '../../http/HttpError';
import { queryList, queryOf, queryString } from '../../http/requestHelpers';
import { viewerOf } from './viewerOf';

function privilegeNameOf(text: string): PrivilegeName {
  if (!isPrivilegeName(text)) throw badRequest(`'${text}' is not a privilege name.`);
  return text;
}

/**
 * GET /api/can?action= → Privilege; GET /api/can/actions?action[]= → Privilege[]: the caller's
 * effective privileges, as the auth hook read them with the caller in this request.
 */
export function registerCanRoutes(app: FastifyInstance): void {
  app.get('/can', { schema: { response: okAnswer(PrivilegeAnswer) } }, async (request): Promise<Privilege> => {
    const action = queryString(queryOf(request), 'action');
    if (action === undefined) throw badRequest('The parameter action is required.');
    const name = privilegeNameOf(action);
    return { action: name, value: viewerOf(request).privileges.has(name) };
  });
  app.get('/can/actions', { schema: { response: okAnswer(PrivilegeListAnswer) } }, async (request): Promise<Privilege[]> => {
    const names = [...new Set(queryList(queryOf(request), 'action').map(privilegeNameOf))];
    const { privileges } = viewerOf(request);
    return names.map((name) => ({ action: name, value: privileges.has(name) }));
  });
}
