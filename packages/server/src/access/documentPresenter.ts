import { decodeQueueFeatures } from '@datahaven/core/model';
import { isQuickLinkQueueType } from '@datahaven/core/rules';
import type { DmsDocument, DocumentLink, DocumentLock, DocumentQueue, LockState, WorkflowModifiers } from '@datahaven/core/model';
import type { DocumentDetailRow } from './documentQueries';
import { isSplittable } from './isSplittable';
import { QUEUE_ACCESS_FLAGS, workflowPermsFromAccess } from './queueAccessFlags';

/** The document's primary link in the spec's shape, or null when unlinked. */
export function presentDocumentLink(row: DocumentDetailRow): DocumentLink | null {
  if (row.link_record_id === null || row.link_sit_id === null) return null;
  return {
    dataAreaId: row.link_data_area_id ?? '',
    sourceTableId: row.link_table_id ?? 0,
    sourceType: row.link_source_type ?? 0,
    sourceNumber: row.link_source_number ?? '',
    sourceEntityTypeName: row.link_type_name ?? undefined,
    recordId: row.link_record_id,
    sitId: row.link_sit_id,
  };
}

/** The document's queue summary, or null when it is not in workflow. */
export function presentDocumentQueue(row: DocumentDetailRow): DocumentQueue | null {
  if (row.queue_id === null || row.queue_name === null) return null;
  return {
    id: row.queue_id,
    name: row.queue_name,
    queueTypeId: row.queue_type_id ?? undefined,
    queueTypeName: row.queue_type_name ?? '',
    features1: Number(row.queue_features1 ?? 0),
    features2: Number(row.queue_features2 ?? 0),
    defaultApproveRequiresNote: Number(row.queue_default_approve_requires_note) === 1,
    defaultRejectRequiresNote: Number(row.queue_default_reject_requires_note) === 1,
  };
}

/**
 * The document's lock state as the database judged it: the query joins only a live lock
 * (`expires_at` after the database clock), so no expiry is re-judged here by this process's clock.
 */
export function lockStateOf(row: Pick<DocumentDetailRow, 'lock_user_id' | 'lock_own' | 'lock_holder' | 'lock_expires_at'>): LockState {
  if (row.lock_user_id === null || row.lock_expires_at === null) return { owner: 'none', holder: null, expiration: null };
  return { owner: Number(row.lock_own) === 1 ? 'self' : 'other', holder: row.lock_holder, expiration: row.lock_expires_at };
}

function presentLock(state: LockState): DocumentLock | null {
  if (state.owner === 'none') return null;
  return { lockExpiration: state.expiration, ownLock: state.owner === 'self', holder: state.holder };
}

function modifiersOf(queue: DocumentQueue | null, hasRoutes: boolean): WorkflowModifiers {
  const features = queue === null ? null : decodeQueueFeatures(queue.features1, queue.features2);
  return {
    approvalRouteRequired: features?.WorkflowRouteRequired ?? false,
    blockApproveUnlinked: features?.BlockApproveUnlinked ?? false,
    noRoutes: !hasRoutes,
    blockRouteUnlinked: features?.BlockRouteUnlinked ?? false,
    warnRouteUnlinked: features?.WarnRouteUnlinked ?? false,
    // A queue of the quick-link queue type (named 'Quick Link'): approved from the listing after a link.
    quickLink: queue !== null && isQuickLinkQueueType(queue.queueTypeName),
  };
}

/**
 * A document row → `DmsDocument`, workflow fields included: the queue, the caller's workflowPerms
 * on it (effective queue access), modifiers from the queue's features, routes, the approval list,
 * and the live lock ('self' / 'other' / 'none').
 */
export function presentDocument(row: DocumentDetailRow): DmsDocument {
  const queue = presentDocumentQueue(row);
  const access = queue === null ? 0 : Number(row.queue_access);
  const lockState = lockStateOf(row);
  const workflowRoute = queue !== null && decodeQueueFeatures(queue.features1, queue.features2).WorkflowRoute;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    extension: row.extension,
    FileSize: Number(row.size),
    mediaType: row.media_type,
    totalPages: row.total_pages,
    splittable: isSplittable(row),
    link: presentDocumentLink(row),
    lock: presentLock(lockState),
    userLock: lockState.owner,
    queueName: queue?.name ?? null,
    queue,
    workflowPerms: workflowPermsFromAccess(access),
    workflowModifiers: modifiersOf(queue, queue !== null && Number(row.queue_has_routes) === 1),
    hasApprovalRoutes: Number(row.approval_steps) > 0,
    hasAvailableRoutes: queue !== null && Number(row.queue_has_browsable_routes) === 1,
    canApprovalRoutes: workflowRoute && (access & QUEUE_ACCESS_FLAGS.Approve) !== 0,
    // Routing for approval from a record page needs the quick-link queue type, which does not exist yet.
    canRouteForApprovalFromRecord: false,
    submitted: queue !== null && Number(row.submitted_in_queue) === 1,
    changeAnnotations: queue === null || (access & QUEUE_ACCESS_FLAGS.ChangeAnnotations) !== 0,
    userString: row.user_string1,
    userDate: row.user_date1,
    subtype: row.subtype_id !== null ? { id: row.subtype_id, text: row.subtype_text ?? '' } : null,
    type: row.sit_label,
    rowVersion: row.row_version,
    createdAt: row.created_at,
    createdBy: row.created_by_username,
    modifiedAt: row.updated_at,
  };
}
