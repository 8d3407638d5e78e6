import type { LinkChange } from '@datahaven/core/contract';
import { MESSAGES } from '@datahaven/core/rules';
import { inWriteTransaction } from '../db/inWriteTransaction';
import { markLinkedDuplicates } from '../duplicates';
import { conflict, forbidden, invalid, notFound } from '../errors/DomainError';
import { assertDataAreaAllowed, assertNotLockedByOtherUser, findVisibleDocument, queueActionAllowed } from '../access';
import type { Viewer } from '../access';
import { reindexDocument } from '../search';
import type { AppDeps } from '../services/AppDeps';
import { UNLINK_PRIVILEGE, assertWindowInSync } from './documentLinker';
import { insertNote } from '../documents';
import { appendWorkflowHistory } from '../workflow';

/** The privilege breaking a link needs (embedded §6), defined with the linker, which needs it to replace a link. */
export { UNLINK_PRIVILEGE } from './documentLinker';

/** Ours (the spec words none): Break Link on a document without a link. */
export const NOT_LINKED = 'The document is not linked to a record.';

/**
 * Breaks a document's primary link (DELETE /api/documents/{id}/link). Checks, in order: 'Dynamics:
 * Break Link' (403); the document visible (404); its queue's UnlinkDocument flag when in a queue
 * (403); the window's rowConflictId / expectedQueueId (409 'Document Queue Out Of Sync With
 * Window'); a link (400); RestrictToDataAreaId on the link's company (403). In one write
 * transaction, re-checking the lock (409) and the window: the primary link goes (other, secondary
 * links stay), row version + 1, a system note and a history row. The ERP is not asked: breaking a
 * link changes only our side, so it works while the ERP is down.
 */
export async function unlinkDocument(
  deps: AppDeps,
  viewer: Viewer,
  documentId: number,
  window: { rowConflictId?: number; expectedQueueId?: number },
): Promise<LinkChange> {
  if (!viewer.privileges.has(UNLINK_PRIVILEGE)) throw forbidden(`Breaking a link needs the '${UNLINK_PRIVILEGE}' privilege.`);
  const current = await findVisibleDocument(deps.db, viewer, documentId);
  if (current === undefined) throw notFound(MESSAGES.documentNotFound);
  if (current.queue_id !== null && !queueActionAllowed('unlink', Number(current.queue_access))) {
    throw forbidden(`Your access to the queue ${current.queue_name ?? ''} does not allow breaking links.`);
  }
  assertWindowInSync(current, window);
  if (current.link_record_id === null) throw invalid(NOT_LINKED);
  await assertDataAreaAllowed(deps.db, viewer, current, 'unlink', current.link_data_area_id ?? '');
  const now = deps.now().toISOString();
  const change = await inWriteTransaction(deps.db, async (trx) => {
    await assertNotLockedByOtherUser(trx, deps, viewer.userId, [current.id]);
    const stored = await trx
      .selectFrom('documents')
      .select(['row_version', 'queue_id'])
      .where('id', '=', current.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (stored === undefined) throw notFound(MESSAGES.documentNotFound);
    assertWindowInSync(stored, window);
    const deleted = await trx
      .deleteFrom('record_links')
      .where('document_id', '=', current.id)
      .where('is_primary', '=', 1)
      .executeTakeFirst();
    // Someone broke it between the read and this transaction.
    if (Number(deleted.numDeletedRows) === 0) throw conflict(NOT_LINKED);
    const rowVersion = stored.row_version + 1;
    await trx.updateTable('documents').set({ row_version: rowVersion, updated_at: now }).where('id', '=', current.id).execute();
    const label = current.sit_label ?? 'record';
    await insertNote(
      trx,
      current.id,
      viewer.userId,
      'system',
      `Link to ${label} ${current.link_source_number ?? current.link_record_id ?? ''} (${current.link_data_area_id ?? ''}) broken by ${viewer.username}.`,
      now,
    );
    await appendWorkflowHistory(trx, [
      {
        document_id: current.id,
        action: 'unlink',
        from_queue_id: stored.queue_id,
        to_queue_id: stored.queue_id,
        user_id: viewer.userId,
        note: null,
        at: now,
      },
    ]);
    await reindexDocument(trx, current.id);
    return { link: null, rowVersion };
  });
  // Without a record it matches no other invoice by vendor and number any more (its file still may).
  await markLinkedDuplicates(deps.db, [current.id], now);
  return change;
}
