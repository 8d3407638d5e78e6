import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/** Most documents one workflow action moves. */
export const MAX_DOCUMENTS_PER_ACTION = 500;

const NullableText = Type.Union([Type.String(), Type.Null()]);

/** The fields every workflow action carries (spec §7): the documents, their row versions and the queue they are in. */
const actionFields = {
  docId: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: MAX_DOCUMENTS_PER_ACTION, uniqueItems: true }),
  /** One row version per document id, in the same order (the server checks the count). */
  rowConflictIds: Type.Array(Type.Integer({ minimum: 0 }), { maxItems: MAX_DOCUMENTS_PER_ACTION }),
  expectedQueueId: Type.Integer({ minimum: 1 }),
};

/**
 * The body of `PUT /api/documents/approval`. Ours beside the spec's fields (issue 35):
 * `duplicateOverrideReason`, the reason to approve possible duplicates anyway (docs/API.md).
 */
export const ApprovalBody = Type.Object(
  { ...actionFields, approvalNote: Type.Optional(NullableText), duplicateOverrideReason: Type.Optional(NullableText) },
  { additionalProperties: false },
);

/** The body of `PUT /api/documents/reject`. */
export const RejectBody = Type.Object({ ...actionFields, rejectionNote: Type.Optional(NullableText) }, { additionalProperties: false });

/** The body of `PUT /api/documents/route`. */
export const RouteBody = Type.Object(
  { ...actionFields, note: Type.Optional(NullableText), to: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

/** Any of the three action bodies, as the server reads them. */
export type WorkflowActionBody = Static<typeof ApprovalBody> | Static<typeof RejectBody> | Static<typeof RouteBody>;

/** The body of `PUT /api/v2/documents/{id}/approvals/{n}`: the step's queue, or null to remove the step. */
export const ApprovalStepBody = Type.Object(
  { queueId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]) },
  { additionalProperties: false },
);

/** The JSON body of `PUT /api/v2/documents/{id}/approvals/{n}`. */
export type ApprovalStepRequest = Static<typeof ApprovalStepBody>;

/**
 * The body of `PUT /api/documents/send-for-approval` (ours, issue 38 "The clerk's path";
 * docs/API.md "Send for approval"): the documents of one queue as the window saw them, and the
 * note the route rules of the queues on the way may require.
 */
export const SendForApprovalBody = Type.Object({ ...actionFields, note: Type.Optional(NullableText) }, { additionalProperties: false });

/** The JSON body of `PUT /api/documents/send-for-approval`. */
export type SendForApprovalRequestBody = Static<typeof SendForApprovalBody>;
