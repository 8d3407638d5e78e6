import { LIMITS } from '@datahaven/core/model';
import type { Kysely } from 'kysely';
import type { Database, IntakeActionColumn } from '../db/schema';
import type { EnteredQueue, Viewer } from '../access';
import { insertNote } from '../documents';
import { recordQueueArrival } from '../notifications';
import { appendWorkflowHistory } from './appendWorkflowHistory';
import { recordErpStatusDecisions } from './erpStatusOutbox';

/** How a document entered a queue: an upload on a record (import settings) or files dropped on the queue. */
export type QueueEntryAction = Extract<IntakeActionColumn, 'upload' | 'import'>;

/** The system note of a document's entry into a queue (its history row says the same in columns). */
export function queueEntryNote(action: QueueEntryAction, username: string, queueName: string): string {
  const text = action === 'upload' ? `Entered '${queueName}' on upload by ${username}.` : `Imported into '${queueName}' by ${username}.`;
  const chars = Array.from(text);
  return chars.length <= LIMITS.noteMaxLength ? text : `${chars.slice(0, LIMITS.noteMaxLength - 1).join('')}…`;
}

/**
 * Records a document's entry into a queue inside the caller's transaction: a system note and a
 * `workflow_history` row (from no queue to `queue`), as route and approve record theirs, and the
 * arrival the queue's approvers are notified of in Teams (notifications/recordQueueArrival).
 */
export async function recordQueueEntry(
  trx: Kysely<Database>,
  documentId: number,
  queue: Pick<EnteredQueue, 'id' | 'name'>,
  action: QueueEntryAction,
  user: Pick<Viewer, 'userId' | 'username' | 'language'>,
  now: string,
): Promise<void> {
  await insertNote(trx, documentId, user.userId, 'system', queueEntryNote(action, user.username, queue.name), now);
  await appendWorkflowHistory(trx, [
    { document_id: documentId, action, from_queue_id: null, to_queue_id: queue.id, user_id: user.userId, note: null, at: now },
  ]);
  await recordQueueArrival(trx, queue.id, [documentId], user.userId, now, user.language ?? null);
  // A linked purchase invoice entering workflow is pending approval in the ERP (workflow/erpStatusOutbox).
  await recordErpStatusDecisions(trx, [{ documentId, status: 'Pending Approval' }], user.userId, now);
}
