import { LIMITS, hasQueueFeature } from '@datahaven/core/model';
import { parseOptions, queueRefusesImport, uploadedByNote, userDateToStored } from '@datahaven/core/rules';
import type { Kysely } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { readOptions } from '../db/optionStore';
import type { Database, IntakeActionColumn } from '../db/schema';
import { DomainError, forbidden, invalid, notFound } from '../errors/DomainError';
import type { Viewer } from '../access/documentVisibility';
import type { EnteredQueue } from '../access/importQueueOfTable';
import { findQueuesWithAccess } from '../access/queueAccess';
import type { QueueWithAccess } from '../access/queueAccess';
import { QUEUE_ACCESS_FLAGS } from '../access/queueAccessFlags';
import type { ErpDeps } from '../erp/ErpDeps';
import { documentsCommitted, insertDocument } from '../documents/documentCreator';
import type { StagedFile } from './documentUploader';
import { recordQueueArrival } from '../notifications/recordQueueArrival';
import { insertNote } from '../documents/noteWriter';
import { recordWorkflowAction } from '../workflow/workflowActionRecorder';

/** How a document entered a queue: an upload on a record (import settings) or files dropped on the queue. */
export type QueueEntryAction = Extract<IntakeActionColumn, 'upload' | 'import'>;

/** The privilege every import needs, as an upload on a record does. */
const IMPORT_PRIVILEGE = 'Cabinet: Import Documents';

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
  user: Pick<Viewer, 'userId' | 'username'>,
  now: string,
): Promise<void> {
  await insertNote(trx, documentId, user.userId, 'system', queueEntryNote(action, user.username, queue.name), now);
  await trx
    .insertInto('workflow_history')
    .values({ document_id: documentId, action, from_queue_id: null, to_queue_id: queue.id, user_id: user.userId, note: null, at: now })
    .execute();
  await recordQueueArrival(trx, queue.id, [documentId], user.userId, now);
}

/**
 * Whether the viewer may drop files on the queue (POST /api/queues/{id}/documents): the
 * 'Cabinet: Import Documents' and 'Workflow Queues: OK' privileges (403 in words), a queue they
 * may work in (AccessDocumentWithin; else 404, as a queue they cannot see), enabled (400), and
 * importing allowed: a NoImporting queue refuses with 'Error: Cannot complete import!' and why (403).
 */
export async function checkQueueImport(db: Kysely<Database>, viewer: Viewer, queueId: number): Promise<QueueWithAccess> {
  if (!viewer.privileges.has(IMPORT_PRIVILEGE)) throw forbidden(`Importing documents needs the '${IMPORT_PRIVILEGE}' privilege.`);
  if (!viewer.privileges.has('Workflow Queues: OK')) throw forbidden("Importing into a queue needs the 'Workflow Queues: OK' privilege.");
  const queue = (await findQueuesWithAccess(db, viewer, [queueId])).get(queueId);
  if (queue === undefined || (queue.access & QUEUE_ACCESS_FLAGS.AccessDocumentWithin) === 0) throw notFound('The queue was not found.');
  if (!queue.enabled) throw invalid(`The queue ${queue.name} is disabled.`);
  if (hasQueueFeature(queue, 'NoImporting')) throw forbidden(queueRefusesImport(queue.name));
  return queue;
}

/**
 * Commits files dropped on a queue (already staged and checked) as documents in it, unlinked and
 * without a subtype, each with its 'Uploaded by' note and the queue-entry note and history row,
 * in one transaction; their slow work starts after the commit. Resolves to the new ids in order.
 */
export async function commitQueueImport(
  deps: Pick<ErpDeps, 'db' | 'now'> & Partial<Pick<ErpDeps, 'jobSignal'>>,
  viewer: Pick<Viewer, 'userId' | 'username'>,
  queue: Pick<EnteredQueue, 'id' | 'name'>,
  files: readonly StagedFile[],
): Promise<number[]> {
  const now = deps.now().toISOString();
  const userDate = parseOptions(await readOptions(deps.db)).defaultUserDateToToday ? userDateToStored(now.slice(0, 10)) : null;
  const ids = await inWriteTransaction(deps.db, async (trx) => {
    const ids: number[] = [];
    for (const file of files) {
      const id = await insertDocument(
        trx,
        {
          fileKey: file.key,
          size: file.size,
          mediaType: file.mediaType,
          extension: file.extension,
          pages: file.pages,
          name: file.name,
          placement: { links: [], subtypeId: null, queueId: queue.id },
          userDate,
        },
        viewer.userId,
        now,
      );
      await insertNote(trx, id, viewer.userId, 'system', uploadedByNote(viewer.username), now);
      await recordQueueEntry(trx, id, queue, 'import', viewer, now);
      ids.push(id);
    }
    return ids;
  });
  documentsCommitted(deps);
  return ids;
}

/**
 * The queue events of documents that just arrived (UX-DECISIONS "Intake"): a document that enters
 * a SmartQueue already linked (an upload on a record) counts as auto-linked, and the queue's
 * AutoApproveOnAutoLink approves it at once — in the arriving user's name and under every approve
 * rule (privilege, queue access, note, limits), so no document is approved by nobody; a refusal
 * leaves it in the queue with a system note saying why. PromptToApproveOnAutoLink is the
 * client's: it asks on the created documents' queue features.
 */
export async function applyArrivalEvents(deps: ErpDeps, viewer: Viewer, documentIds: readonly number[]): Promise<void> {
  if (documentIds.length === 0) return;
  const rows = await deps.db
    .selectFrom('documents as d')
    .innerJoin('queues as q', 'q.id', 'd.queue_id')
    .innerJoin('record_links as l', (join) => join.onRef('l.document_id', '=', 'd.id').on('l.is_primary', '=', 1))
    .select(['d.id', 'd.row_version', 'q.id as queue_id', 'q.features1', 'q.features2'])
    .where('d.id', 'in', [...documentIds])
    .execute();
  const byQueue = new Map<number, { id: number; rowVersion: number }[]>();
  for (const row of rows) {
    if (!hasQueueFeature(row, 'SmartQueue') || !hasQueueFeature(row, 'AutoApproveOnAutoLink')) continue;
    byQueue.set(row.queue_id, [...(byQueue.get(row.queue_id) ?? []), { id: row.id, rowVersion: row.row_version }]);
  }
  for (const [queueId, documents] of byQueue) {
    await autoApprove(deps, viewer, queueId, documents, 'on auto-link');
  }
}

/**
 * Approves documents for a queue event (auto-link, submit) as `viewer`, through the one approve
 * path; a refusal in words becomes a system note on each document ("Not approved automatically
 * on …: …") and resolves to that message, else null.
 */
export async function autoApprove(
  deps: ErpDeps,
  viewer: Viewer,
  queueId: number,
  documents: readonly { id: number; rowVersion: number }[],
  occasion: string,
): Promise<string | null> {
  try {
    await recordWorkflowAction(deps, viewer, {
      action: 'approve',
      docIds: documents.map((doc) => doc.id),
      rowConflictIds: documents.map((doc) => doc.rowVersion),
      expectedQueueId: queueId,
      note: null,
      to: null,
    });
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const now = deps.now().toISOString();
    await inWriteTransaction(deps.db, async (trx) => {
      for (const doc of documents)
        await insertNote(trx, doc.id, viewer.userId, 'system', `Not approved automatically ${occasion}: ${error.message}`, now);
    });
    return error.message;
  }
}
