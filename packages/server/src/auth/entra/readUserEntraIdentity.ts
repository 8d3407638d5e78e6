import type { Kysely } from 'kysely';
import type { Viewer } from '../../access';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../errors/DomainError';

/** One binding or clearing of a user's Entra identity, as an auditor reads it. */
export interface EntraIdentityChange {
  /** The identity bound; null when the change cleared it. */
  tenantId: string | null;
  objectId: string | null;
  /** The identity it replaced, or null. */
  previousTenantId: string | null;
  previousObjectId: string | null;
  /** The administrator's user name. */
  changedBy: string;
  changedAt: string;
}

/** A user's Microsoft Entra identity (null when none is bound) and its changes, newest first. */
export interface UserEntraIdentity {
  userId: number;
  username: string;
  tenantId: string | null;
  objectId: string | null;
  changes: EntraIdentityChange[];
}

/** What a user reads who lacks 'Security: Manager' at the Entra identity routes. */
export const ENTRA_IDENTITY_NEEDS_MANAGER = "Binding users to Microsoft Entra ID accounts needs the 'Security: Manager' privilege.";

/** The privilege every read and change of a user's Entra identity needs (403 in words otherwise). */
export function assertMayManageEntraIdentities(viewer: Viewer): void {
  if (!viewer.privileges.has('Security: Manager')) throw forbidden(ENTRA_IDENTITY_NEEDS_MANAGER);
}

/**
 * The Entra identity user `userId` signs in with, and who bound or cleared it when (404 in words
 * for an unknown user). Needs 'Security: Manager': whose Entra account opens which user is an
 * administrator's business.
 */
export async function readUserEntraIdentity(db: Kysely<Database>, viewer: Viewer, userId: number): Promise<UserEntraIdentity> {
  assertMayManageEntraIdentities(viewer);
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'entra_tenant_id', 'entra_object_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user === undefined) throw notFound(`User ${userId} was not found.`);
  const changes = await db
    .selectFrom('entra_identity_changes')
    .select(['tenant_id', 'object_id', 'previous_tenant_id', 'previous_object_id', 'changed_by_username', 'changed_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return {
    userId: user.id,
    username: user.username,
    tenantId: user.entra_tenant_id,
    objectId: user.entra_object_id,
    changes: changes.map((row) => ({
      tenantId: row.tenant_id,
      objectId: row.object_id,
      previousTenantId: row.previous_tenant_id,
      previousObjectId: row.previous_object_id,
      changedBy: row.changed_by_username,
      changedAt: row.changed_at,
    })),
  };
}
