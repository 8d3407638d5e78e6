import { sql } from 'kysely';
import { createQueueMembership, removeQueueMembership, updateQueueMembership } from '../queueMembershipWriter';
import { entityBodyOf, int32Property, objectProperty, requiredInt32 } from '../../http/odata/entityBody';
import type { EntityBody } from '../../http/odata/entityBody';
import type { EntityKey, EntitySetDefinition } from '../../http/odata/EntitySetDefinition';
import { odataBadRequest } from '../../http/odata/ODataError';
import { queueAccessObjectOf, queueAccessPatchOf } from './queueAccessObject';
import { intOf } from '../../http/odata/sourceValues';

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
  if (value !== undefined && value !== key[property])
    throw odataBadRequest(`The key property '${property}' cannot change; delete the membership and create another.`);
}

/** A membership entity set over `queue_user_access` or `queue_group_access`. */
export function queueMembershipSet(holder: Holder): EntitySetDefinition {
  const kind = holder.property === 'UserId' ? 'user' : 'group';
  const keyOf = (key: EntityKey) => ({ holderId: key[holder.property], queueId: key.WorkflowQueueId });
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
        const access = objectProperty(body, 'Access');
        await createQueueMembership(trx, kind, { holderId, queueId }, queueAccessPatchOf(access ?? {}, 'Access'));
        return { [holder.property]: holderId, WorkflowQueueId: queueId };
      },
      async update(trx, key, raw) {
        const body = entityBodyOf(raw, [holder.property, 'WorkflowQueueId', 'Access'], readOnly);
        keyUnchanged(body, key, holder.property);
        keyUnchanged(body, key, 'WorkflowQueueId');
        const patch = objectProperty(body, 'Access');
        if (patch === undefined || patch === null) return;
        await updateQueueMembership(trx, kind, keyOf(key), queueAccessPatchOf(patch, 'Access'));
      },
      async remove(trx, key) {
        await removeQueueMembership(trx, kind, keyOf(key));
      },
    },
  };
}
