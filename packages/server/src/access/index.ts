/**
 * Access: who may see and do what — the caller as a Viewer, privileges, queue access and its flags,
 * document visibility and the visible-document read model, locks, company restrictions, integrated
 * tables — and the routes that answer it (GET /api/can, a document's access).
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { readCallerRights } from './callerRights';
export { assertDataAreaAllowed, companyForRead, companyToRead, queueRestricts, restrictionOf, sameCompany } from './dataAreaRestriction';
export type { CompanyRestriction } from './dataAreaRestriction';
export {
  assertNoOtherUsersLockOnLockedRows,
  assertNotLockedByOtherUser,
  documentsLockedByOthers,
  lockDocumentRows,
  lockDocumentRowsReadingQueues,
  lockedByOtherUser,
  releaseDocumentLocks,
} from './documentLocks';
export { lockStateOf, presentDocument, presentDocumentLink } from './documentPresenter';
export { findVisibleDocument, findVisibleDocuments, selectVisibleDocuments } from './documentQueries';
export type { DocumentDetailRow } from './documentQueries';
export {
  QUEUE_VISIBILITY_FLAGS,
  canSeeDocument,
  canUploadTo,
  integratedTableAccessCondition,
  queuesVisibleToSql,
  uploadGrantsInArea,
  viewerFor,
  viewerHoldsAny,
  viewerOfRights,
} from './documentVisibility';
export type { Viewer } from './documentVisibility';
export { executeViewerShaped } from './executeViewerShaped';
export { registerAccessApi } from './http/registerAccessApi';
export { registerViewerOfRequest, viewerOf } from './http/viewerOf';
export { importQueueOfTable } from './importQueueOfTable';
export type { EnteredQueue } from './importQueueOfTable';
export {
  containsTextCondition,
  findTableOfExternalId,
  listIntegratedTables,
  readImportSettings,
  tableVisibleCondition,
} from './integratedTableQueries';
export type { ImportSettings, IntegratedTableSummary } from './integratedTableQueries';
export { PAGED_EXTENSIONS, isSplittable } from './isSplittable';
export { effectivePrivileges, hasPrivilege } from './privileges';
export { effectiveQueueAccessSql, findQueueWithTargets, findQueuesWithAccess } from './queueAccess';
export type { QueueWithAccess } from './queueAccess';
export {
  ALL_QUEUE_ACCESS,
  QUEUE_ACCESS_FLAGS,
  WORKFLOW_PERM_SOURCES,
  decodeQueueAccess,
  encodeQueueAccess,
  workflowPermsFromAccess,
} from './queueAccessFlags';
export type { QueueAccessFlag } from './queueAccessFlags';
export { assertDocumentActionAllowed, assertDocumentWriteAllowed, assertQueueFlagsOnRows } from './queueFlagCheck';
export {
  QUEUE_ACTION_POLICY,
  READ_ONLY_QUEUE_FLAGS,
  WRITE_QUEUE_FLAGS,
  assertQueueActionAllowed,
  grantsAnyWrite,
  queueActionAllowed,
  queueActionForbidden,
  queueActionRefusal,
} from './queueActionPolicy';
export type { QueueAction, QueueActionRule } from './queueActionPolicy';
export { queueImportRefusal } from './queueImportRefusal';
export type { ImportableQueue } from './queueImportRefusal';
export {
  assertFinalQueueTakesOnlyItsOwn,
  assertNotFinalQueue,
  finalQueueForbidden,
  finalQueueRefusal,
  finalQueueSql,
  findFinalQueueIds,
} from './finalQueues';
export { assertSubmittedWhereRequired } from './submissionRules';
export { visibleDocumentOr404 } from './visibleDocumentOr404';
export { ACCESS_REFUSALS, ACCESS_REFUSALS_DE, accessRefusalsFor } from './accessRefusalsFor';
export type { PrivilegedActivity } from './accessRefusalsFor';
