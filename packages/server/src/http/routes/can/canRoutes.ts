import { PrivilegeAnswer, PrivilegeListAnswer, okAnswer } from '@datahaven/core/contract';
import type { Privilege, PrivilegeName } from '@datahaven/core/model';
import type { FastifyInstance } from 'fastify';
import { effectivePrivileges, isPrivilegeName } from '../../../policies/privileges';
import type { AppDeps } from '../../../services/AppDeps';
import { badRequest } from '../../HttpError';
import { principalOf } from '../../plugins/authPlugin';
import { queryList, queryOf, queryString } from '../../requestHelpers';

function privilegeNameOf(text: string): PrivilegeName {
  if (!isPrivilegeName(text)) throw badRequest(`'${text}' is not a privilege name.`);
  return text;
}

/** GET /api/can?action= → Privilege; GET /api/can/actions?action[]= → Privilege[] (the caller's effective privileges). */
export function registerCanRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/can', { schema: { response: okAnswer(PrivilegeAnswer) } }, async (request): Promise<Privilege> => {
    const action = queryString(queryOf(request), 'action');
    if (action === undefined) throw badRequest('The parameter action is required.');
    const name = privilegeNameOf(action);
    const map = await effectivePrivileges(deps.db, principalOf(request).userId, [name]);
    return { action: name, value: map.get(name) === true };
  });
  app.get('/can/actions', { schema: { response: okAnswer(PrivilegeListAnswer) } }, async (request): Promise<Privilege[]> => {
    const names = [...new Set(queryList(queryOf(request), 'action').map(privilegeNameOf))];
    const map = await effectivePrivileges(deps.db, principalOf(request).userId, names);
    return names.map((name) => ({ action: name, value: map.get(name) === true }));
  });
}
