import type { Kysely } from 'kysely';
import type { Viewer } from '../../access';
import type { Database } from '../../db/schema';
import { conflict, DomainError, invalid, notFound } from '../../errors/DomainError';
import { inWriteTransaction } from '../../db/inWriteTransaction';
import type { AppDeps } from '../../services/AppDeps';
import { assertMayManageEntraIdentities, readUserEntraIdentity } from './readUserEntraIdentity';
import type { UserEntraIdentity } from './readUserEntraIdentity';

/** A Microsoft Entra identity as an administrator enters it: the Directory (tenant) ID and the user's Object ID. */
export interface EntraIdentityInput {
  tenantId: string;
  objectId: string;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A GUID field trimmed and lower-cased (as tokens' `tid` / `oid` are compared), or 400 in words naming it. */
function guidOf(value: string, field: 'tenantId' | 'objectId'): string {
  const text = value.trim().toLowerCase();
  if (!GUID.test(text)) {
    throw invalid(
      field === 'tenantId'
        ? `tenantId must be the tenant's Directory (tenant) ID, a GUID such as 72f988bf-86f1-41af-91ab-2d7cd011db47; '${value}' is not one.`
        : `objectId must be the user's Object ID in Microsoft Entra ID, a GUID; '${value}' is not one.`,
    );
  }
  return text;
}

/**
 * Binds user `userId` to a Microsoft Entra identity (tenant id + object id), or clears the binding
 * (`identity` null), and records who did it (`entra_identity_changes`). The only way an Entra
 * account comes to open a user: sign-in binds nothing by itself (findEntraUser). Needs
 * 'Security: Manager' (403); 404 for an unknown user; 400 for ids that are not GUIDs or a tenant
 * this server does not accept; 409 when another user holds the identity (one account, one user).
 * Setting what is already set changes and records nothing.
 */
export async function setUserEntraIdentity(
  deps: AppDeps,
  viewer: Viewer,
  userId: number,
  identity: EntraIdentityInput | null,
): Promise<UserEntraIdentity> {
  assertMayManageEntraIdentities(viewer);
  const wanted =
    identity === null ? null : { tenantId: guidOf(identity.tenantId, 'tenantId'), objectId: guidOf(identity.objectId, 'objectId') };
  if (wanted !== null && !deps.config.entra.tenantIds.includes(wanted.tenantId)) {
    throw invalid(
      `The tenant ${wanted.tenantId} is not one this server accepts sign-ins from; add it to DATAHAVEN_ENTRA_TENANTS first (docs/DEPLOYMENT.md).`,
    );
  }
  /** The user other than `userId` who holds the wanted identity, if any. */
  const holderOf = async (db: Kysely<Database>): Promise<string | undefined> => {
    if (wanted === null) return undefined;
    const other = await db
      .selectFrom('users')
      .select('username')
      .where('entra_tenant_id', '=', wanted.tenantId)
      .where('entra_object_id', '=', wanted.objectId)
      .where('id', '!=', userId)
      .executeTakeFirst();
    return other?.username;
  };
  const taken = (username: string): DomainError =>
    conflict(`This Microsoft Entra ID account is already bound to the user '${username}': clear it there first.`);
  try {
    await inWriteTransaction(deps.db, async (trx) => {
      const user = await trx.selectFrom('users').select(['entra_tenant_id', 'entra_object_id']).where('id', '=', userId).executeTakeFirst();
      if (user === undefined) throw notFound(`User ${userId} was not found.`);
      if (user.entra_tenant_id === (wanted?.tenantId ?? null) && user.entra_object_id === (wanted?.objectId ?? null)) return;
      const other = await holderOf(trx);
      if (other !== undefined) throw taken(other);
      await trx
        .updateTable('users')
        .set({ entra_tenant_id: wanted?.tenantId ?? null, entra_object_id: wanted?.objectId ?? null })
        .where('id', '=', userId)
        .execute();
      await trx
        .insertInto('entra_identity_changes')
        .values({
          user_id: userId,
          tenant_id: wanted?.tenantId ?? null,
          object_id: wanted?.objectId ?? null,
          previous_tenant_id: user.entra_tenant_id,
          previous_object_id: user.entra_object_id,
          changed_by_user_id: viewer.userId,
          changed_by_username: viewer.username,
          changed_at: deps.now().toISOString(),
        })
        .execute();
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // Two administrators binding the same account to two users at once: the unique index refused the later one.
    const other = await holderOf(deps.db);
    if (other !== undefined) throw taken(other);
    throw error;
  }
  return readUserEntraIdentity(deps.db, viewer, userId);
}
