import type { ApiClient } from './ApiClient';

/** A navigation of an entity type, as its ERP's $metadata declares it. */
export interface EntityNavigationDescription {
  name: string;
  /** The qualified target type, e.g. 'Microsoft.NAV.vendor'. */
  targetType: string;
  collection: boolean;
}

/** An entity type as GET /debug/meta/{name} answers it. */
export interface EntityTypeDescription {
  /** `prefix:qualified name`, e.g. 'bc:Microsoft.NAV.vendor'. */
  name: string;
  entitySet: string | null;
  keys: string[];
  properties: { name: string; type: string; nullable: boolean; maxLength: number | null }[];
  navigations: EntityNavigationDescription[];
}

/** The ERP serving a prefix, as GET /entity-types/{name}/system answers it. */
export interface EntitySystem {
  prefix: string;
  label: string;
  defaultDataAreaId: string;
}

/** What GET /entity-type/{type}/access answers (the fields Capture reads). */
export interface EntityTypeAccess {
  entityTypeName: string;
  sitId: number;
  dataAreaId: string;
  upload: boolean;
  capture: boolean;
}

/**
 * What the server tells of an ERP's entity types (embedded §7 "Folders, entities, metadata"): the
 * types of a source and one type as its $metadata describes them (the metadata screens), the ERP
 * serving a prefix, and the caller's access on a type's records (Capture). A type's properties and
 * records are the link resource's (LinkApi), which the entity list shares.
 */
export interface MetadataApi {
  /** Every entity type of a source (GET /debug/meta-list/entities/{prefix}). */
  listEntityTypes(prefix: string, signal?: AbortSignal): Promise<EntityTypeDescription[]>;
  /** One entity type (GET /debug/meta/{name}). */
  describeEntityType(name: string, signal?: AbortSignal): Promise<EntityTypeDescription>;
  /** The ERP of a prefix (GET /entity-types/{prefix}:source/system; only the prefix is read, no ERP call). */
  sourceOf(prefix: string, signal?: AbortSignal): Promise<EntitySystem>;
  /** The caller's access on a record type's records in a company (GET /entity-type/{type}/access). */
  getEntityTypeAccess(typeName: string, dataAreaId: string | undefined, signal?: AbortSignal): Promise<EntityTypeAccess>;
}

/** Creates the metadata calls over an ApiClient. */
export function metadataApi(client: ApiClient): MetadataApi {
  return {
    listEntityTypes: (prefix, signal) =>
      client.get<EntityTypeDescription[]>(`/debug/meta-list/entities/${encodeURIComponent(prefix)}`, { signal }),
    describeEntityType: (name, signal) => client.get<EntityTypeDescription>(`/debug/meta/${encodeURIComponent(name)}`, { signal }),
    sourceOf: (prefix, signal) => client.get<EntitySystem>(`/entity-types/${encodeURIComponent(`${prefix}:source`)}/system`, { signal }),
    getEntityTypeAccess: (typeName, dataAreaId, signal) =>
      client.get<EntityTypeAccess>(`/entity-type/${encodeURIComponent(typeName)}/access`, { query: { dataAreaId }, signal }),
  };
}
