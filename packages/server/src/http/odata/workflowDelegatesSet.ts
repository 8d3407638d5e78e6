import { MESSAGES } from '@datahaven/core/rules';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { entityBodyOf, instantProperty, int32Property, objectProperty, requiredInt32, stringProperty } from './entityBody';
import type { EntityBody } from './entityBody';
import type { EntitySetDefinition } from './EntitySetDefinition';
import { odataBadRequest } from './ODataError';
import { intOf, intOrNullOf, textOf, textOrNullOf } from './sourceValues';
import { requireQueue } from './workflowReferences';

const WRITABLE = ['FromQueueId', 'ToQueueId', 'Schedule', 'NoteText'];
const READ_ONLY = ['Id', 'AddedAt', 'AddedByUserId', 'LastUpdatedAt', 'LastSynchronizedAt'];
const NOTE_MAX_LENGTH = 4000;

/** A delegate's state as stored, before or after a change. */
interface DelegateState {
  from: number;
  to: number;
  start: string | null;
  end: string | null;
  note: string;
}

/** Applies a body to `current` (PATCH) or to an empty delegate (POST) and validates the result. */
async function delegateStateOf(trx: Transaction<Database>, raw: EntityBody, current: DelegateState | null): Promise<DelegateState> {
  const body = entityBodyOf(raw, WRITABLE, READ_ONLY);
  const from = current === null ? requiredInt32(body, 'FromQueueId') : (int32Property(body, 'FromQueueId', false) ?? current.from);
  const to = current === null ? requiredInt32(body, 'ToQueueId') : (int32Property(body, 'ToQueueId', false) ?? current.to);
  let start = current?.start ?? null;
  let end = current?.end ?? null;
  const schedule = objectProperty(body, 'Schedule', true);
  if (schedule === null) {
    start = null;
    end = null;
  } else if (schedule !== undefined) {
    const checked = entityBodyOf(schedule, ['Start', 'End'], []);
    const newStart = instantProperty(checked, 'Start');
    const newEnd = instantProperty(checked, 'End');
    if (newStart !== undefined) start = newStart;
    if (newEnd !== undefined) end = newEnd;
  }
  const noteInput = 'NoteText' in body && body.NoteText === null ? '' : stringProperty(body, 'NoteText', Number.MAX_SAFE_INTEGER);
  if (noteInput !== undefined && noteInput.length > NOTE_MAX_LENGTH) throw odataBadRequest(MESSAGES.noteTooLong);
  const note = noteInput ?? current?.note ?? '';
  if (from === to) throw odataBadRequest('A delegate cannot delegate a queue to itself (FromQueueId = ToQueueId).');
  // Instants are stored as UTC ISO text, which orders as time.
  if (start !== null && end !== null && end <= start) throw odataBadRequest('The delegate schedule ends before it starts (Schedule/End must be after Schedule/Start).');
  await requireQueue(trx, from, 'FromQueueId');
  await requireQueue(trx, to, 'ToQueueId');
  return { from, to, start, end, note };
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
      const state = await delegateStateOf(trx, raw, null);
      const { id } = await trx
        .insertInto('workflow_delegates')
        .values({
          from_queue_id: state.from,
          to_queue_id: state.to,
          starts_at: state.start,
          ends_at: state.end,
          note_text: state.note,
          added_at: context.now,
          added_by_user_id: context.userId,
          updated_at: context.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { Id: id };
    },
    async update(trx, key, raw, context) {
      const row = await trx
        .selectFrom('workflow_delegates')
        .select(['from_queue_id', 'to_queue_id', 'starts_at', 'ends_at', 'note_text'])
        .where('id', '=', key.Id)
        .executeTakeFirstOrThrow();
      const state = await delegateStateOf(trx, raw, { from: row.from_queue_id, to: row.to_queue_id, start: row.starts_at, end: row.ends_at, note: row.note_text });
      await trx
        .updateTable('workflow_delegates')
        .set({ from_queue_id: state.from, to_queue_id: state.to, starts_at: state.start, ends_at: state.end, note_text: state.note, updated_at: context.now })
        .where('id', '=', key.Id)
        .execute();
    },
    async remove(trx, key) {
      await trx.deleteFrom('workflow_delegates').where('id', '=', key.Id).execute();
    },
  },
};
