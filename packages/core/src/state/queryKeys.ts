import type { ErpContext, SearchTag } from '../model';

/**
 * The TanStack Query keys of the web services' resources, one family per resource, so a change
 * invalidates exactly what it touched: `queryKeys.workflow` after approve, reject and route;
 * a document's keys after edits and notes; `queryKeys.folders` after uploads. They sit in state/
 * (the mount's server-state cache) rather than ui/, so the flows of services/ (workflowActions)
 * invalidate with the very keys the screens read with, without importing ui/.
 */
export const queryKeys = {
  /** The options (GET /options). */
  options: ['options'] as const,
  /** Everything of the workflow: root, queue types, queues and their documents. */
  workflow: ['workflow'] as const,
  /** The workflow root (GET /workflow/root) for a filter. */
  workflowRoot: (filter: { q?: string; hideEmpty?: boolean }) => ['workflow', 'root', filter] as const,
  /** A queue type with its queues (GET /queue-types/{id}/workflow). */
  queueTypeWorkflow: (queueTypeId: string, hideEmpty: boolean) => ['workflow', 'queueType', queueTypeId, 'workflow', hideEmpty] as const,
  /** A queue type's queues as a plain list (GET /queue-types/{id}/queues). */
  queueTypeQueues: (queueTypeId: string) => ['workflow', 'queueType', queueTypeId, 'queues'] as const,
  /** The queues of the portal's queue list, for a queue type filter ('' for all). */
  queues: (queueType: string) => ['workflow', 'queues', queueType] as const,
  /** A queue's documents in one sort order and filter, in pages. */
  queueDocuments: (queueId: number, order: { sort: string | null; desc: boolean; q: string }) =>
    ['workflow', 'queue', queueId, 'documents', order] as const,
  /** The queues some documents may be routed to (GET /documents/routes), under `workflow` so a route refreshes them. */
  routeTargets: (docIds: readonly number[], queueTypeId: number | undefined) =>
    ['workflow', 'routeTargets', [...docIds], queueTypeId ?? null] as const,
  /** Where Send for approval would take a queue's documents (GET /queues/{id}/send-for-approval), under `workflow`: a move or a setup change refreshes it. */
  sendForApprovalTarget: (queueId: number) => ['workflow', 'sendForApprovalTarget', queueId] as const,
  /** Everything of one document. */
  document: (docId: number) => ['documents', docId] as const,
  /**
   * What the viewer opens (GET /documents/{id}/view). Not under `document(docId)`: the call
   * records 'VIEWED', so the document's invalidations (notes, locks, edits) must not repeat it;
   * each opening of the viewer still asks again (stale at once), as the spec wants.
   */
  documentView: (docId: number) => ['documentView', docId] as const,
  /** A document's annotations on every page. */
  annotations: (docId: number) => ['annotations', docId] as const,
  /** One page's annotations (GET /annotations?docId=&page=); the editor writes each saved change into it. */
  pageAnnotations: (docId: number, page: number) => ['annotations', docId, page] as const,
  /** Several documents by id (GET /documents?docId[]=…), in the order asked. */
  documentList: (docIds: readonly number[]) => ['documents', 'list', [...docIds]] as const,
  /** Where the write-back of a document's decision to the ERP stands (GET /documents/{id}/erp-status); a decision invalidates the document. */
  documentErpStatus: (docId: number) => ['documents', docId, 'erpStatus'] as const,
  /** The reject that put a document in its queue (GET /documents/{id}/rejection); a decision or a live change invalidates the document. */
  documentRejection: (docId: number) => ['documents', docId, 'rejection'] as const,
  /** A document's access flags (GET /documents/{id}/access). */
  documentAccess: (docId: number) => ['documents', docId, 'access'] as const,
  /** A document's notes (GET /documents/{id}/notes); adding a note invalidates the whole document. */
  documentNotes: (docId: number) => ['documents', docId, 'notes'] as const,
  /** A document's approval list with the document and the queues a step may name (the approval routes screen). */
  documentApprovalRoute: (docId: number) => ['documents', docId, 'approvalRoute'] as const,
  /** A document's live locks (GET /documents/{id}/locks); lock, renew and unlock invalidate the whole document. */
  documentLocks: (docId: number) => ['documents', docId, 'locks'] as const,
  /** The documents a document may duplicate (GET /documents/{id}/duplicates); a link or a move invalidates the whole document. */
  documentDuplicates: (docId: number) => ['documents', docId, 'duplicates'] as const,
  /** A document's custom data. */
  documentCustomData: (docId: number) => ['documents', docId, 'custom'] as const,
  /** The subtypes of a linked record's table (GET /documents/type/{sitId}/subtypes), `modify` for the ones the caller may choose. */
  documentTypeSubtypes: (sitId: number, modify: boolean) => ['subtypes', 'documentType', sitId, modify] as const,
  /** The server's export defaults (GET /export/defaults): whether downloads embed annotations unless the user chooses. */
  exportDefaults: ['export', 'defaults'] as const,
  /** The search box's suggestions (GET /search-tags) for typed words and the chips already chosen. */
  searchTags: (q: string, tags: readonly SearchTag[]) => ['searchTags', q, [...tags]] as const,
  /** A search's result pages (GET /documents/search) for its chips, words and sort, as one string. */
  search: (searchKey: string) => ['search', searchKey] as const,
  /** Whether the caller holds one privilege (GET /can). */
  privilege: (action: string) => ['privileges', 'one', action] as const,
  /** The caller's answers for some privileges (GET /can/actions), in the order asked. */
  privileges: (actions: readonly string[]) => ['privileges', [...actions]] as const,
  /** Everything read from the ERP's entity types (records change in the ERP, so a link asks again). */
  entityTypes: ['entityTypes'] as const,
  /** The integrated tables a document can be linked to (GET /sits?allowRecordLinking=true). */
  linkableTables: ['entityTypes', 'linkableTables'] as const,
  /** An entity type's column set (GET /entity-types/{name}/properties). */
  entityTypeProperties: (typeName: string) => ['entityTypes', typeName, 'properties'] as const,
  /**
   * One page of an entity type's records for some filters (GET /entity-types/{name}/entities). The
   * document it is read for is part of the key: the server holds the list to that document's
   * company (RestrictToDataAreaId), so two documents never share a cached page.
   */
  entities: (
    typeName: string,
    page: { skip: number; filters: Readonly<Record<string, string>>; dataAreaId: string | null; docId: number | null },
  ) => ['entityTypes', typeName, 'entities', page] as const,
  /** An entity type's records found by one text in any of `fields` (q_{field} asked side by side), in pages; the read pane's record search. */
  recordSearch: (typeName: string, fields: readonly string[], text: string) =>
    ['entityTypes', typeName, 'recordSearch', [...fields], text] as const,
  /** Where an upload on an integrated table's records goes (GET /sits/{id}/importSettings): its folders and import queue. */
  importSettings: (sitId: number) => ['sits', sitId, 'importSettings'] as const,
  /** The first page of a plain word search (GET /documents/search?q=&take=), as the read pane's reply lists it. */
  searchPage: (q: string, take: number) => ['search', 'page', q, take] as const,
  /** The folder structures of records. */
  folders: ['folders'] as const,
  /** One record's folder structure. */
  folderStructure: (record: ErpContext) => ['folders', record] as const,
};
