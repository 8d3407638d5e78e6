import { entityTypeProperties, listEntities } from './entityTypeQueries';
import type { EntityListOptions, EntityPropertyAnswer } from './entityTypeQueries';
import type { EntitySources } from './EntitySources';

/** A page of records with the columns that describe them (GET /api/entities/{name}/recordMetadata). */
export interface RecordMetadataPage {
  name: string;
  properties: EntityPropertyAnswer[];
  records: Record<string, unknown>[];
  skip: number;
  take: number;
}

/**
 * The column set's properties (from the cached $metadata) and one page of records with them, so a
 * grid can show records it knows nothing about; pages and filters as GET /entity-types/{name}/entities.
 */
export async function readRecordMetadata(sources: EntitySources, name: string, options: EntityListOptions): Promise<RecordMetadataPage> {
  const properties = await entityTypeProperties(sources, name, options.columnSetName);
  const records = await listEntities(sources, name, options);
  return { name, properties, records, skip: options.skip, take: options.take };
}
