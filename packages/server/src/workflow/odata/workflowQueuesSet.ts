import { sql } from 'kysely';
import { createQueue, removeQueue, updateQueue } from '../queueWriter';
import type { QueueChanges } from '../queueWriter';
import { booleanProperty, entityBodyOf, int32Property, nameProperty, objectProperty } from '../../http/odata/entityBody';
import type { EntityBody } from '../../http/odata/entityBody';
import type { EntitySetDefinition } from '../../http/odata/EntitySetDefinition';
import { odataBadRequest } from '../../http/odata/ODataError';
import { queueAccessObjectOf, queueAccessPatchOf } from './queueAccessObject';
import { flagOf, intOf, intOrNullOf, textOf } from '../../http/odata/sourceValues';

const WRITABLE = [
  'Name',
  'Enabled',
  'ApprovalLimit',
  'WorkflowQueueTypeId',
  'ApproveToQueueId',
  'RejectToQueueId',
  'Features',
  'DefaultAccess',
  'ApproverNotPreparer',
  'OneLevelPerApprover',
];

function approvalLimitOf(body: EntityBody): number | null | undefined {
  if (!('ApprovalLimit' in body)) return undefined;
  const value = body.ApprovalLimit;
  if (value === null) return null;
  if (typeof value !== 'number') throw odataBadRequest("The property 'ApprovalLimit' must be a non-negative number or null.");
  return value;
}

/** The command's changes from an OData body: property names and types are checked here, the rules in workflow/queueWriter. */
function queueChangesOf(raw: EntityBody): QueueChanges {
  const body = entityBodyOf(raw, WRITABLE, ['Id']);
  const changes: QueueChanges = {};
  const name = nameProperty(body, 'Name');
  if (name !== undefined) changes.name = name;
  const enabled = booleanProperty(body, 'Enabled');
  if (enabled !== undefined) changes.enabled = enabled;
  const limit = approvalLimitOf(body);
  if (limit !== undefined) changes.approvalLimit = limit;
  const typeId = int32Property(body, 'WorkflowQueueTypeId', false);
  if (typeId !== undefined && typeId !== null) changes.queueTypeId = typeId;
  const approveTo = int32Property(body, 'ApproveToQueueId', true);
  if (approveTo !== undefined) changes.approveToQueueId = approveTo;
  const rejectTo = int32Property(body, 'RejectToQueueId', true);
  if (rejectTo !== undefined) changes.rejectToQueueId = rejectTo;
  const features = objectProperty(body, 'Features');
  if (features !== undefined && features !== null) {
    const checked = entityBodyOf(features, ['Features1', 'Features2'], []);
    const f1 = int32Property(checked, 'Features1', false);
    const f2 = int32Property(checked, 'Features2', false);
    if (f1 !== undefined && f1 !== null) changes.features1 = f1;
    if (f2 !== undefined && f2 !== null) changes.features2 = f2;
  }
  const access = objectProperty(body, 'DefaultAccess');
  if (access !== undefined && access !== null) changes.defaultAccess = queueAccessPatchOf(access, 'DefaultAccess');
  const notPreparer = booleanProperty(body, 'ApproverNotPreparer');
  if (notPreparer !== undefined) changes.approverNotPreparer = notPreparer;
  const oneLevel = booleanProperty(body, 'OneLevelPerApprover');
  if (oneLevel !== undefined) changes.oneLevelPerApprover = oneLevel;
  return changes;
}

/**
 * `WorkflowQueues` (key Id): Id, Name, Enabled, ApprovalLimit, WorkflowQueueTypeId,
 * ApproveToQueueId, RejectToQueueId, Features `{ Features1, Features2 }` (the two integer bit sets
 * of portal §6, as stored, so no bit is lost), DefaultAccess (the 28 flags as booleans), and
 * ours, the segregation-of-duties options ApproverNotPreparer and OneLevelPerApprover (issue 35,
 * docs/SECURITY.md). Writable; DefaultAccess is patched by flag name. Writes go through
 * workflow/queueWriter, whose rules (references exist; no delete while documents or pending
 * approval steps need the queue) are the domain's, not the data service's.
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
    { name: 'ApproverNotPreparer', type: 'Edm.Boolean', nullable: false, column: 'approver_not_preparer', sortable: true },
    { name: 'OneLevelPerApprover', type: 'Edm.Boolean', nullable: false, column: 'one_level_per_approver', sortable: true },
  ],
  source: () =>
    sql`select q.id, q.name, q.enabled, q.approval_limit, q.queue_type_id, q.approve_to_queue_id, q.reject_to_queue_id,
               q.features1, q.features2, q.default_access, q.approver_not_preparer, q.one_level_per_approver
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
      ApproverNotPreparer: flagOf(row, 'approver_not_preparer'),
      OneLevelPerApprover: flagOf(row, 'one_level_per_approver'),
    })),
  writes: {
    table: 'queues',
    keyColumns: { Id: 'id' },
    async create(trx, raw) {
      return { Id: await createQueue(trx, queueChangesOf(raw)) };
    },
    async update(trx, key, raw) {
      await updateQueue(trx, key.Id, queueChangesOf(raw));
    },
    async remove(trx, key) {
      await removeQueue(trx, key.Id);
    },
  },
};
