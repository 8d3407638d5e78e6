import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { DocumentLinkAnswer } from './responsesContract';
import { nullableAnswer } from './nullableAnswer';

/*
 * The request and answer contract of linking a document to an ERP record (embedded §3 "Link to a
 * record", §7 "POST/PUT/DELETE /documents/{id}/link", "PUT /documents/{id}/push-link"). Query
 * values are text on the wire (as in queryParametersContract); bodies are JSON with types.
 */

/** An optional integer of a query (empty means absent), as `requestHelpers.queryInteger` reads it. */
function integerText(name: string) {
  return Type.Optional(
    Type.String({
      pattern: '^(-?\\d{1,15})?$',
      errorMessage: `The parameter ${name} must be an integer.`,
      description: 'An integer.',
      examples: ['1'],
    }),
  );
}

/** The record a link points at, as query text (embedded §3 "Link to a record"). */
const relatedRecordQuery = {
  relatedTypeName: Type.Optional(
    Type.String({
      description: "The record's entity type, prefix:namespace.name, e.g. bc:Microsoft.NAV.purchaseInvoice.",
      examples: ['bc:Microsoft.NAV.purchaseInvoice'],
    }),
  ),
  relatedDataAreaId: Type.Optional(
    Type.String({ description: "The record's data area (company); the ERP source's own when blank.", examples: ['CRONUS'] }),
  ),
  relatedRecordId: Type.Optional(
    Type.String({ description: "The ERP record's id (BC: its SystemId).", examples: ['8a4f2e6b-1c9d-4b3a-8e02-000000001003'] }),
  ),
  relatedTableId: integerText('relatedTableId'),
  relatedSitId: integerText('relatedSitId'),
};

/** The window's view of the document: refused 409 'Document Queue Out Of Sync With Window' when stale. */
const windowQuery = {
  rowConflictId: integerText('rowConflictId'),
  expectedQueueId: integerText('expectedQueueId'),
};

/** The query of `POST /api/documents/{id}/link` (also read by PUT, where the body wins field by field). */
export const LinkQuery = Type.Object({ ...relatedRecordQuery, ...windowQuery });

/** The query of `DELETE /api/documents/{id}/link`. */
export const UnlinkQuery = Type.Object(windowQuery);

/** The record a link points at, as JSON (embedded §3 "Link to a record"). */
const relatedRecordBody = {
  relatedTypeName: Type.Optional(Type.String({ maxLength: 300 })),
  relatedDataAreaId: Type.Optional(Type.String({ maxLength: 100 })),
  relatedRecordId: Type.Optional(Type.String({ maxLength: 200 })),
  relatedTableId: Type.Optional(Type.Integer({ minimum: 0 })),
  relatedSitId: Type.Optional(Type.Integer({ minimum: 1 })),
  rowConflictId: Type.Optional(Type.Integer({ minimum: 0 })),
  expectedQueueId: Type.Optional(Type.Integer({ minimum: 1 })),
};

/** The body of `PUT /api/documents/{id}/link`. */
export const LinkBody = Type.Object(relatedRecordBody, { additionalProperties: false });

/** The JSON body of `PUT /api/documents/{id}/link`. */
export type LinkRequestBody = Static<typeof LinkBody>;

/**
 * The body of `PUT /api/documents/{id}/push-link`: the record the user stands on in the ERP plus
 * the spec's push-link item (queueId, docId = the path's id, locked). docs/UX-DECISIONS.md "Push link".
 */
export const PushLinkBody = Type.Object(
  {
    ...relatedRecordBody,
    queueId: Type.Optional(Type.Integer({ minimum: 1 })),
    locked: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The JSON body of `PUT /api/documents/{id}/push-link`. */
export type PushLinkRequestBody = Static<typeof PushLinkBody>;

/**
 * What a link, unlink or push link answers: the document's primary link after it (null: unlinked)
 * and its row version now. A link (Link to Existing, push link, New Card's completion) also says
 * what the queue's OnLink event did or asks (docs/UX-DECISIONS.md "OnLink"); an unlink does not.
 */
export const LinkChangeAnswer = Type.Object({
  link: nullableAnswer(DocumentLinkAnswer),
  rowVersion: Type.Integer(),
  queueId: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: 'The queue the document is in after the link and its OnLink event (an automatic approval moves it).',
    }),
  ),
  autoApproved: Type.Optional(
    Type.Boolean({ description: "AutoApproveOnLink approved the document (in the linking user's name, under every approve rule)." }),
  ),
  autoApproveRefusal: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'Why AutoApproveOnLink could not approve it; the link stands and the document waits in its queue.',
    }),
  ),
  promptToApprove: Type.Optional(
    Type.Boolean({ description: 'PromptToApproveOnLink: the client asks whether to approve the document now.' }),
  ),
  launchRecord: Type.Optional(
    Type.Boolean({
      description: "OnLink's LaunchRecord (the queue's LaunchRecordAfterDocumentLink): the client opens the record just linked.",
    }),
  ),
});

/** The 200 answer of a link change. */
export type LinkChange = Static<typeof LinkChangeAnswer>;
