import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { RestrictionContextQuery } from './erpMetaContract';
import { nullableAnswer } from './nullableAnswer';

/*
 * Integrated tables ("sits", portal §3 IntegratedTable) and the ERP metadata calls around them
 * (embedded §7): their path and query schemas (the routes pass them as `params`/`querystring`)
 * and their answers.
 */

/** A positive integer id in a path, as text (15 digits at most, so `Number` is exact). */
function positiveIdText(errorMessage: string) {
  return Type.String({ pattern: '^[1-9]\\d{0,14}$', errorMessage, description: 'A positive integer.', examples: ['1'] });
}

/** An optional flag of a query: true / 1 or false / 0 (empty means absent). */
function flagText(name: string, description: string) {
  return Type.Optional(
    Type.String({
      pattern: '^(true|false|1|0)?$',
      errorMessage: `The parameter ${name} must be true or false.`,
      description,
      examples: ['true'],
    }),
  );
}

/** `{id}` of /sits/{id}/…: an integrated table id. */
export const SitIdParams = Type.Object({ id: positiveIdText('id must be a positive integer.') }, { additionalProperties: false });

/** The query of `GET /api/sits`: a label filter and the linking flag the client always sends. */
export const SitListQuery = Type.Object({
  filterName: Type.Optional(Type.String({ description: "Case-insensitive 'contains' on the table's label (at most 200 characters)." })),
  allowRecordLinking: flagText(
    'allowRecordLinking',
    'Only tables whose records can be found in a configured ERP (a document can be linked to them).',
  ),
});

/** The query of `GET /api/sits/allowsNewCard`. */
export const SitNewCardQuery = Type.Object({
  filterName: Type.Optional(Type.String({ description: "Case-insensitive 'contains' on the table's label (at most 200 characters)." })),
});

/** One integrated table (portal §3 IntegratedTable, without its subtypes and folders). */
export const IntegratedTableAnswer = Type.Object({
  id: Type.Integer(),
  externalTableId: Type.Integer({ description: "The ERP's table number, e.g. 23 (BC Vendor)." }),
  sourceTypeId: Type.Integer({ description: 'The kind of record within the table (BC: the document type of a Purchase Header).' }),
  entityTypeName: Type.String({ description: 'prefix:namespace.name, e.g. bc:Microsoft.NAV.Vendor.' }),
  label: Type.String(),
  productType: nullableAnswer(Type.String()),
  allowNewCard: Type.Boolean(),
});

/** `GET /api/sits` and `GET /api/sits/allowsNewCard` → the tables, by label. */
export const IntegratedTableListAnswer = Type.Array(IntegratedTableAnswer);

/** `GET /api/sits/{id}/importSettings` → where an upload on the table's records goes. */
export const ImportSettingsAnswer = Type.Object({
  sitId: Type.Integer(),
  canUpload: Type.Boolean({ description: 'The caller may upload on records of this table in at least one data area.' }),
  dataAreaIds: nullableAnswer(Type.Array(Type.String(), { description: 'The data areas the caller may upload in; null = every one.' })),
  folders: Type.Array(Type.Object({ id: Type.Integer(), text: Type.String(), subtypeId: nullableAnswer(Type.Integer()) }), {
    description: 'The display folders that take uploads, in display order.',
  }),
  queueId: nullableAnswer(
    Type.Integer({
      description: 'The workflow queue an upload enters; null = none (the document is filed on the record, outside workflow).',
    }),
  ),
});

/** Where an upload on an integrated table's records goes (the answer of `GET /api/sits/{id}/importSettings`). */
export type ImportSettings = Static<typeof ImportSettingsAnswer>;

/** `{name}` of /entity-types/{name}/…: the source's prefix and the entity type (or its set). */
export const EntityTypeNameParams = Type.Object(
  {
    name: Type.String({
      pattern: '^[a-z][a-z0-9]{0,15}:[A-Za-z][A-Za-z0-9_.]{0,127}$',
      errorMessage: 'An entity type name is prefix:type, e.g. bc:Microsoft.NAV.vendor.',
      description: "The source's prefix and the entity type (or its set), e.g. bc:Microsoft.NAV.vendor.",
      examples: ['bc:Microsoft.NAV.vendor'],
    }),
  },
  { additionalProperties: false },
);

/** `{id}` of /tables/{id}/type: the ERP's table number. */
export const ExternalTableIdParams = Type.Object(
  { id: positiveIdText('The table id must be a positive integer.') },
  { additionalProperties: false },
);

/** The query of `GET /api/tables/{id}/type`. */
export const TableTypeQuery = Type.Object({
  sourceTypeId: Type.Optional(
    Type.String({
      pattern: '^(\\d{1,9})?$',
      errorMessage: 'The parameter sourceTypeId must be an integer.',
      description: 'The kind of record within the table (BC: the document type); the lowest one when absent.',
      examples: ['2'],
    }),
  ),
});

/** `{id}` of /areas/{id}: a data area (company) name as the ERP spells it. */
export const DataAreaIdParams = Type.Object(
  { id: Type.String({ description: "A data area (company) id, e.g. 'CRONUS'; one no ERP has answers 404.", examples: ['CRONUS'] }) },
  { additionalProperties: false },
);

/** `GET /api/entity-types/{name}/system` → the ERP that serves the type. */
export const EntitySystemAnswer = Type.Object({
  prefix: Type.String({ examples: ['bc'] }),
  label: Type.String({ description: "The name users read, e.g. 'Business Central'." }),
  defaultDataAreaId: Type.String({ description: 'The company a call naming none reads.' }),
});

/** `GET /api/areas/{id}` → a data area (company) of a configured ERP. */
export const DataAreaAnswer = Type.Object({
  id: Type.String({ description: 'The data area id (BC: the company name), as the other calls take it.' }),
  displayName: Type.String(),
  companyId: Type.String({ description: "The ERP's own key of the company (BC: its SystemId)." }),
  prefix: Type.String({ description: 'The source that holds it.' }),
});

/** The query of `GET /api/entity-type/{name}/entities/by-properties`. */
export const EntitiesByPropertiesQuery = Type.Object({
  field: Type.Optional(
    Type.Array(Type.String({ description: 'A property name, or several comma-separated.' }), {
      description: 'The properties to answer, repeated or comma-separated (the keys are always answered).',
    }),
  ),
  skip: Type.Optional(
    Type.String({
      pattern: '^(-?\\d{1,15})?$',
      errorMessage: 'The parameter skip must be an integer.',
      description: 'An integer.',
      examples: ['0'],
    }),
  ),
  take: Type.Optional(
    Type.String({
      pattern: '^(-?\\d{1,15})?$',
      errorMessage: 'The parameter take must be an integer.',
      description: 'An integer.',
      examples: ['30'],
    }),
  ),
  dataAreaId: Type.Optional(
    Type.String({ description: "The company (data area) to read; the source's own by default.", examples: ['CRONUS'] }),
  ),
  ...RestrictionContextQuery,
});

/** The query of `GET /api/entities/url`: the record (all three checked by the route, so each refusal has its words). */
export const EntityUrlQuery = Type.Object({
  typeName: Type.Optional(
    Type.String({
      description: "The record's entity type, prefix:type, e.g. bc:Microsoft.NAV.vendor.",
      examples: ['bc:Microsoft.NAV.vendor'],
    }),
  ),
  dataAreaId: Type.Optional(Type.String({ description: "The record's company; the source's own by default.", examples: ['CRONUS'] })),
  recordId: Type.Optional(
    Type.String({ description: "The ERP record's id (BC: its SystemId).", examples: ['5d7e1c2a-8b3f-4a6e-9c01-000000010000'] }),
  ),
  ...RestrictionContextQuery,
});

/** `GET /api/entities/url` → where the record opens in its ERP (Launch Card). */
export const EntityUrlAnswer = Type.Object({
  url: Type.String({ description: "Business Central's web client URL of the record's card." }),
  pageId: Type.Integer({ description: 'The card page opened.' }),
  number: Type.String({ description: "The record's number, the page's filter." }),
});

/** The query of `GET /api/entities/{name}/recordMetadata` (and any `q_{field}` filter, free text). */
export const RecordMetadataQuery = Type.Object({
  columnSetName: Type.Optional(Type.String({ description: 'The column set: pushLink (default) or all.', examples: ['pushLink'] })),
  skip: Type.Optional(
    Type.String({
      pattern: '^(-?\\d{1,15})?$',
      errorMessage: 'The parameter skip must be an integer.',
      description: 'An integer.',
      examples: ['0'],
    }),
  ),
  take: Type.Optional(
    Type.String({
      pattern: '^(-?\\d{1,15})?$',
      errorMessage: 'The parameter take must be an integer.',
      description: 'An integer.',
      examples: ['30'],
    }),
  ),
  dataAreaId: Type.Optional(
    Type.String({ description: "The company (data area) to read; the source's own by default.", examples: ['CRONUS'] }),
  ),
  ...RestrictionContextQuery,
});

/** `GET /api/entities/{name}/recordMetadata` → a self-describing page: the columns, then the records. */
export const RecordMetadataAnswer = Type.Object({
  name: Type.String({ description: 'The entity type as asked.' }),
  properties: Type.Array(
    Type.Object({
      name: Type.String(),
      type: Type.String(),
      nullable: Type.Boolean(),
      maxLength: nullableAnswer(Type.Integer()),
      isKey: Type.Boolean(),
    }),
  ),
  records: Type.Array(Type.Object({}, { additionalProperties: true })),
  skip: Type.Integer(),
  take: Type.Integer(),
});
