import { invalid } from '../../errors/DomainError';
import type { RawQuery } from '../../http/requestHelpers';

/** The `q_{field}=value` filters of an ERP entity list query, by field; a repeated filter → 400. */
export function recordFiltersOf(query: RawQuery): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('q_') || key.length === 2) continue;
    if (typeof value !== 'string') throw invalid(`The filter ${key} takes one value.`);
    filters[key.slice(2)] = value;
  }
  return filters;
}
