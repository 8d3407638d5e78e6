import type { SubmitRequestBody } from '@datahaven/core/contract';
import { LIMITS, hasQueueFeature } from '@datahaven/core/model';
import { MESSAGES, validateNote } from '@datahaven/core/rules';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { forbidden, invalid, notFound, outOfSync } from '../errors/DomainError';
import {
  QUEUE_ACCESS_FLAGS,
  accessRefusalsFor,
  assertNotLockedByOtherUser,
  assertQueueActionAllowed,
  canSeeDocument,
  findQueuesWithAccess,
} from '../access';
import type { Viewer } from '../access';
import { reindexDocument } from '../search';
import type { ErpDeps } from '../erp';
import { insertNote } from '../documents';
import { autoApprove } from './queueEvents';
import { appendWorkflowHistory } from './appendWorkflowHistory';
import type { MovedDocument } from './workflowActionRecorder';

/** The validated submit of PUT /api/documents/submit. */
export interface SubmitRequest {
  docIds: number[];
  /** Row versions the window saw, in the order of `docIds`. */
  rowConflictIds: number[];
  expectedQueueId: number;
  note: string;
}

/** The 200 answer of a submit: the documents where they are now, and what the OnSubmit events did or ask. */
export interface SubmitResult {
  documents: MovedDocument[];
  autoApproved: boolean;
  autoApproveRefusal: string | null;
  promptToApprove: boolean;
  launchRecord: boolean;
}

/** The submit a checked body asks for: one row version per document, and the note a submit requires ('A note is required to submit.'). */
export function submitRequestOf(body: SubmitRequestBody): SubmitRequest {
  if (body.rowConflictIds.length !== body.docId.length)
    throw invalid('rowConflictIds must hold one row version per document id, in the same order.');
  const note = body.note ?? null;
  const check = validateNote(note === null || note.trim() === '' ? null : note);
  if (!check.valid) throw invalid(check.message);
  return { docIds: body.docId, rowConflictIds: body.rowConflictIds, expectedQueueId: body.expectedQueueId, note: note ?? '' };
}

/** The system note of a submit. */
function submittedNote(username: string, queueName: string): string {
  const text = `Submitted by ${username} in '${queueName}'.`;
  const chars = Array.from(text);
  return chars.length <= LIMITS.noteMaxLength ? text : `${chars.slice(0, LIMITS.noteMaxLength - 1).join('')}…`;
}

/**
 * Submits documents in their queue (embedded §5 "A note is required to submit."; UX-DECISIONS
 * "Intake"): the 'Workflow Queues: OK' privilege (403); every document visible (404); the
 * AccessDocumentWithin flag on the enabled `expectedQueueId` (403 / 400) and the queue policy's
 * `submit` there (the Route flag: 403 in words, access/queueActionPolicy); no other user's live
 * lock (409); each document still in the queue at the window's row version (else 409 'Document
 * Queue Out Of Sync With Window', nothing changes). In one transaction each gets a new row
 * version, the system note 'Submitted by …', the caller's note and a `submit` history row. Then
 * the queue's OnSubmit events: AutoApproveOnSubmit approves them through the one approve path
 * in the caller's name (a refusal leaves them submitted, with a system note and the reason in
 * the answer); PromptToApproveOnSubmit asks the client to offer Approve; LaunchRecord (the
 * queue's LaunchRecordAfterDocumentLink, as no OnSubmit bit exists) asks it to open the record
 * of a single linked document.
 */
export async function submitDocuments(deps: ErpDeps, viewer: Viewer, request: SubmitRequest): Promise<SubmitResult> {
  if (!viewer.privileges.has('Workflow Queues: OK')) throw forbidden("Submitting documents needs the 'Workflow Queues: OK' privilege.");
  const now = deps.now().toISOString();
  const fromId = request.expectedQueueId;
  const { queue, submitted } = await inWriteTransaction(deps.db, async (trx) => {
    const visible = await trx
      .selectFrom('documents as d')
      .select('d.id')
      .where('d.id', 'in', request.docIds)
      .where((eb) => canSeeDocument(eb, viewer))
      .execute();
    if (visible.length !== request.docIds.length) throw notFound(MESSAGES.documentNotFound);
    const queue = (await findQueuesWithAccess(trx, viewer, [fromId])).get(fromId);
    if (queue === undefined || (queue.access & QUEUE_ACCESS_FLAGS.AccessDocumentWithin) === 0)
      throw forbidden((language) => accessRefusalsFor(language).queueFlagMissing('AccessDocumentWithin'));
    const queueName = queue.name;
    if (!queue.enabled) throw invalid((language) => accessRefusalsFor(language).queueDisabled(queueName));
    // Submitting hands the document on: the queue policy's `submit` (Route), never a follower's read flags.
    assertQueueActionAllowed('submit', queue);
    await assertNotLockedByOtherUser(trx, deps, viewer.userId, request.docIds);
    const submitted: MovedDocument[] = [];
    for (const [index, id] of request.docIds.entries()) {
      const rowVersion = request.rowConflictIds[index];
      const updated = await trx
        .updateTable('documents')
        .set({ row_version: rowVersion + 1, updated_at: now })
        .where('id', '=', id)
        .where('queue_id', '=', fromId)
        .where('row_version', '=', rowVersion)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw outOfSync(MESSAGES.queueOutOfSync);
      await insertNote(trx, id, viewer.userId, 'system', submittedNote(viewer.username, queue.name), now);
      await insertNote(trx, id, viewer.userId, 'user', request.note, now);
      await appendWorkflowHistory(trx, [
        {
          document_id: id,
          action: 'submit',
          from_queue_id: fromId,
          to_queue_id: fromId,
          user_id: viewer.userId,
          note: request.note,
          at: now,
        },
      ]);
      await reindexDocument(trx, id);
      submitted.push({ id, queueId: fromId, rowVersion: rowVersion + 1 });
    }
    return { queue, submitted };
  });

  let autoApproveRefusal: string | null = null;
  const autoApproving = hasQueueFeature(queue, 'AutoApproveOnSubmit');
  if (autoApproving) autoApproveRefusal = await autoApprove(deps, viewer, fromId, submitted, 'on submit');
  const autoApproved = autoApproving && autoApproveRefusal === null;
  const rows = await deps.db.selectFrom('documents').select(['id', 'queue_id', 'row_version']).where('id', 'in', request.docIds).execute();
  const now2 = new Map(rows.map((row) => [row.id, row]));
  const documents = submitted.map((doc) => {
    const row = now2.get(doc.id);
    return { id: doc.id, queueId: row?.queue_id ?? doc.queueId, rowVersion: row?.row_version ?? doc.rowVersion };
  });
  let launchRecord = false;
  if (hasQueueFeature(queue, 'LaunchRecordAfterDocumentLink') && request.docIds.length === 1) {
    const link = await deps.db
      .selectFrom('record_links')
      .select('id')
      .where('document_id', '=', request.docIds[0])
      .where('is_primary', '=', 1)
      .executeTakeFirst();
    launchRecord = link !== undefined;
  }
  return {
    documents,
    autoApproved,
    autoApproveRefusal,
    promptToApprove: !autoApproved && hasQueueFeature(queue, 'PromptToApproveOnSubmit'),
    launchRecord,
  };
}
