import type { DocumentDecision } from './documentDecision';
import type { PossibleDuplicate } from './possibleDuplicate';
import type { DocumentLink } from './documentLink';

/** Per-document access flags computed on the server (spec §3, GET /documents/{id}/access). */
export interface DocumentAccess {
  merge: boolean;
  renewLock: boolean;
  createLock: boolean;
  unlock: boolean;
  route: boolean;
  approve: boolean;
  reject: boolean;
  split: boolean;
  viewFileData: boolean;
  exportFileData: boolean;
  changeSubtype: boolean;
  delete: boolean;
  readNotes: boolean;
  readDetails: boolean;
  reapplyName: boolean;
  email: boolean;
  link: boolean;
  unlink: boolean;
  /**
   * Ours: the split tools that build documents through recombination (the visual split tool and
   * named parts) are allowed; in a queue that takes SplitAdvanced besides Split. Absent from
   * servers that do not report it: then `split` decides.
   */
  splitAdvanced?: boolean;
}

/** Every access flag name, in the spec's order. */
export const DOCUMENT_ACCESS_FLAGS: readonly (keyof DocumentAccess)[] = [
  'merge',
  'renewLock',
  'createLock',
  'unlock',
  'route',
  'approve',
  'reject',
  'split',
  'viewFileData',
  'exportFileData',
  'changeSubtype',
  'delete',
  'readNotes',
  'readDetails',
  'reapplyName',
  'email',
  'link',
  'unlink',
];

/** Workflow modifiers derived from the document's queue (spec §3). */
export interface WorkflowModifiers {
  approvalRouteRequired: boolean;
  blockApproveUnlinked: boolean;
  noRoutes: boolean;
  blockRouteUnlinked: boolean;
  warnRouteUnlinked: boolean;
  quickLink: boolean;
}

/** The queue summary that a document carries. */
export interface DocumentQueue {
  id: number;
  name: string;
  queueTypeId?: number;
  queueTypeName: string;
  features1: number;
  features2: number;
  defaultApproveRequiresNote?: boolean;
  defaultRejectRequiresNote?: boolean;
}

/** A lock as a document carries it. */
export interface DocumentLock {
  lockExpiration: string | null;
  ownLock: boolean;
  holder: string | null;
}

/** The subtype summary that a document carries. */
export interface DocumentSubtype {
  id: number;
  text: string;
}

/** A stored document as the web services return it (spec §3 "Document"). */
export interface DmsDocument {
  id: number;
  name: string;
  description: string;
  /** Lower-case extension without the dot, e.g. "pdf". */
  extension: string;
  /** File size in bytes (spec field name). */
  FileSize: number;
  mediaType: string;
  totalPages: number;
  splittable: boolean;
  link: DocumentLink | null;
  lock: DocumentLock | null;
  /** 'self', 'other' or 'none' (portal spec §4). */
  userLock: 'self' | 'other' | 'none';
  queueName: string | null;
  queue: DocumentQueue | null;
  workflowPerms: number;
  workflowModifiers: WorkflowModifiers;
  hasApprovalRoutes: boolean;
  hasAvailableRoutes: boolean;
  canApprovalRoutes: boolean;
  canRouteForApprovalFromRecord: boolean;
  /**
   * Ours: whether the document's queue lets the caller change annotations (its ChangeAnnotations
   * flag; true outside a queue). The privileges and another user's lock are judged beside it.
   */
  changeAnnotations?: boolean;
  userString: string;
  /** ISO date-time; dates stored at 12:00 UTC are date-only; null when blank. */
  userDate: string | null;
  subtype: DocumentSubtype | null;
  /** The integrated table label of the document's link, e.g. "Vendor". */
  type: string | null;
  /** Optimistic-concurrency row version, sent back as rowConflictIds. */
  rowVersion: number;
  createdAt: string;
  createdBy: string;
  modifiedAt: string;
  /**
   * Ours: whether the document has been submitted in its current queue (a `submit` history row
   * since it last entered the queue); absent from servers that do not report it.
   */
  submitted?: boolean;
  /** The queue listing's decision data (linked record facts, days in queue, notes); absent elsewhere. */
  decision?: DocumentDecision;
  /**
   * Ours (issue 35): the queue listing's "possible duplicate of …" — the other documents this one
   * may duplicate ([] when none); absent elsewhere (GET /api/documents/{id}/duplicates answers it).
   */
  possibleDuplicates?: PossibleDuplicate[];
  /**
   * Ours (issue 38 "Reasons"): in the queue listing, the reject that put the document where it is
   * (it has not moved since), with its reason; null when it was not rejected here; absent elsewhere.
   */
  rejection?: DocumentRejection | null;
}

/** A reject that put a document into its queue: the reason given, who rejected it, when, and from where. */
export interface DocumentRejection {
  /** The reject's note; null when the queue asked for none and none was given. */
  reason: string | null;
  /** The rejecter's name (their login when they have none). */
  rejectedBy: string;
  /** ISO 8601 time. */
  rejectedAt: string;
  /** The queue it was rejected from. */
  fromQueueName: string;
}
