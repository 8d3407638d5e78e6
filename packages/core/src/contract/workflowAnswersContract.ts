import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { DocumentRejection } from '../model/document';
import type { ApprovalStep, DocumentLockInfo, DocumentWorkflowPerms, LinkToApprovalSetup, RouteTargets } from '../model/workflowStructure';
import { nullableAnswer } from './nullableAnswer';
import { WorkflowQueueAnswer, WorkflowQueueListAnswer } from './responsesContract';
import type { SameType } from './sameType';

/** `GET /api/workflow-structure/{docId}/queue` → the document's queue, or null when it is in none (or one the caller cannot browse). */
export const DocumentQueueAnswer = nullableAnswer(WorkflowQueueAnswer);

/** `GET /api/documents/routes`, `/api/documents/{id}/routes` → the queues a route may send to, and their types. */
export const RouteTargetsAnswer = Type.Object({
  queues: WorkflowQueueListAnswer,
  queueTypes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

/** `GET /api/queues/{id}/link-to-approval` → whether linking on approval is set up. */
export const LinkToApprovalSetupAnswer = Type.Object({
  queueId: Type.Integer(),
  linkOnApprovalRequired: Type.Boolean(),
  approveToQueueId: nullableAnswer(Type.Integer()),
  configured: Type.Boolean(),
});

/** `GET /api/workflow/perms?docId=` → the caller's workflowPerms on the document's queue. */
export const DocumentWorkflowPermsAnswer = Type.Object({
  docId: Type.Integer(),
  queueId: nullableAnswer(Type.Integer()),
  workflowPerms: Type.Integer(),
});

/** `GET /api/documents/{id}/readonly` → whether the caller may not edit the document's data. */
export const ReadonlyAnswer = Type.Object({ readonly: Type.Boolean() });

/** One step of a document's approval list (core model ApprovalStep). */
export const ApprovalStepAnswer = Type.Object({
  step: Type.Integer(),
  queueId: Type.Integer(),
  queueName: Type.String(),
  approvedBy: nullableAnswer(Type.String()),
  approvedAt: nullableAnswer(Type.String()),
  current: Type.Boolean(),
});

/** `GET /api/documents/{id}/approvals`, `PUT /api/v2/documents/{id}/approvals/{step}` → the list. */
export const ApprovalStepListAnswer = Type.Array(ApprovalStepAnswer);

/** A live lock (core model DocumentLockInfo). */
export const DocumentLockInfoAnswer = Type.Object({
  docId: Type.Integer(),
  queueId: nullableAnswer(Type.Integer()),
  holder: Type.String(),
  ownLock: Type.Boolean(),
  acquiredAt: Type.String(),
  lockExpiration: Type.String(),
});

/** `GET /api/documents/{id}/locks` → 0 or 1 live lock. */
export const DocumentLockInfoListAnswer = Type.Array(DocumentLockInfoAnswer);

/** `PUT /api/documents/approval`, `/reject`, `/route` → where each document went, with its new row version. */
export const WorkflowActionAnswer = Type.Object({
  documents: Type.Array(Type.Object({ id: Type.Integer(), queueId: Type.Integer(), rowVersion: Type.Integer() })),
});

const routeTargetsMatch: SameType<Static<typeof RouteTargetsAnswer>, RouteTargets> = true;
const linkSetupMatches: SameType<Static<typeof LinkToApprovalSetupAnswer>, LinkToApprovalSetup> = true;
const permsMatch: SameType<Static<typeof DocumentWorkflowPermsAnswer>, DocumentWorkflowPerms> = true;
const stepMatches: SameType<Static<typeof ApprovalStepAnswer>, ApprovalStep> = true;
const lockMatches: SameType<Static<typeof DocumentLockInfoAnswer>, DocumentLockInfo> = true;
void routeTargetsMatch;
void linkSetupMatches;
void permsMatch;
void stepMatches;
void lockMatches;

/** `PUT /api/documents/send-for-approval` → each document where it stopped, the queue it stopped in and the queues it passed. */
export const SendForApprovalAnswer = Type.Object({
  documents: Type.Array(Type.Object({ id: Type.Integer(), queueId: Type.Integer(), rowVersion: Type.Integer() })),
  queueId: Type.Integer({ description: 'The queue on the auto-route where the documents stopped: the first that takes a decision.' }),
  queueName: Type.String(),
  passedQueueIds: Type.Array(Type.Integer(), {
    description: 'The queues set to be passed over (WorkflowSkipOnAutoroute) they went through, in order.',
  }),
});

/** What `PUT /api/documents/send-for-approval` answers, as the client reads it. */
export type SendForApprovalOutcome = Static<typeof SendForApprovalAnswer>;

/** Where Send for approval would take a queue's documents: the queue it stops in, and the queues passed on the way. */
export const SendForApprovalTargetObject = Type.Object({
  queueId: Type.Integer(),
  queueName: Type.String(),
  passedQueueIds: Type.Array(Type.Integer()),
});

/** Where Send for approval would take a queue's documents, as the client reads it. */
export type SendForApprovalTarget = Static<typeof SendForApprovalTargetObject>;

/**
 * `GET /api/queues/{id}/send-for-approval` (ours, issue 38) → `{ sendForApproval }`: where the
 * action would take the queue's documents for the caller, or null where it leads nowhere (no
 * auto-route on, no privilege or Route access): the client offers it only with a target.
 */
export const SendForApprovalPreviewAnswer = Type.Object({ sendForApproval: nullableAnswer(SendForApprovalTargetObject) });

/** A reject that put a document into its queue (core model DocumentRejection). */
export const DocumentRejectionAnswer = Type.Object({
  reason: nullableAnswer(Type.String()),
  rejectedBy: Type.String(),
  rejectedAt: Type.String({ description: 'ISO 8601 time.' }),
  fromQueueName: Type.String(),
});

/**
 * `GET /api/documents/{id}/rejection` (ours, issue 38) → `{ rejection }`: the reject that put the
 * document in its queue, with its reason, or null; what every viewer shows at the document's top.
 */
export const DocumentRejectionStatusAnswer = Type.Object({ rejection: nullableAnswer(DocumentRejectionAnswer) });

const rejectionMatches: SameType<Static<typeof DocumentRejectionAnswer>, DocumentRejection> = true;
void rejectionMatches;
