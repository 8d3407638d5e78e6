import { Type, type Static } from '@sinclair/typebox';
import { nullableAnswer } from './nullableAnswer';

/** One property of an ERP entity type as its $metadata declares it. */
const EntityPropertyMetadataAnswer = Type.Object({
  name: Type.String(),
  type: Type.String({ description: "The Edm type, e.g. 'Edm.String'." }),
  nullable: Type.Boolean(),
  maxLength: nullableAnswer(Type.Integer()),
});

/** `GET /api/entity-types/{name}/properties` → the column set's properties, keys marked. */
export const EntityPropertyListAnswer = Type.Array(
  Type.Object({
    name: Type.String(),
    type: Type.String(),
    nullable: Type.Boolean(),
    maxLength: nullableAnswer(Type.Integer()),
    isKey: Type.Boolean(),
  }),
);

/** `GET /api/entities/{name}/keys` → the entity type's key property names. */
export const EntityKeysAnswer = Type.Array(Type.String());

/** One ERP entity type with everything its $metadata says (`GET /api/debug/meta/{name}`). */
export const EntityTypeDescriptionAnswer = Type.Object({
  name: Type.String({ description: "prefix:qualified name, e.g. 'bc:Microsoft.NAV.vendor'." }),
  entitySet: nullableAnswer(Type.String()),
  keys: Type.Array(Type.String()),
  properties: Type.Array(EntityPropertyMetadataAnswer),
  navigations: Type.Array(Type.Object({ name: Type.String(), targetType: Type.String(), collection: Type.Boolean() })),
});

/** `GET /api/debug/meta-list/entities/{prefix}` → every entity type of a source that has a set. */
export const EntityTypeDescriptionListAnswer = Type.Array(EntityTypeDescriptionAnswer);

/**
 * `GET /api/entity-types/{name}/entities` → one page of records: the column set's properties as
 * the ERP has them and `dataAreaId`. Which properties depends on the source's type, so every
 * property is written as it is.
 */
export const EntityRecordListAnswer = Type.Array(Type.Object({}, { additionalProperties: true }));

/** One property of an entity type's column set (`GET /api/entity-types/{name}/properties`). */
export type EntityProperty = Static<typeof EntityPropertyListAnswer>[number];

/** One record of `GET /api/entity-types/{name}/entities`: the column set's properties as the ERP has them, and dataAreaId. */
export type EntityRecord = Readonly<Record<string, unknown>>;

/** One integrated table as `GET /api/sits` answers it (portal §3 IntegratedTable). */
export interface LinkableTable {
  id: number;
  externalTableId: number;
  sourceTypeId: number;
  entityTypeName: string;
  label: string;
  productType: string | null;
  allowNewCard: boolean;
}
