import { sql } from 'kysely';
import { createQueueDelegate, removeQueueDelegate, updateQueueDelegate } from '../queueDelegateWriter';
import type { DelegateChanges } from '../queueDelegateWriter';
import { entityBodyOf, instantProperty, int32Property, objectProperty, requiredInt32, stringProperty } from '../../http/odata/entityBody';
import type { EntityBody } from '../../http/odata/entityBody';
import type { EntitySetDefinition } from '../../http/odata/EntitySetDefinition';
import { intOf, intOrNullOf, textOf, textOrNullOf } from '../../http/odata/sourceValues';

const WRITABLE = ['FromQueueId', 'ToQueueId', 'Schedule', 'NoteText'];
const READ_ONLY = ['Id', 'AddedAt', 'AddedByUserId', 'LastUpdatedAt', 'LastSynchronizedAt'];

/** The command's changes from an OData body: names and types are checked here, the rules in workflow/queueDelegateWriter. */
function delegateChangesOf(body: EntityBody): DelegateChanges {
  const changes: DelegateChanges = {};
  const from = int32Property(body, 'FromQueueId', false);
  if (from !== undefined && from !== null) changes.from = from;
  const to = int32Property(body, 'ToQueueId', false);
  if (to !== undefined && to !== null) changes.to = to;
  const schedule = objectProperty(body, 'Schedule', true);
  if (schedule === null) changes.schedule = null;
  else if (schedule !== undefined) {
    const checked = entityBodyOf(schedule, ['Start', 'End'], []);
    changes.schedule = { start: instantProperty(checked, 'Start'), end: instantProperty(checked, 'End') };
  }
  if ('NoteText' in body) changes.note = body.NoteText === null ? null : stringProperty(body, 'NoteText', Number.MAX_SAFE_INTEGER);
  return changes;
}

/**
 * `WorkflowDelegates` (key Id): while Schedule holds (Start ≤ now < End, a null end open), the
 * members of ToQueueId act on FromQueueId with their ToQueueId access. AddedAt, AddedByUserId and
 * LastUpdatedAt are set by the server; LastSynchronizedAt is always null (no synchronisation exists).
 */
export const workflowDelegatesSet: EntitySetDefinition = {
  name: 'WorkflowDelegates',
  entityType: 'WorkflowDelegate',
  keys: ['Id'],
  properties: [
    { name: 'Id', type: 'Edm.Int32', nullable: false, column: 'id', filterable: true, sortable: true },
    { name: 'FromQueueId', type: 'Edm.Int32', nullable: false, column: 'from_queue_id', filterable: true, sortable: true },
    { name: 'ToQueueId', type: 'Edm.Int32', nullable: false, column: 'to_queue_id', filterable: true, sortable: true },
    { name: 'Schedule', type: 'Datahaven.DelegateSchedule', nullable: false },
    { name: 'AddedAt', type: 'Edm.DateTimeOffset', nullable: false, column: 'added_at', sortable: true },
    { name: 'AddedByUserId', type: 'Edm.Int32', nullable: true, column: 'added_by_user_id', filterable: true, sortable: true },
    { name: 'NoteText', type: 'Edm.String', nullable: false },
    { name: 'LastUpdatedAt', type: 'Edm.DateTimeOffset', nullable: false, column: 'updated_at', sortable: true },
    { name: 'LastSynchronizedAt', type: 'Edm.DateTimeOffset', nullable: true },
  ],
  source: () =>
    sql`select d.id, d.from_queue_id, d.to_queue_id, d.starts_at, d.ends_at, d.added_at, d.added_by_user_id, d.note_text, d.updated_at
        from workflow_delegates d`,
  present: async (_db, rows) =>
    rows.map((row) => ({
      Id: intOf(row, 'id'),
      FromQueueId: intOf(row, 'from_queue_id'),
      ToQueueId: intOf(row, 'to_queue_id'),
      Schedule: { Start: textOrNullOf(row, 'starts_at'), End: textOrNullOf(row, 'ends_at') },
      AddedAt: textOf(row, 'added_at'),
      AddedByUserId: intOrNullOf(row, 'added_by_user_id'),
      NoteText: textOf(row, 'note_text'),
      LastUpdatedAt: textOf(row, 'updated_at'),
      LastSynchronizedAt: null,
    })),
  writes: {
    table: 'workflow_delegates',
    keyColumns: { Id: 'id' },
    async create(trx, raw, context) {
      const body = entityBodyOf(raw, WRITABLE, READ_ONLY);
      const from = requiredInt32(body, 'FromQueueId');
      const to = requiredInt32(body, 'ToQueueId');
      return { Id: await createQueueDelegate(trx, { ...delegateChangesOf(body), from, to }, context) };
    },
    async update(trx, key, raw, context) {
      await updateQueueDelegate(trx, key.Id, delegateChangesOf(entityBodyOf(raw, WRITABLE, READ_ONLY)), context);
    },
    async remove(trx, key) {
      await removeQueueDelegate(trx, key.Id);
    },
  },
};
