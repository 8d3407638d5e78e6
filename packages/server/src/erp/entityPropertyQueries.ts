import { invalid } from '../errors/DomainError';
import { resolveEntityTypeName } from './entityTypeQueries';
import type { EntitySources } from './EntitySources';

/** How GET /api/entity-type/{name}/entities/by-properties pages. */
export interface EntitiesByPropertiesOptions {
  /** The properties to answer (the keys are always answered too). */
  fields: readonly string[];
  skip: number;
  take: number;
  /** The company (data area) to read; the source's own by default. */
  dataAreaId?: string;
}

/**
 * One page of an entity type's records with only the named properties (the keys first) and
 * `dataAreaId`, in the ERP's key order: a client reads a whole lookup list by paging on until a
 * short page. A property the type lacks is refused by the connector, in its words.
 */
export async function listEntitiesByProperties(
  sources: EntitySources,
  name: string,
  options: EntitiesByPropertiesOptions,
): Promise<Record<string, unknown>[]> {
  if (options.fields.length === 0) throw invalid('Name at least one property in field, e.g. field=number.');
  const { prefix, typeName } = resolveEntityTypeName(name);
  const source = sources.source(prefix);
  const type = await source.entityType(typeName);
  const columns = [...new Set([...type.keys, ...options.fields])];
  const dataAreaId = options.dataAreaId ?? source.config.company;
  const records = await source.queryAll(type.entitySet ?? typeName, {
    company: dataAreaId,
    select: columns,
    // A stable order, or pages could skip or repeat records between calls.
    orderBy: type.keys,
    skip: options.skip,
    top: options.take,
  });
  return records.map((record) => {
    const row: Record<string, unknown> = {};
    for (const column of columns) row[column] = record[column] ?? null;
    row.dataAreaId = dataAreaId;
    return row;
  });
}
