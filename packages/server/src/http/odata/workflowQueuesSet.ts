import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { booleanProperty, entityBodyOf, int32Property, nameProperty, objectProperty } from './entityBody';
import type { EntityBody } from './entityBody';
import type { EntitySetDefinition } from './EntitySetDefinition';
import { ODataError, odataBadRequest } from './ODataError';
import { patchQueueAccessBits, queueAccessObjectOf } from './queueAccessObject';
import { flagOf, intOf, intOrNullOf, textOf } from './sourceValues';
import { requireQueue, requireQueueType } from './workflowReferences';

const WRITABLE = ['Name', 'Enabled', 'ApprovalLimit', 'WorkflowQueueTypeId', 'ApproveToQueueId', 'RejectToQueueId', 'Features', 'DefaultAccess'];

/** The columns a create or update sets, from a checked body. */
type QueueChanges = Partial<{
  name: string;
  enabled: number;
  approval_limit: number | null;
  queue_type_id: number;
  approve_to_queue_id: number | null;
  reject_to_queue_id: number | null;
  features1: number;
  features2: number;
  default_access: number;
}>;

function approvalLimitOf(body: EntityBody): number | null | undefined {
  if (!('ApprovalLimit' in body)) return undefined;
  const value = body.ApprovalLimit;
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw odataBadRequest("The property 'ApprovalLimit' must be a non-negative number or null.");
  return value;
}

/** Reads a create / update body; `current` is the stored row for an update (flags are patched on it). */
async function queueChangesOf(
  trx: Transaction<Database>,
  raw: EntityBody,
  current: { features1: number; features2: number; default_access: number } | null,
): Promise<QueueChanges> {
  const body = entityBodyOf(raw, WRITABLE, ['Id']);
  const changes: QueueChanges = {};
  const name = nameProperty(body, 'Name');
  if (name !== undefined) changes.name = name;
  const enabled = booleanProperty(body, 'Enabled');
  if (enabled !== undefined) changes.enabled = enabled ? 1 : 0;
  const limit = approvalLimitOf(body);
  if (limit !== undefined) changes.approval_limit = limit;
  const typeId = int32Property(body, 'WorkflowQueueTypeId', false);
  if (typeId !== undefined && typeId !== null) {
    await requireQueueType(trx, typeId, 'WorkflowQueueTypeId');
    changes.queue_type_id = typeId;
  }
  for (const [property, column] of [
    ['ApproveToQueueId', 'approve_to_queue_id'],
    ['RejectToQueueId', 'reject_to_queue_id'],
  ] as const) {
    const target = int32Property(body, property, true);
    if (target === undefined) continue;
    if (target !== null) await requireQueue(trx, target, property);
    changes[column] = target;
  }
  const features = objectProperty(body, 'Features');
  if (features !== undefined && features !== null) {
    const checked = entityBodyOf(features, ['Features1', 'Features2'], []);
    const f1 = int32Property(checked, 'Features1', false);
    const f2 = int32Property(checked, 'Features2', false);
    if (f1 !== undefined && f1 !== null) changes.features1 = f1;
    if (f2 !== undefined && f2 !== null) changes.features2 = f2;
  }
  const access = objectProperty(body, 'DefaultAccess');
  if (access !== undefined && access !== null) changes.default_access = patchQueueAccessBits(current?.default_access ?? 0, access, 'DefaultAccess');
  return changes;
}

/**
 * `WorkflowQueues` (key Id): Id, Name, Enabled, ApprovalLimit, WorkflowQueueTypeId,
 * ApproveToQueueId, RejectToQueueId, Features `{ Features1, Features2 }` (the two integer bit sets
 * of portal §6, as stored, so no bit is lost), DefaultAccess (the 28 flags as booleans). Writable;
 * DefaultAccess is patched by flag name. A queue holding documents or pending approval steps
 * cannot be deleted (409); its routes, memberships and delegates go with it.
 */
export const workflowQueuesSet: EntitySetDefinition = {
  name: 'WorkflowQueues',
  entityType: 'WorkflowQueue',
  keys: ['Id'],
  properties: [
    { name: 'Id', type: 'Edm.Int32', nullable: false, column: 'id', filterable: true, sortable: true },
    { name: 'Name', type: 'Edm.String', nullable: false, column: 'name', sortable: true },
    { name: 'Enabled', type: 'Edm.Boolean', nullable: false, column: 'enabled', sortable: true },
    { name: 'ApprovalLimit', type: 'Edm.Decimal', nullable: true, column: 'approval_limit', sortable: true },
    { name: 'WorkflowQueueTypeId', type: 'Edm.Int32', nullable: false, column: 'queue_type_id', filterable: true, sortable: true },
    { name: 'ApproveToQueueId', type: 'Edm.Int32', nullable: true, column: 'approve_to_queue_id', filterable: true, sortable: true },
    { name: 'RejectToQueueId', type: 'Edm.Int32', nullable: true, column: 'reject_to_queue_id', filterable: true, sortable: true },
    { name: 'Features', type: 'Datahaven.QueueFeatures', nullable: false },
    { name: 'DefaultAccess', type: 'Datahaven.QueueAccess', nullable: false },
  ],
  source: () =>
    sql`select q.id, q.name, q.enabled, q.approval_limit, q.queue_type_id, q.approve_to_queue_id, q.reject_to_queue_id,
               q.features1, q.features2, q.default_access
        from queues q`,
  present: async (_db, rows) =>
    rows.map((row) => ({
      Id: intOf(row, 'id'),
      Name: textOf(row, 'name'),
      Enabled: flagOf(row, 'enabled'),
      ApprovalLimit: row.approval_limit === null || row.approval_limit === undefined ? null : Number(row.approval_limit),
      WorkflowQueueTypeId: intOf(row, 'queue_type_id'),
      ApproveToQueueId: intOrNullOf(row, 'approve_to_queue_id'),
      RejectToQueueId: intOrNullOf(row, 'reject_to_queue_id'),
      Features: { Features1: intOf(row, 'features1'), Features2: intOf(row, 'features2') },
      DefaultAccess: queueAccessObjectOf(intOf(row, 'default_access')),
    })),
  writes: {
    table: 'queues',
    keyColumns: { Id: 'id' },
    async create(trx, raw) {
      const changes = await queueChangesOf(trx, raw, null);
      if (changes.name === undefined) throw odataBadRequest("The property 'Name' is required.");
      if (changes.queue_type_id === undefined) throw odataBadRequest("The property 'WorkflowQueueTypeId' is required.");
      const { id } = await trx
        .insertInto('queues')
        .values({ ...changes, name: changes.name, queue_type_id: changes.queue_type_id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { Id: id };
    },
    async update(trx, key, raw) {
      const current = await trx.selectFrom('queues').select(['features1', 'features2', 'default_access']).where('id', '=', key.Id).executeTakeFirstOrThrow();
      const changes = await queueChangesOf(trx, raw, { features1: Number(current.features1), features2: Number(current.features2), default_access: Number(current.default_access) });
      if (Object.keys(changes).length === 0) return;
      await trx.updateTable('queues').set(changes).where('id', '=', key.Id).execute();
    },
    async remove(trx, key) {
      const document = await trx.selectFrom('documents').select('id').where('queue_id', '=', key.Id).where('deleted_at', 'is', null).executeTakeFirst();
      if (document !== undefined) throw new ODataError(409, 'The queue still holds documents; move them first.');
      const step = await trx.selectFrom('document_approvals').select('document_id').where('queue_id', '=', key.Id).where('approved_at', 'is', null).executeTakeFirst();
      if (step !== undefined) throw new ODataError(409, 'Approval lists still name the queue; remove it from them first.');
      await trx.deleteFrom('queues').where('id', '=', key.Id).execute();
    },
  },
};
