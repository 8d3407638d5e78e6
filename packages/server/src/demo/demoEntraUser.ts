import type { AppDeps } from '../services/AppDeps';
import { demoEntraObjectId } from './demoEntraObjectId';

/** Who the demo Entra ID says a user is: the object id and the sign-in name its tokens carry. */
export interface DemoEntraUser {
  oid: string;
  signInName: string;
}

/**
 * The demo Entra identity of `username` in tenant `tid`: the seeded object id and e-mail where the
 * user is ours in that tenant, else the demo's derived object id and the name itself. Every token
 * the stand-in signs for a person (the simulators' SSO, the authorization code flow) names them so.
 */
export async function demoEntraUser(deps: AppDeps, tid: string, username: string): Promise<DemoEntraUser> {
  const user = await deps.db
    .selectFrom('users')
    .select(['email', 'entra_tenant_id', 'entra_object_id'])
    .where('username', '=', username)
    .executeTakeFirst();
  const oid = user?.entra_tenant_id === tid && user.entra_object_id !== null ? user.entra_object_id : demoEntraObjectId(username);
  return { oid, signInName: user !== undefined && user.email !== '' ? user.email : username };
}
