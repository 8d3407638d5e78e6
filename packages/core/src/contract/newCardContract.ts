import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { LinkChangeAnswer } from './linkContract';

/*
 * The request and answer contract of New Card From Document (embedded §7 "PUT
 * /documents/{id}/new-card with body operationType (initiate or complete), typeId, subTypeId,
 * dataAreaId, tableId, recordId; POST /new-card"). docs/UX-DECISIONS.md "New Card From Document".
 */

/** The two steps of the new-record flow the server takes part in (embedded §4). */
export const NEW_CARD_OPERATION_TYPES = ['initiate', 'complete'] as const;

/** Ours: the body's operationType is missing or not one of the two. */
export const NEW_CARD_OPERATION_REFUSED = "operationType must be 'initiate' or 'complete'.";

/** One of NEW_CARD_OPERATION_TYPES. */
export type NewCardOperationType = (typeof NEW_CARD_OPERATION_TYPES)[number];

/**
 * The body of `PUT /api/documents/{id}/new-card`. typeId is the integrated table (sit) the new
 * record is made in, subTypeId the document's subtype in it; initiate names the company
 * (dataAreaId, the source's own when blank); complete names the record made (recordId, and
 * optionally tableId, the ERP's table number, which must be the table's).
 */
export const NewCardBody = Type.Object(
  {
    // Text in the schema: the route refuses a missing or other value with NEW_CARD_OPERATION_REFUSED.
    operationType: Type.Optional(Type.String({ maxLength: 20, description: "'initiate' or 'complete'.", examples: ['initiate'] })),
    typeId: Type.Optional(Type.Integer({ minimum: 1 })),
    subTypeId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    dataAreaId: Type.Optional(Type.String({ maxLength: 100 })),
    tableId: Type.Optional(Type.Integer({ minimum: 0 })),
    recordId: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** The JSON body of `PUT /api/documents/{id}/new-card`. */
export type NewCardRequestBody = Static<typeof NewCardBody>;

/** A pending new-card operation, as `initiate` answers it. */
export const NewCardOperationAnswer = Type.Object({
  docId: Type.Integer(),
  typeId: Type.Integer(),
  subTypeId: Type.Union([Type.Integer(), Type.Null()]),
  dataAreaId: Type.String(),
  tableId: Type.Integer(),
  /** The table's entity type, prefix:namespace.name. */
  typeName: Type.String(),
  /** The table's label, e.g. 'Purchase Invoice'. */
  label: Type.String(),
  status: Type.Union([Type.Literal('initiated'), Type.Literal('created')]),
  initiatedAt: Type.String(),
});

/** A pending new-card operation. */
export type NewCardOperation = Static<typeof NewCardOperationAnswer>;

/**
 * The body of `POST /api/new-card`: the document whose initiated operation the record is for,
 * and the facts the ERP needs for it (BC purchase invoice: vendorNumber; optionally
 * vendorInvoiceNumber, invoiceDate, dueDate), passed to the ERP's create as they are.
 */
export const NewCardCreateBody = Type.Object(
  {
    docId: Type.Integer({ minimum: 1 }),
    values: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' }), Type.String({ maxLength: 250 }), { maxProperties: 20 }),
  },
  { additionalProperties: false },
);

/** The JSON body of `POST /api/new-card`. */
export type NewCardCreateRequestBody = Static<typeof NewCardCreateBody>;

/** `POST /api/new-card` → the record the ERP created, and where it opens (null: no URL for it). */
export const NewCardRecordAnswer = Type.Object({
  docId: Type.Integer(),
  typeId: Type.Integer(),
  tableId: Type.Integer(),
  typeName: Type.String(),
  dataAreaId: Type.String(),
  recordId: Type.String(),
  number: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
});

/** The record a new card made. */
export type NewCardRecord = Static<typeof NewCardRecordAnswer>;

/** `PUT /api/documents/{id}/new-card` → initiate: the pending operation; complete: the document's new link and row version (LinkChange). */
export const NewCardStepAnswer = Type.Union([NewCardOperationAnswer, LinkChangeAnswer]);
