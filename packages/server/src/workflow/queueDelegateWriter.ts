import { validateWorkflowNote } from '@datahaven/core/rules';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { invalid } from '../errors/DomainError';
import { requireQueue } from './workflowReferences';

/**
 * A delegate's writable values; absent ones keep their value (an update) or their default (a
 * create: no schedule, no note). Instants are UTC ISO text; null ends are open.
 */
export interface DelegateChanges {
  from?: number;
  to?: number;
  /** Null clears both ends; an absent end keeps its value. */
  schedule?: { start?: string | null; end?: string | null } | null;
  /** Null or empty: no note. */
  note?: string | null;
}

/** What the caller and the time are, for AddedAt, AddedByUserId and LastUpdatedAt. */
export interface DelegateWriteContext {
  userId: number;
  /** The server clock as ISO text. */
  now: string;
}

interface DelegateState {
  from: number;
  to: number;
  start: string | null;
  end: string | null;
  note: string;
}

/** Applies `changes` to `current` and checks the result by the rules every note and delegate obeys. */
async function checkedState(trx: Transaction<Database>, changes: DelegateChanges, current: DelegateState): Promise<DelegateState> {
  const from = changes.from ?? current.from;
  const to = changes.to ?? current.to;
  let { start, end } = current;
  if (changes.schedule === null) {
    start = null;
    end = null;
  } else if (changes.schedule !== undefined) {
    if (changes.schedule.start !== undefined) start = changes.schedule.start;
    if (changes.schedule.end !== undefined) end = changes.schedule.end;
  }
  const note = changes.note === undefined ? current.note : (changes.note ?? '');
  // The note rule of the workflow actions (an optional note, at most 4000 characters counted as the
  // database counts them), so a delegate's note and a routed document's note agree.
  const noteCheck = validateWorkflowNote({ required: false }, note);
  if (!noteCheck.valid) throw invalid(noteCheck.message);
  if (from === to) throw invalid('A delegate cannot delegate a queue to itself (FromQueueId = ToQueueId).');
  // Instants are stored as UTC ISO text, which orders as time.
  if (start !== null && end !== null && end <= start)
    throw invalid('The delegate schedule ends before it starts (Schedule/End must be after Schedule/Start).');
  await requireQueue(trx, from, 'FromQueueId');
  await requireQueue(trx, to, 'ToQueueId');
  return { from, to, start, end, note };
}

/** Creates a delegate of queue `from` to queue `to`; resolves to its id. */
export async function createQueueDelegate(
  trx: Transaction<Database>,
  changes: DelegateChanges & { from: number; to: number },
  context: DelegateWriteContext,
): Promise<number> {
  const state = await checkedState(trx, changes, { from: changes.from, to: changes.to, start: null, end: null, note: '' });
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
  return id;
}

/** Changes delegate `id`. */
export async function updateQueueDelegate(
  trx: Transaction<Database>,
  id: number,
  changes: DelegateChanges,
  context: DelegateWriteContext,
): Promise<void> {
  const row = await trx
    .selectFrom('workflow_delegates')
    .select(['from_queue_id', 'to_queue_id', 'starts_at', 'ends_at', 'note_text'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const state = await checkedState(trx, changes, {
    from: row.from_queue_id,
    to: row.to_queue_id,
    start: row.starts_at,
    end: row.ends_at,
    note: row.note_text,
  });
  await trx
    .updateTable('workflow_delegates')
    .set({
      from_queue_id: state.from,
      to_queue_id: state.to,
      starts_at: state.start,
      ends_at: state.end,
      note_text: state.note,
      updated_at: context.now,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes delegate `id`. */
export async function removeQueueDelegate(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('workflow_delegates').where('id', '=', id).execute();
}
