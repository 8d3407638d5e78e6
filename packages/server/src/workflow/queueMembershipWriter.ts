import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { conflict } from '../errors/DomainError';
import { applyQueueAccessPatch } from './queueAccessPatch';
import type { QueueAccessPatch } from './queueAccessPatch';
import { requireGroup, requireQueue, requireUser } from './workflowReferences';

/** Whose membership: a user's (`queue_user_access`) or a group's (`queue_group_access`). */
export type MembershipHolder = 'user' | 'group';

/** One membership's key. */
export interface MembershipKey {
  holderId: number;
  queueId: number;
}

const TABLE = { user: 'queue_user_access', group: 'queue_group_access' } as const;
const COLUMN = { user: 'user_id', group: 'group_id' } as const;
/** The field naming the holder in messages (the data service's property). */
const FIELD = { user: 'UserId', group: 'GroupId' } as const;

/** Gives a user or group access to a queue: the flags `access` turns on; one membership per pair. */
export async function createQueueMembership(
  trx: Transaction<Database>,
  holder: MembershipHolder,
  key: MembershipKey,
  access: QueueAccessPatch,
): Promise<void> {
  await (holder === 'user' ? requireUser : requireGroup)(trx, key.holderId, FIELD[holder]);
  await requireQueue(trx, key.queueId, 'WorkflowQueueId');
  const bits = applyQueueAccessPatch(0, access);
  const inserted = await sql`insert into ${sql.table(TABLE[holder])} (${sql.ref(COLUMN[holder])}, queue_id, access)
                             values (${key.holderId}, ${key.queueId}, ${bits}) on conflict do nothing`.execute(trx);
  if (Number(inserted.numAffectedRows ?? 0) === 0) throw conflict('This membership already exists; change its Access instead.');
}

/** Sets or clears the flags named in `access`; the others keep their value. */
export async function updateQueueMembership(
  trx: Transaction<Database>,
  holder: MembershipHolder,
  key: MembershipKey,
  access: QueueAccessPatch,
): Promise<void> {
  const where = sql`${sql.ref(COLUMN[holder])} = ${key.holderId} and queue_id = ${key.queueId}`;
  const current = await sql<{ access: number }>`select access from ${sql.table(TABLE[holder])} where ${where}`.execute(trx);
  const bits = applyQueueAccessPatch(Number(current.rows[0]?.access ?? 0), access);
  await sql`update ${sql.table(TABLE[holder])} set access = ${bits} where ${where}`.execute(trx);
}

/** Ends a membership. */
export async function removeQueueMembership(trx: Transaction<Database>, holder: MembershipHolder, key: MembershipKey): Promise<void> {
  await sql`delete from ${sql.table(TABLE[holder])} where ${sql.ref(COLUMN[holder])} = ${key.holderId} and queue_id = ${key.queueId}`.execute(
    trx,
  );
}
