import { invalid } from '../errors/DomainError';
import type { EntityTypeMetadata } from './parseCsdl';

/** A value to compare with. */
export type EntityFilterValue = string | number | boolean | null;

/** One condition on a property. */
export interface EntityCondition {
  property: string;
  operator: 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'contains' | 'startswith';
  value: EntityFilterValue;
}

/** A filter: a condition, or all / any of several. */
export type EntityFilter = EntityCondition | { and: readonly EntityFilter[] } | { or: readonly EntityFilter[] };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The OData literal of `value` for a property of `edmType`; refuses a value the type cannot hold (no injection through a literal). */
function literal(edmType: string, property: string, value: EntityFilterValue): string {
  if (value === null) return 'null';
  const refuse = (): never => {
    throw invalid(`The value '${String(value)}' is not valid for ${property} (${edmType}).`);
  };
  switch (edmType) {
    case 'Edm.String':
      return `'${String(value).replace(/'/g, "''")}'`;
    case 'Edm.Guid':
      return typeof value === 'string' && GUID.test(value) ? value : refuse();
    case 'Edm.Date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : refuse();
    case 'Edm.DateTimeOffset':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
        ? value
        : refuse();
    case 'Edm.Boolean':
      if (typeof value === 'boolean') return String(value);
      return value === 'true' || value === 'false' ? value : refuse();
    case 'Edm.Decimal':
    case 'Edm.Double':
    case 'Edm.Int32':
    case 'Edm.Int64': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
      return Number.isFinite(number) ? String(number) : refuse();
    }
    default:
      // Enums and other types: BC compares them as their quoted text.
      return `'${String(value).replace(/'/g, "''")}'`;
  }
}

/**
 * The `$filter` text of a filter on an entity type: every property is checked with
 * `checkProperty` (it throws for a name the type lacks) and every value written as the literal
 * its Edm type takes, so no caller's text reaches the ERP unquoted.
 */
export function buildODataFilter(filter: EntityFilter, type: EntityTypeMetadata, checkProperty: (name: string) => void): string {
  if ('and' in filter || 'or' in filter) {
    const [joiner, parts] = 'and' in filter ? ['and', filter.and] : ['or', filter.or];
    const texts = parts.map((part) => buildODataFilter(part, type, checkProperty)).filter((text) => text !== '');
    if (texts.length === 0) return '';
    if (texts.length === 1) return texts[0];
    return texts.map((text) => `(${text})`).join(` ${joiner} `);
  }
  checkProperty(filter.property);
  const property = type.properties.find((candidate) => candidate.name === filter.property);
  const edmType = property?.type ?? 'Edm.String';
  if (filter.operator === 'contains' || filter.operator === 'startswith') {
    if (edmType !== 'Edm.String' || typeof filter.value !== 'string')
      throw invalid(`${filter.operator} needs a text property and a text value (${filter.property}).`);
    return `${filter.operator}(${filter.property},${literal('Edm.String', filter.property, filter.value)})`;
  }
  return `${filter.property} ${filter.operator} ${literal(edmType, filter.property, filter.value)}`;
}
