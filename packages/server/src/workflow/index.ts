/**
 * Workflow: queues and decisions — the workflow structure and queue listings, approve / reject / route
 * with their rules and approval limits, locks, approval lists, submit, queue entry and events, queue
 * administration and the data service's workflow entity sets.
 * The module's face: other modules and the composition root import it from here, never a file inside
 * it.
 */
export { registerWorkflowApi } from './http/registerWorkflowApi';
export { workflowComplexTypes } from './odata/workflowComplexTypes';
export { workflowEntitySets } from './odata/workflowEntitySets';
export { recordQueueEntry } from './queueEntry';
export { applyArrivalEvents, autoApprove } from './queueEvents';
export { WORKFLOW_ACTION_PRIVILEGE } from './workflowActionRecorder';
export { erpStatusJob } from './erpStatusJob';
export { recordErpStatusOnLink } from './erpStatusDecisions';
export { appendWorkflowHistory } from './appendWorkflowHistory';
export type { NewWorkflowHistoryRow } from './appendWorkflowHistory';
export { historyBrokenMessage, historyIntactMessage, verifyWorkflowHistories } from './verifyWorkflowHistory';
export type { HistoryVerification } from './verifyWorkflowHistory';
export { readDocumentErpStatus } from './documentErpStatusQuery';
