import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { nullableAnswer } from './nullableAnswer';

/*
 * The ERP metadata and access calls of issue 11 (embedded §7): record groups
 * (`PUT/DELETE /record-group-memberships`), what a caller may do with an entity type's records
 * (`GET /entity-type/{type}/access`, `…/subtype/{subtype}/access`) and the URL of a folder's
 * record (`GET /folder-structure/url-generation/{sourceId}`). Shapes are ours where the spec is
 * silent (docs/API.md).
 */

/** A positive integer id in a path, as text. */
function positiveIdText(errorMessage: string) {
  return Type.String({ pattern: '^[1-9]\\d{0,14}$', errorMessage, description: 'A positive integer.', examples: ['1'] });
}

/** An optional positive id of a query (empty means absent). */
function idQuery(name: string, description: string) {
  return Type.Optional(
    Type.String({
      pattern: '^([1-9]\\d{0,14})?$',
      errorMessage: `The parameter ${name} must be a positive integer.`,
      description,
      examples: ['1'],
    }),
  );
}

/** The document or queue a call is made for: RestrictToDataAreaId of its queue applies. */
export const RestrictionContextQuery = {
  docId: idQuery('docId', 'The document the call is made for (its queue may restrict the companies: RestrictToDataAreaId).'),
  queueId: idQuery('queueId', 'The queue the call is made in (RestrictToDataAreaId).'),
};

/** One record of a record group, as a request names it. */
export const RecordGroupRecordBody = Type.Object(
  {
    sitId: Type.Optional(Type.Integer({ minimum: 1, description: 'The integrated table of the record.' })),
    typeName: Type.Optional(
      Type.String({
        maxLength: 300,
        description: 'The entity type, prefix:type, when sitId is absent.',
        examples: ['bc:Microsoft.NAV.Vendor'],
      }),
    ),
    dataAreaId: Type.Optional(Type.String({ maxLength: 100, description: "The record's company; the source's own when absent." })),
    recordId: Type.String({ minLength: 1, maxLength: 200, description: "The ERP record's id (BC: its SystemId)." }),
  },
  { additionalProperties: false },
);

/** The body of `PUT /api/record-group-memberships` (embedded §3 "Record group membership": source, records). */
export const RecordGroupMembershipBody = Type.Object(
  {
    recordGroupMembershipId: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The group whose records are replaced; absent: a new group.' }),
    ),
    source: Type.String({ minLength: 1, maxLength: 16, description: "The ERP source's prefix, e.g. bc.", examples: ['bc'] }),
    records: Type.Array(RecordGroupRecordBody, { minItems: 2, maxItems: 50, description: 'The records grouped (2 to 50).' }),
    docId: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The document the group is made for (RestrictToDataAreaId of its queue).' }),
    ),
    queueId: Type.Optional(Type.Integer({ minimum: 1, description: 'The queue the group is made in (RestrictToDataAreaId).' })),
    dataAreaId: Type.Optional(Type.String({ maxLength: 100, description: "The client's current company." })),
  },
  { additionalProperties: false },
);

/** What `PUT /api/record-group-memberships` takes. */
export type RecordGroupMembershipRequest = Static<typeof RecordGroupMembershipBody>;

/** One record of a group, as answered. */
export const RecordGroupRecordAnswer = Type.Object({
  sitId: Type.Integer(),
  typeName: Type.String(),
  tableLabel: Type.String(),
  dataAreaId: Type.String(),
  recordId: Type.String(),
  number: Type.String({ description: "The record's number as the ERP answered it when grouped." }),
  displayName: Type.String(),
});

/** `PUT /api/record-group-memberships` → the group. */
export const RecordGroupMembershipAnswer = Type.Object({
  recordGroupMembershipId: Type.Integer(),
  source: Type.String(),
  records: Type.Array(RecordGroupRecordAnswer),
});

/** `{id}` of `DELETE /api/record-group-memberships/{id}`. */
export const RecordGroupIdParams = Type.Object(
  { id: positiveIdText('The record group id must be a positive integer.') },
  { additionalProperties: false },
);

/** `{name}` of `/entity-type/{name}/access` (the spec's `{type}`; named as by-properties names it, which shares the path): prefix:type. */
const entityTypeName = Type.String({
  pattern: '^[a-z][a-z0-9]{0,15}:[A-Za-z][A-Za-z0-9_.]{0,127}$',
  errorMessage: 'An entity type name is prefix:type, e.g. bc:Microsoft.NAV.vendor.',
  description: "The source's prefix and the entity type, e.g. bc:Microsoft.NAV.Vendor.",
  examples: ['bc:Microsoft.NAV.Vendor'],
});

/** The path of `GET /api/entity-type/{type}/access`. */
export const EntityTypeAccessParams = Type.Object({ name: entityTypeName }, { additionalProperties: false });

/** The path of `GET /api/entity-type/{type}/subtype/{subtype}/access`. */
export const EntitySubtypeAccessParams = Type.Object(
  { name: entityTypeName, subtype: positiveIdText('The subtype id must be a positive integer.') },
  { additionalProperties: false },
);

/** The query of the access calls: the company the records are in. */
export const EntityTypeAccessQuery = Type.Object({
  dataAreaId: Type.Optional(Type.String({ description: "The records' company; the ERP source's own when absent.", examples: ['CRONUS'] })),
});

/** `GET /api/entity-type/{type}/access` (and the subtype's) → what the caller may do with the type's records. */
export const EntityTypeAccessAnswer = Type.Object({
  entityTypeName: Type.String(),
  sitId: Type.Integer(),
  subtypeId: nullableAnswer(Type.Integer()),
  dataAreaId: Type.String(),
  view: Type.Boolean({ description: "See the records' documents (table access in the company)." }),
  upload: Type.Boolean({
    description: "'Cabinet: Import Documents' and upload access in the company (for a subtype: a folder of it takes uploads).",
  }),
  capture: Type.Boolean({ description: "'Dynamics: Capture' and upload." }),
  link: Type.Boolean({ description: "'Dynamics: Link to Existing' and view." }),
  unlink: Type.Boolean({ description: "'Dynamics: Break Link' and view." }),
  newCard: Type.Boolean({ description: "'Dynamics: New Card From Document' and the table allows a new card." }),
  launchCard: Type.Boolean({ description: "'Dynamics: Launch Card From Document' and view." }),
  changeSubtype: Type.Boolean({ description: "'Dynamics: Change Document Subtype' and view." }),
});

/** The path of `GET /api/folder-structure/url-generation/{sourceId}`: the folder's integrated table. */
export const UrlGenerationParams = Type.Object(
  { sourceId: positiveIdText('The source id (an integrated table id) must be a positive integer.') },
  { additionalProperties: false },
);

/** The query of `GET /api/folder-structure/url-generation/{sourceId}`: the folder's record. */
export const UrlGenerationQuery = Type.Object({
  dataAreaId: Type.Optional(Type.String({ description: "The record's company; the source's own when absent.", examples: ['CRONUS'] })),
  recordId: Type.Optional(
    Type.String({ description: "The ERP record's id (BC: its SystemId).", examples: ['5d7e1c2a-8b3f-4a6e-9c01-000000010000'] }),
  ),
  ...RestrictionContextQuery,
});

/** `GET /api/folder-structure/url-generation/{sourceId}` → where the folder's record opens in its ERP. */
export const UrlGenerationAnswer = Type.Object({
  url: Type.String(),
  pageId: Type.Integer(),
  number: Type.String(),
  sitId: Type.Integer(),
  typeName: Type.String(),
  dataAreaId: Type.String(),
  recordId: Type.String(),
});
