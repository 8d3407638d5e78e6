import type { ApiClient } from '../../api';
import type { EntityProperty, EntityRecord } from '../../contract';

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

/** One page of records as the entity list asks for it. */
export interface EntityListPage {
  skip: number;
  take: number;
  filters: Readonly<Record<string, string>>;
  dataAreaId?: string;
}

/** The metadata calls the metadata screens make (embedded §7 "Folders, entities, metadata"). */
export interface MetadataApi {
  /** Every entity type of a source (GET /debug/meta-list/entities/{prefix}). */
  listEntityTypes(prefix: string, signal?: AbortSignal): Promise<EntityTypeDescription[]>;
  /** One entity type (GET /debug/meta/{name}). */
  describeEntityType(name: string, signal?: AbortSignal): Promise<EntityTypeDescription>;
  /** The ERP of a prefix (GET /entity-types/{prefix}:source/system; only the prefix is read, no ERP call). */
  sourceOf(prefix: string, signal?: AbortSignal): Promise<EntitySystem>;
  /** The pushLink properties of a type (GET /entity-types/{name}/properties). */
  properties(name: string, signal?: AbortSignal): Promise<EntityProperty[]>;
  /** One page of a type's records (GET /entity-types/{name}/entities, q_{field} filters). */
  records(name: string, page: EntityListPage, signal?: AbortSignal): Promise<EntityRecord[]>;
}

/** The metadata calls over an ApiClient. */
export function metadataApi(client: ApiClient): MetadataApi {
  return {
    listEntityTypes: (prefix, signal) =>
      client.get<EntityTypeDescription[]>(`/debug/meta-list/entities/${encodeURIComponent(prefix)}`, { signal }),
    describeEntityType: (name, signal) => client.get<EntityTypeDescription>(`/debug/meta/${encodeURIComponent(name)}`, { signal }),
    sourceOf: (prefix, signal) => client.get<EntitySystem>(`/entity-types/${encodeURIComponent(`${prefix}:source`)}/system`, { signal }),
    properties: (name, signal) => client.get<EntityProperty[]>(`/entity-types/${encodeURIComponent(name)}/properties`, { signal }),
    records: (name, page, signal) => {
      const filters: Record<string, string> = {};
      for (const [field, text] of Object.entries(page.filters)) if (text.trim() !== '') filters[`q_${field}`] = text.trim();
      return client.get<EntityRecord[]>(`/entity-types/${encodeURIComponent(name)}/entities`, {
        query: { skip: page.skip, take: page.take, dataAreaId: page.dataAreaId, ...filters },
        signal,
      });
    },
  };
}
