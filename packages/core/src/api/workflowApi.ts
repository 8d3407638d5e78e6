import type {
  ApprovalStep,
  DocumentRejection,
  DocumentLockInfo,
  DocumentWorkflowPerms,
  LinkToApprovalSetup,
  QueueDocumentsPage,
  RouteTargets,
  WorkflowQueue,
  WorkflowQueueType,
  WorkflowRoot,
} from '../model';
import { DECISION_FIELDS, type DecisionField } from '../model';
import type { SendForApprovalOutcome, SendForApprovalTarget, SubmitOutcome } from '../contract';
import type { ApiClient } from './ApiClient';

/** Sort keys GET /queues/{id}/workflow accepts (docs/API.md). */
export type QueueDocumentsSort =
  | 'name'
  | 'createdAt'
  | 'modifiedAt'
  | 'FileSize'
  | 'description'
  | 'userString'
  | 'userDate'
  | 'type'
  | DecisionField;

/** Every sort key of a queue's documents, to tell a configured column that sorts on the server from one that does not. */
export const QUEUE_DOCUMENTS_SORTS: readonly QueueDocumentsSort[] = [
  'name',
  'createdAt',
  'modifiedAt',
  'FileSize',
  'description',
  'userString',
  'userDate',
  'type',
  ...DECISION_FIELDS,
];

/** Filters of the workflow root and a queue type's workflow. */
export interface StructureQuery {
  /** Queue names containing this text (case-insensitive). */
  q?: string;
  /** Drop queues with no documents, and types left with none. */
  hideEmpty?: boolean;
}

/** Paging, sort and filter of one page of a queue's documents. */
export interface QueueDocumentsQuery {
  q?: string;
  skip?: number;
  /** At most 200; 30 by default. */
  take?: number;
  sort?: QueueDocumentsSort;
  desc?: boolean;
}

/** What route targets to ask for. */
export interface RouteTargetsQuery {
  queueTypeId?: number;
  q?: string;
  includeQueues?: boolean;
}

/**
 * One approve / reject / route request (embedded §7): the documents, the row version the window
 * saw for each (same order), and the queue the window showed them in — a mismatch answers 409
 * 'Document Queue Out Of Sync With Window' and nothing moves.
 */
export interface WorkflowActionRequest {
  docIds: readonly number[];
  rowConflictIds: readonly number[];
  expectedQueueId: number;
  /** The user's note; blank notes are left out. */
  note?: string;
  /**
   * Ours (issue 35), approve only: the reason to approve documents marked as possible duplicates
   * anyway (`duplicateOverrideReason`); the server refuses such an approval without one.
   */
  duplicateOverrideReason?: string;
}

/** A route request: a workflow action with its target queue. */
export interface RouteRequest extends WorkflowActionRequest {
  to: number;
}

/**
 * A submit request (embedded §5 "Submit"; docs/API.md "Queue intake"): the documents as the
 * window saw them, and the note a submit requires (the server refuses a blank one in words).
 */
export interface SubmitRequest extends WorkflowActionRequest {
  note: string;
}

/**
 * A send for approval (ours, issue 38; docs/API.md "Send for approval"): the documents of one queue
 * as the window saw them, and a note (optional unless a queue on the auto-route asks for one).
 */
export type SendForApprovalRequest = WorkflowActionRequest;

/** What approve, reject and route answer: each moved document with its new queue and row version. */
export interface WorkflowActionResult {
  documents: { id: number; queueId: number; rowVersion: number }[];
}

/** The workflow resource: structure, queue documents, route targets, the three actions, submit, locks and approval lists (embedded §7). */
export interface WorkflowApi {
  /** GET /workflow-root: the queue types and queues the caller may browse. */
  getRoot(query?: StructureQuery, signal?: AbortSignal): Promise<WorkflowRoot>;
  /** GET /workflow-structure?qid=: the root with one queue type. */
  getStructureForQueueType(queueTypeId: number, hideEmpty?: boolean, signal?: AbortSignal): Promise<WorkflowRoot>;
  /** GET /workflow-structure?queueID=: the root with the type of one queue. */
  getStructureForQueue(queueId: number, signal?: AbortSignal): Promise<WorkflowRoot>;
  /** GET /workflow-structure/{queueTypeId}. */
  getQueueType(queueTypeId: number, signal?: AbortSignal): Promise<WorkflowQueueType>;
  /** GET /workflow-structure/{docId}/queue: the queue a document is in, or null. */
  getDocumentQueue(docId: number, signal?: AbortSignal): Promise<WorkflowQueue | null>;
  /** GET /queue-types/{id}/queues; a non-numeric id is the server's 400 to show. */
  getQueueTypeQueues(queueTypeId: number | string, q?: string, signal?: AbortSignal): Promise<WorkflowQueue[]>;
  /** GET /queue-types/{id}/workflow. */
  getQueueTypeWorkflow(queueTypeId: number, query?: StructureQuery, signal?: AbortSignal): Promise<WorkflowQueueType>;
  /** GET /queues/{id}/workflow: one page of a queue's documents. */
  getQueueDocuments(queueId: number, query?: QueueDocumentsQuery, signal?: AbortSignal): Promise<QueueDocumentsPage>;
  /** GET /queues/{id}. */
  getQueue(queueId: number, signal?: AbortSignal): Promise<WorkflowQueue>;
  /** GET /queues/{id}/link-to-approval. */
  getLinkToApproval(queueId: number, signal?: AbortSignal): Promise<LinkToApprovalSetup>;
  /** GET /workflow/perms?docId=. */
  getPerms(docId: number, signal?: AbortSignal): Promise<DocumentWorkflowPerms>;
  /** GET /documents/routes: where all these documents (one common queue) may be routed. */
  getRouteTargets(docIds: readonly number[], query?: RouteTargetsQuery, signal?: AbortSignal): Promise<RouteTargets>;
  /** GET /documents/{id}/routes: where one document may be routed. */
  getDocumentRouteTargets(docId: number, query?: Omit<RouteTargetsQuery, 'includeQueues'>, signal?: AbortSignal): Promise<RouteTargets>;
  /** GET /documents/{id}/readonly?queueId=. */
  getReadonly(docId: number, queueId: number, signal?: AbortSignal): Promise<{ readonly: boolean }>;
  /** PUT /documents/approval. */
  approve(request: WorkflowActionRequest): Promise<WorkflowActionResult>;
  /** PUT /documents/reject. */
  reject(request: WorkflowActionRequest): Promise<WorkflowActionResult>;
  /** PUT /documents/route. */
  route(request: RouteRequest): Promise<WorkflowActionResult>;
  /** PUT /documents/submit: where each document is now, and what the queue's OnSubmit events did or ask. */
  submit(request: SubmitRequest): Promise<SubmitOutcome>;
  /** PUT /documents/send-for-approval: along the auto-route to the first queue that takes a decision. */
  sendForApproval(request: SendForApprovalRequest): Promise<SendForApprovalOutcome>;
  /** GET /queues/{id}/send-for-approval: where a send from the queue would stop for the caller, or null where it leads nowhere. */
  sendForApprovalTarget(queueId: number, signal?: AbortSignal): Promise<SendForApprovalTarget | null>;
  /** GET /documents/{id}/rejection: the reject that put the document in its queue, or null. */
  getRejection(docId: number, signal?: AbortSignal): Promise<DocumentRejection | null>;
  /** GET /documents/{id}/locks: the live lock, if any. */
  getLocks(docId: number, signal?: AbortSignal): Promise<DocumentLockInfo[]>;
  /** POST /locks: takes (or renews one's own) lock on a document in a queue at the row version the window saw. */
  lock(docId: number, queueId: number, rowConflictId: number): Promise<DocumentLockInfo>;
  /** PUT /locks/renew: extends one's own live lock. */
  renewLock(docId: number, queueId: number): Promise<DocumentLockInfo>;
  /** DELETE /locks: releases the lock. */
  unlock(docId: number, queueId: number): Promise<void>;
  /** GET /documents/{id}/approvals: the approval list. */
  getApprovals(docId: number, signal?: AbortSignal): Promise<ApprovalStep[]>;
  /** PUT /v2/documents/{id}/approvals/{step}: sets step n (length+1 appends; null removes and renumbers). */
  setApprovalStep(docId: number, step: number, queueId: number | null): Promise<ApprovalStep[]>;
  /** GET /workflow/queues/{id}/routes/approval: queues a document in this queue may have in its approval list. */
  getApprovalRouteQueues(queueId: number, signal?: AbortSignal): Promise<WorkflowQueue[]>;
}

/** A note worth sending: the text, or undefined when blank (the server takes a missing note as none). */
function noteOrUndefined(note: string | undefined): string | undefined {
  return note === undefined || note.trim() === '' ? undefined : note;
}

/** The common part of the three action bodies (docs/API.md "Workflow actions"). */
function actionBody(request: WorkflowActionRequest): { docId: number[]; rowConflictIds: number[]; expectedQueueId: number } {
  return { docId: [...request.docIds], rowConflictIds: [...request.rowConflictIds], expectedQueueId: request.expectedQueueId };
}

/** Creates the workflow resource over an ApiClient. */
export function workflowApi(client: ApiClient): WorkflowApi {
  return {
    getRoot: (query = {}, signal) =>
      client.get<WorkflowRoot>('/workflow-root', { query: { q: query.q || undefined, hideEmpty: query.hideEmpty }, signal }),
    getStructureForQueueType: (queueTypeId, hideEmpty, signal) =>
      client.get<WorkflowRoot>('/workflow-structure', { query: { qid: queueTypeId, hideEmpty }, signal }),
    getStructureForQueue: (queueId, signal) => client.get<WorkflowRoot>('/workflow-structure', { query: { queueID: queueId }, signal }),
    getQueueType: (queueTypeId, signal) => client.get<WorkflowQueueType>(`/workflow-structure/${queueTypeId}`, { signal }),
    getDocumentQueue: (docId, signal) => client.get<WorkflowQueue | null>(`/workflow-structure/${docId}/queue`, { signal }),
    getQueueTypeQueues: (queueTypeId, q, signal) =>
      client.get<WorkflowQueue[]>(`/queue-types/${encodeURIComponent(String(queueTypeId))}/queues`, {
        query: { q: q || undefined },
        signal,
      }),
    getQueueTypeWorkflow: (queueTypeId, query = {}, signal) =>
      client.get<WorkflowQueueType>(`/queue-types/${queueTypeId}/workflow`, {
        query: { q: query.q || undefined, hideEmpty: query.hideEmpty },
        signal,
      }),
    getQueueDocuments: (queueId, query = {}, signal) =>
      client.get<QueueDocumentsPage>(`/queues/${queueId}/workflow`, {
        query: { q: query.q || undefined, skip: query.skip, take: query.take, sort: query.sort, desc: query.desc },
        signal,
      }),
    getQueue: (queueId, signal) => client.get<WorkflowQueue>(`/queues/${queueId}`, { signal }),
    getLinkToApproval: (queueId, signal) => client.get<LinkToApprovalSetup>(`/queues/${queueId}/link-to-approval`, { signal }),
    getPerms: (docId, signal) => client.get<DocumentWorkflowPerms>('/workflow/perms', { query: { docId }, signal }),
    getRouteTargets: (docIds, query = {}, signal) =>
      client.get<RouteTargets>('/documents/routes', {
        query: { queueTypeId: query.queueTypeId, 'docId[]': docIds, q: query.q || undefined, includeQueues: query.includeQueues },
        signal,
      }),
    getDocumentRouteTargets: (docId, query = {}, signal) =>
      client.get<RouteTargets>(`/documents/${docId}/routes`, {
        query: { queueTypeId: query.queueTypeId, q: query.q || undefined },
        signal,
      }),
    getReadonly: (docId, queueId, signal) =>
      client.get<{ readonly: boolean }>(`/documents/${docId}/readonly`, { query: { queueId }, signal }),
    approve: (request) =>
      client.put<WorkflowActionResult>('/documents/approval', {
        ...actionBody(request),
        approvalNote: noteOrUndefined(request.note),
        duplicateOverrideReason: noteOrUndefined(request.duplicateOverrideReason),
      }),
    reject: (request) =>
      client.put<WorkflowActionResult>('/documents/reject', { ...actionBody(request), rejectionNote: noteOrUndefined(request.note) }),
    route: (request) =>
      client.put<WorkflowActionResult>('/documents/route', { ...actionBody(request), note: noteOrUndefined(request.note), to: request.to }),
    // The note goes as typed: a submit requires one, and the server answers a blank one in the spec's words.
    submit: (request) => client.put<SubmitOutcome>('/documents/submit', { ...actionBody(request), note: request.note }),
    sendForApproval: (request) =>
      client.put<SendForApprovalOutcome>('/documents/send-for-approval', { ...actionBody(request), note: noteOrUndefined(request.note) }),
    sendForApprovalTarget: async (queueId, signal) =>
      (await client.get<{ sendForApproval: SendForApprovalTarget | null }>(`/queues/${queueId}/send-for-approval`, { signal }))
        .sendForApproval,
    getRejection: async (docId, signal) =>
      (await client.get<{ rejection: DocumentRejection | null }>(`/documents/${docId}/rejection`, { signal })).rejection,
    getLocks: (docId, signal) => client.get<DocumentLockInfo[]>(`/documents/${docId}/locks`, { signal }),
    lock: (docId, queueId, rowConflictId) =>
      client.post<DocumentLockInfo>('/locks', undefined, { query: { docId, queueId, rowConflictIds: rowConflictId } }),
    renewLock: (docId, queueId) => client.put<DocumentLockInfo>('/locks/renew', undefined, { query: { docId, queueId } }),
    unlock: async (docId, queueId) => {
      await client.delete<null>('/locks', { query: { docId, queueId } });
    },
    getApprovals: (docId, signal) => client.get<ApprovalStep[]>(`/documents/${docId}/approvals`, { signal }),
    setApprovalStep: (docId, step, queueId) => client.put<ApprovalStep[]>(`/v2/documents/${docId}/approvals/${step}`, { queueId }),
    getApprovalRouteQueues: (queueId, signal) => client.get<WorkflowQueue[]>(`/workflow/queues/${queueId}/routes/approval`, { signal }),
  };
}
