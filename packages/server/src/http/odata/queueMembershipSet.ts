import { sql } from 'kysely';
import { entityBodyOf, int32Property, objectProperty, requiredInt32 } from './entityBody';
import type { EntityBody } from './entityBody';
import type { EntityKey, EntitySetDefinition } from './EntitySetDefinition';
import { ODataError, odataBadRequest } from './ODataError';
import { patchQueueAccessBits, queueAccessObjectOf } from './queueAccessObject';
import { intOf } from './sourceValues';
import { requireGroup, requireQueue, requireUser } from './workflowReferences';

/** Which holder (user or group) a membership entity set is about. */
export interface Holder {
  /** Entity set and type names. */
  setName: string;
  entityType: string;
  /** The holder's key property (`UserId` / `GroupId`) and column. */
  property: 'UserId' | 'GroupId';
  column: 'user_id' | 'group_id';
  table: 'queue_user_access' | 'queue_group_access';
  /** Whether entities carry `From` (null: a direct membership has no other source). */
  withFrom: boolean;
}

function keyUnchanged(body: EntityBody, key: EntityKey, property: string): void {
  const value = int32Property(body, property, false);
  if (value !== undefined && value !== key[property]) throw odataBadRequest(`The key property '${property}' cannot change; delete the membership and create another.`);
}

/** A membership entity set over `queue_user_access` or `queue_group_access`. */
export function queueMembershipSet(holder: Holder): EntitySetDefinition {
  const requireHolder = holder.property === 'UserId' ? requireUser : requireGroup;
  const readOnly = holder.withFrom ? ['From'] : [];
  return {
    name: holder.setName,
    entityType: holder.entityType,
    keys: [holder.property, 'WorkflowQueueId'],
    properties: [
      { name: holder.property, type: 'Edm.Int32', nullable: false, column: 'holder_id', filterable: true, sortable: true },
      { name: 'WorkflowQueueId', type: 'Edm.Int32', nullable: false, column: 'queue_id', filterable: true, sortable: true },
      { name: 'Access', type: 'Datahaven.QueueAccess', nullable: false },
      ...(holder.withFrom ? [{ name: 'From', type: 'Edm.String' as const, nullable: true }] : []),
    ],
    source: () => sql`select ${sql.ref(`a.${holder.column}`)} as holder_id, a.queue_id, a.access from ${sql.table(holder.table)} a`,
    present: async (_db, rows) =>
      rows.map((row) => ({
        [holder.property]: intOf(row, 'holder_id'),
        WorkflowQueueId: intOf(row, 'queue_id'),
        Access: queueAccessObjectOf(intOf(row, 'access')),
        ...(holder.withFrom ? { From: null } : {}),
      })),
    writes: {
      table: holder.table,
      keyColumns: { [holder.property]: holder.column, WorkflowQueueId: 'queue_id' },
      async create(trx, raw) {
        const body = entityBodyOf(raw, [holder.property, 'WorkflowQueueId', 'Access'], readOnly);
        const holderId = requiredInt32(body, holder.property);
        const queueId = requiredInt32(body, 'WorkflowQueueId');
        await requireHolder(trx, holderId, holder.property);
        await requireQueue(trx, queueId, 'WorkflowQueueId');
        const access = patchQueueAccessBits(0, objectProperty(body, 'Access') ?? {}, 'Access');
        const inserted = await sql`insert into ${sql.table(holder.table)} (${sql.ref(holder.column)}, queue_id, access)
                                   values (${holderId}, ${queueId}, ${access}) on conflict do nothing`.execute(trx);
        if (Number(inserted.numAffectedRows ?? 0) === 0) throw new ODataError(409, 'This membership already exists; change its Access instead.');
        return { [holder.property]: holderId, WorkflowQueueId: queueId };
      },
      async update(trx, key, raw) {
        const body = entityBodyOf(raw, [holder.property, 'WorkflowQueueId', 'Access'], readOnly);
        keyUnchanged(body, key, holder.property);
        keyUnchanged(body, key, 'WorkflowQueueId');
        const patch = objectProperty(body, 'Access');
        if (patch === undefined || patch === null) return;
        const current = await sql<{ access: number }>`select access from ${sql.table(holder.table)}
                                  where ${sql.ref(holder.column)} = ${key[holder.property]} and queue_id = ${key.WorkflowQueueId}`.execute(trx);
        const access = patchQueueAccessBits(Number(current.rows[0]?.access ?? 0), patch, 'Access');
        await sql`update ${sql.table(holder.table)} set access = ${access}
                  where ${sql.ref(holder.column)} = ${key[holder.property]} and queue_id = ${key.WorkflowQueueId}`.execute(trx);
      },
      async remove(trx, key) {
        await sql`delete from ${sql.table(holder.table)} where ${sql.ref(holder.column)} = ${key[holder.property]} and queue_id = ${key.WorkflowQueueId}`.execute(trx);
      },
    },
  };
}
