import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MAX_DOCUMENTS_PER_ACTION } from './workflowContract';

/**
 * The body of `PUT /api/documents/submit` (embedded §5/§7 "Submit"; ours, UX-DECISIONS "Intake"):
 * the documents, their row versions, the queue they are in, and the note a submit requires
 * (checked by the server, so a missing one answers 'A note is required to submit.').
 */
export const SubmitBody = Type.Object(
  {
    docId: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: MAX_DOCUMENTS_PER_ACTION, uniqueItems: true }),
    rowConflictIds: Type.Array(Type.Integer({ minimum: 0 }), { maxItems: MAX_DOCUMENTS_PER_ACTION }),
    expectedQueueId: Type.Integer({ minimum: 1 }),
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: false },
);

/** The JSON body of `PUT /api/documents/submit`. */
export type SubmitRequestBody = Static<typeof SubmitBody>;

/** `PUT /api/documents/submit` → where each document is now and what the queue's OnSubmit events did or ask. */
export const SubmitAnswer = Type.Object({
  documents: Type.Array(Type.Object({ id: Type.Integer(), queueId: Type.Integer(), rowVersion: Type.Integer() })),
  autoApproved: Type.Boolean({
    description: "AutoApproveOnSubmit approved the documents (in the submitter's name, under every approve rule).",
  }),
  autoApproveRefusal: Type.Union([Type.String(), Type.Null()], {
    description: 'Why AutoApproveOnSubmit could not approve them; they stay submitted in the queue.',
  }),
  promptToApprove: Type.Boolean({ description: 'PromptToApproveOnSubmit: the client asks whether to approve them now.' }),
  launchRecord: Type.Boolean({
    description: 'LaunchRecord on submit: the client opens the linked record of the (one) submitted document.',
  }),
});

/** What `PUT /api/documents/submit` answers, as the client reads it (api/workflowApi `submit`). */
export type SubmitOutcome = Static<typeof SubmitAnswer>;
