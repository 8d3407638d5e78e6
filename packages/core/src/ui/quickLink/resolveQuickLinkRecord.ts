import type { QueryClient } from '@tanstack/react-query';
import type { ApiServices } from '../../api';
import type { EntityProperty, EntityRecord } from '../../contract';
import { quickLinkFailed } from '../../rules';
import { queryKeys } from '../../state/queryKeys';
import type { LinkableEntityType } from '../link/linkableEntityTypes';

/** A record key as the ERP writes it (BC: a SystemId GUID): taken as it is, without a search. */
const RECORD_ID = /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;

/** The fields users know a record by, in the order a number is looked for. */
const NUMBER_FIELDS = ['number', 'displayName', 'name'] as const;

/** The record Quick Link links to: its key, company and the number users know it by. */
export interface QuickLinkRecord {
  recordId: string;
  dataAreaId: string;
  number: string;
}

/** Quick Link's own refusal, in the words of the spec's quick-link failure ('Link failed, since record ID: …'). */
export class QuickLinkFailure extends Error {}

/**
 * The record a typed number or id names (embedded §4 Quick Link: "the record id it is given"): an
 * ERP key (a GUID) as it is; otherwise the record of that type whose number (else display name,
 * else name) is exactly the text, found with the entity list's q_{field} filter in the company in
 * context. None → QuickLinkFailure 'Link failed, since record ID: {text} was not found …'.
 */
export async function resolveQuickLinkRecord(
  api: ApiServices,
  queryClient: QueryClient,
  type: LinkableEntityType,
  text: string,
  dataAreaId: string,
): Promise<QuickLinkRecord> {
  const typed = text.trim();
  if (RECORD_ID.test(typed)) return { recordId: typed.replace(/[{}]/g, ''), dataAreaId, number: typed };
  const properties = await queryClient.fetchQuery({
    queryKey: queryKeys.entityTypeProperties(type.typeName),
    queryFn: ({ signal }) => api.link.getEntityTypeProperties(type.typeName, undefined, signal),
  });
  const key = properties.find((property: EntityProperty) => property.isKey)?.name;
  const field = NUMBER_FIELDS.find((name) => properties.some((property: EntityProperty) => property.name === name));
  if (key === undefined || field === undefined) throw new QuickLinkFailure(quickLinkFailed(typed, type.label));
  const records = await api.link.getEntities(type.typeName, { skip: 0, filters: { [field]: typed }, dataAreaId: dataAreaId || undefined });
  const match = records.find((record: EntityRecord) => String(record[field] ?? '').toLowerCase() === typed.toLowerCase());
  const recordId = match?.[key];
  if (match === undefined || typeof recordId !== 'string' || recordId === '')
    throw new QuickLinkFailure(quickLinkFailed(typed, type.label));
  return { recordId, dataAreaId: typeof match.dataAreaId === 'string' ? match.dataAreaId : dataAreaId, number: String(match[field]) };
}
