import type { DmsDocument } from './document';

/*
 * Shapes of the workflow structure, lock and approval-list calls (embedded §7 "Locks",
 * "Workflow actions"; portal §3). The spec names the calls but not their bodies: these are ours,
 * written down in docs/API.md, and shared by the server (which produces them) and the client.
 */

/** A workflow queue as the structure calls list it, with what the caller may do in it. */
export interface WorkflowQueue {
  id: number;
  name: string;
  enabled: boolean;
  queueTypeId: number;
  queueTypeName: string;
  /** Documents in the queue that the caller may see. */
  documentCount: number;
  features1: number;
  features2: number;
  defaultApproveRequiresNote: boolean;
  defaultRejectRequiresNote: boolean;
  approveToQueueId: number | null;
  rejectToQueueId: number | null;
  /** The caller's workflowPerms bitmask on this queue (portal §6). */
  workflowPerms: number;
  /** Visible documents whose linked record is due today or within 3 days, not yet overdue; the workflow root fills it in. */
  dueSoonCount?: number;
  /** Visible documents whose linked record is past its due date; the workflow root fills it in. */
  overdueCount?: number;
  /** The caller's approval limit in this queue (the lower of queue and group limits), null for none; the documents listing fills it in. */
  approvalLimit?: number | null;
  /**
   * Ours (issue 35): why the caller may not import files into this queue — NoImporting, a final
   * queue (documents reach Approved or Rejected only through the workflow), or no Paste flag — in
   * the words POST /api/queues/{id}/documents refuses with; null when they may. Absent from
   * servers that do not report it: then only NoImporting is known.
   */
  importRefusal?: string | null;
  /** Segregation of duties: who imported, submitted or coded a document may not approve it in this queue. */
  approverNotPreparer?: boolean;
  /** Segregation of duties: nobody approves the same document at two levels. */
  oneLevelPerApprover?: boolean;
}

/** A queue type with the queues of it that the caller may browse. */
export interface WorkflowQueueType {
  id: number;
  name: string;
  enabled: boolean;
  /** Sum of the listed queues' documentCount. */
  documentCount: number;
  queues: WorkflowQueue[];
}

/** `GET /api/workflow-root`, `/api/workflow-structure…`: the queue types the caller can browse. */
export interface WorkflowRoot {
  queueTypes: WorkflowQueueType[];
}

/** `GET /api/queues/{id}/workflow`: one page of a queue's documents, sorted as asked. */
export interface QueueDocumentsPage {
  queue: WorkflowQueue;
  documents: DmsDocument[];
  /** All matching documents, for the "n of total" line and loading more on scroll. */
  total: number;
  skip: number;
  take: number;
}

/** A queue type as a route target list names it. */
export interface RouteQueueType {
  id: number;
  name: string;
}

/** `GET /api/documents/{id}/routes`, `GET /api/documents/routes`: where documents may be routed. */
export interface RouteTargets {
  queues: WorkflowQueue[];
  queueTypes: RouteQueueType[];
}

/** `GET /api/documents/{id}/locks` entries and the `POST /api/locks` answer: a live lock. */
export interface DocumentLockInfo {
  docId: number;
  queueId: number | null;
  /** Username of the holder. */
  holder: string;
  ownLock: boolean;
  acquiredAt: string;
  /** ISO date-time the lock expires (database clock). */
  lockExpiration: string;
}

/** One step of a document's approval list (`GET /api/documents/{id}/approvals`). */
export interface ApprovalStep {
  /** 1-based position in the list. */
  step: number;
  queueId: number;
  queueName: string;
  approvedBy: string | null;
  approvedAt: string | null;
  /** The first step not yet approved: where the next approval sends the document. */
  current: boolean;
}

/** `GET /api/queues/{id}/link-to-approval`: whether link-to-approval can work from this queue. */
export interface LinkToApprovalSetup {
  queueId: number;
  linkOnApprovalRequired: boolean;
  approveToQueueId: number | null;
  /** False → the client shows 'This queue has not been properly configured for Link To Approval'. */
  configured: boolean;
}

/** `GET /api/workflow/perms?docId=`: the caller's workflowPerms on the document's queue. */
export interface DocumentWorkflowPerms {
  docId: number;
  queueId: number | null;
  workflowPerms: number;
}
