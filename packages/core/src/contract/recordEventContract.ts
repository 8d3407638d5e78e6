import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

/*
 * The ERP telling the product that one of its records was posted (ours; the spec words no such
 * call): `PUT /api/record-events/posted`. Business Central's side is the AL codeunit in
 * manifests/bc that subscribes to the purchase posting; docs/UX-DECISIONS.md "Posted invoices".
 */

/** The body of `PUT /api/record-events/posted`: the record that was posted and the posted record it became. */
export const RecordPostedBody = Type.Object(
  {
    typeName: Type.String({
      minLength: 1,
      maxLength: 300,
      description: "The posted draft's entity type, prefix:namespace.name.",
      examples: ['bc:Microsoft.NAV.PurchaseHeader'],
    }),
    dataAreaId: Type.Optional(
      Type.String({ maxLength: 100, description: "The records' company; the ERP source's own when blank.", examples: ['CRONUS'] }),
    ),
    recordId: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "The draft's id (BC: its SystemId).",
      examples: ['8a4f2e6b-1c9d-4b3a-8e02-000000001003'],
    }),
    postedTypeName: Type.String({
      minLength: 1,
      maxLength: 300,
      description: "The posted record's entity type.",
      examples: ['bc:Microsoft.NAV.PurchInvHeader'],
    }),
    postedRecordId: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "The posted record's id (BC: the Purch. Inv. Header's SystemId).",
    }),
  },
  { additionalProperties: false },
);

/** The JSON body of `PUT /api/record-events/posted`. */
export type RecordPostedRequestBody = Static<typeof RecordPostedBody>;

/** What `PUT /api/record-events/posted` answers: the posted record's number and the documents that followed it (none when they already had). */
export const RecordPostedAnswer = Type.Object({
  postedNumber: Type.String(),
  documentIds: Type.Array(Type.Integer()),
});

/** The 200 answer of a posting event. */
export type RecordPosted = Static<typeof RecordPostedAnswer>;
