import type { DmsDocument, DocumentLink } from '@datahaven/core/model';
import type { DocumentDetailRow } from '../db/documentQueries';
import { isSplittable } from '../policies/isSplittable';

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

/**
 * A document row → `DmsDocument`. Workflow fields (queue, lock, perms, routes) are empty until
 * the workflow issue: a document of this issue is never in a queue.
 */
export function presentDocument(row: DocumentDetailRow): DmsDocument {
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
    lock: null,
    userLock: 'none',
    queueName: null,
    queue: null,
    workflowPerms: 0,
    workflowModifiers: {
      approvalRouteRequired: false,
      blockApproveUnlinked: false,
      noRoutes: true,
      blockRouteUnlinked: false,
      warnRouteUnlinked: false,
      quickLink: false,
    },
    hasApprovalRoutes: false,
    hasAvailableRoutes: false,
    canApprovalRoutes: false,
    canRouteForApprovalFromRecord: false,
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
