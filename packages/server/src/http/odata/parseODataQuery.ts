import type { PropertyDefinition } from './EntitySetDefinition';
import { odataBadRequest } from './ODataError';
import { parseODataFilter } from './parseODataFilter';
import type { FilterNode } from './parseODataFilter';

/** Largest page the service answers; a bigger `$top` is capped and continued by `@odata.nextLink` (SECURITY row 18). */
export const MAX_PAGE_SIZE = 1000;

/** One `$orderby` item. */
export interface OrderByItem {
  property: PropertyDefinition & { column: string };
  descending: boolean;
}

/** The query options of a collection request, parsed and checked. */
export interface ODataQuery {
  filter: FilterNode | null;
  orderBy: OrderByItem[];
  /** `$top`, or null when absent (then pages of MAX_PAGE_SIZE). */
  top: number | null;
  skip: number;
  count: boolean;
}

const SUPPORTED_OPTIONS = ['$filter', '$top', '$skip', '$orderby', '$count'];

function nonNegativeInteger(params: URLSearchParams, name: string): number | null {
  const text = params.get(name);
  if (text === null) return null;
  if (!/^\d{1,9}$/.test(text)) throw odataBadRequest(`${name} must be a non-negative integer.`);
  return Number(text);
}

function parseOrderBy(text: string, properties: readonly PropertyDefinition[]): OrderByItem[] {
  const sortable = properties.filter((p): p is PropertyDefinition & { column: string } => p.sortable === true && p.column !== undefined);
  const supported = `Sortable: ${sortable.map((p) => p.name).join(', ')}.`;
  const items = text.split(',');
  if (items.length > 8) throw odataBadRequest('The $orderby has too many items.');
  return items.map((item) => {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_/]*)(?:\s+(asc|desc))?\s*$/.exec(item);
    if (match === null) throw odataBadRequest(`The $orderby item '${item.trim()}' is not 'Property [asc|desc]'. ${supported}`);
    const property = sortable.find((p) => p.name === match[1]);
    if (property === undefined) throw odataBadRequest(`The $orderby property '${match[1]}' is not supported. ${supported}`);
    return { property, descending: match[2] === 'desc' };
  });
}

/**
 * Reads the system query options of a collection request: `$filter` (eq / and on keys and
 * foreign keys), `$top`, `$skip`, `$orderby` (listed properties, asc / desc), `$count`. Any other
 * `$` option, a repeated option or a malformed value is a 400; options without `$` are custom
 * options and ignored, as OData allows.
 */
export function parseODataQuery(params: URLSearchParams, properties: readonly PropertyDefinition[]): ODataQuery {
  for (const name of new Set(params.keys())) {
    if (!name.startsWith('$')) continue;
    if (!SUPPORTED_OPTIONS.includes(name))
      throw odataBadRequest(`The query option ${name} is not supported. Supported: ${SUPPORTED_OPTIONS.join(', ')}.`);
    if (params.getAll(name).length > 1) throw odataBadRequest(`The query option ${name} is given more than once.`);
  }
  const filterText = params.get('$filter');
  const countText = params.get('$count');
  if (countText !== null && countText !== 'true' && countText !== 'false') throw odataBadRequest('$count must be true or false.');
  const orderText = params.get('$orderby');
  return {
    filter: filterText === null ? null : parseODataFilter(filterText, properties),
    orderBy: orderText === null ? [] : parseOrderBy(orderText, properties),
    top: nonNegativeInteger(params, '$top'),
    skip: nonNegativeInteger(params, '$skip') ?? 0,
    count: countText === 'true',
  };
}

/** Refuses every system query option on requests that take none (single entities, writes). */
export function refuseQueryOptions(params: URLSearchParams): void {
  for (const name of params.keys()) {
    if (name.startsWith('$')) throw odataBadRequest(`The query option ${name} is not supported on this request.`);
  }
}
