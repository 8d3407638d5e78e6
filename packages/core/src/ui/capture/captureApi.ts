import type { ApiClient } from '../../api';

/** What GET /entity-type/{type}/access answers (the fields Capture reads). */
export interface EntityTypeAccess {
  entityTypeName: string;
  sitId: number;
  dataAreaId: string;
  upload: boolean;
  capture: boolean;
}

/** The caller's access on a record type's records in a company (GET /entity-type/{type}/access). */
export function getEntityTypeAccess(
  client: ApiClient,
  typeName: string,
  dataAreaId: string | undefined,
  signal?: AbortSignal,
): Promise<EntityTypeAccess> {
  return client.get<EntityTypeAccess>(`/entity-type/${encodeURIComponent(typeName)}/access`, { query: { dataAreaId }, signal });
}
