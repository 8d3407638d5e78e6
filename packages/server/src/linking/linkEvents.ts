import type { LinkChange } from '@datahaven/core/contract';
import { hasQueueFeature } from '@datahaven/core/model';
import { MESSAGES } from '@datahaven/core/rules';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { QUEUE_ACCESS_FLAGS, findQueuesWithAccess } from '../access';
import type { Viewer } from '../access';
import type { ErpDeps } from '../erp';
import { linkDocument } from './documentLinker';
import type { LinkRequest } from './documentLinker';
import { insertNote } from '../documents';
import { WORKFLOW_ACTION_PRIVILEGE, autoApprove } from '../workflow';

/** What a queue's OnLink event did or asks, after a link committed. */
export interface LinkEventResult {
  /** The document's queue now (an automatic approval moves it); null outside the workflow. */
  queueId: number | null;
  rowVersion: number;
  autoApproved: boolean;
  autoApproveRefusal: string | null;
  promptToApprove: boolean;
  launchRecord: boolean;
}

/**
 * The queue's OnLink event after a user linked a document by hand (Link to Existing, Quick Link,
 * push link, New Card's completion; docs/UX-DECISIONS.md "OnLink"). Runs after the link committed,
 * so nothing here can undo it: AutoApproveOnLink approves through the one approve path in the
 * linking user's name, under every approve rule (privilege, the queue's Approve flag, notes,
 * limits); a refusal — in words, or any failure, which becomes the unhandled-error words — leaves
 * the document linked in its queue with a system note and says why in the answer.
 * PromptToApproveOnLink asks the client to offer Approve, only to a user who may approve there.
 * LaunchRecord is the queue's LaunchRecordAfterDocumentLink. Outside a queue there is no event.
 */
export async function applyLinkEvents(deps: ErpDeps, viewer: Viewer, documentId: number): Promise<LinkEventResult> {
  const readDocument = () =>
    deps.db.selectFrom('documents').select(['queue_id', 'row_version']).where('id', '=', documentId).executeTakeFirstOrThrow();
  const linked = await readDocument();
  const none = {
    queueId: linked.queue_id,
    rowVersion: linked.row_version,
    autoApproved: false,
    autoApproveRefusal: null,
    promptToApprove: false,
    launchRecord: false,
  };
  if (linked.queue_id === null) return none;
  const queueId = linked.queue_id;
  const queue = (await findQueuesWithAccess(deps.db, viewer, [queueId])).get(queueId);
  if (queue === undefined) return none;
  const launchRecord = hasQueueFeature(queue, 'LaunchRecordAfterDocumentLink');
  let autoApproveRefusal: string | null = null;
  const autoApproving = hasQueueFeature(queue, 'AutoApproveOnLink');
  if (autoApproving) {
    try {
      autoApproveRefusal = await autoApprove(deps, viewer, queueId, [{ id: documentId, rowVersion: linked.row_version }], 'on link');
    } catch (error) {
      // Not a refusal in words (autoApprove notes those): still the link stands, and the answer is no 500.
      console.error('The automatic approval on link failed.', error);
      autoApproveRefusal = MESSAGES.unhandledError;
      const now = deps.now().toISOString();
      await inWriteTransaction(deps.db, (trx) =>
        insertNote(trx, documentId, viewer.userId, 'system', `Not approved automatically on link: ${MESSAGES.unhandledError}`, now),
      ).catch((noteError: unknown) => console.error('The note of the failed automatic approval was not written.', noteError));
    }
  }
  const autoApproved = autoApproving && autoApproveRefusal === null;
  const mayApprove = viewer.privileges.has(WORKFLOW_ACTION_PRIVILEGE.approve) && (queue.access & QUEUE_ACCESS_FLAGS.Approve) !== 0;
  const after = autoApproved ? await readDocument() : linked;
  return {
    queueId: after.queue_id,
    rowVersion: after.row_version,
    autoApproved,
    autoApproveRefusal,
    promptToApprove: !autoApproving && mayApprove && hasQueueFeature(queue, 'PromptToApproveOnLink'),
    launchRecord,
  };
}

/** A link by hand and its queue's OnLink event (linkDocument, then applyLinkEvents): the answer of the link routes. */
export async function linkDocumentWithEvents(deps: ErpDeps, viewer: Viewer, documentId: number, request: LinkRequest): Promise<LinkChange> {
  const change = await linkDocument(deps, viewer, documentId, request);
  return { ...change, ...(await applyLinkEvents(deps, viewer, documentId)) };
}
