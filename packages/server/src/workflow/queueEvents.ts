import { hasQueueFeature } from '@datahaven/core/model';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { DomainError } from '../errors/DomainError';
import type { Viewer } from '../access';
import { insertNote } from '../documents';
import type { ErpDeps } from '../erp';
import { recordWorkflowAction } from './workflowActionRecorder';

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
