import { BUILD, type ErpContext } from '../model';

/** Options of contextFromQuery. */
export interface ContextFromQueryOptions {
  /** Prefix joined to a lower-case `typename` parameter, e.g. 'bc' → 'bc:Microsoft.NAV.Vendor'. Defaults to the build's integration. */
  typeNamePrefix?: string;
}

/**
 * Reads the ERP context from URL query parameters (portal spec §2): dataAreaId, recordId,
 * typeName, tableId, sitId, sourceType, isCapturable ('true' or not), id (braces stripped,
 * becomes recordId) and typename (joined with a prefix: the `prefix` parameter when given, else
 * the configured one). Explicit recordId/typeName win over
 * id/typename. Unparseable numbers are left out rather than guessed.
 */
export function contextFromQuery(query: string | URLSearchParams, options: ContextFromQueryOptions = {}): ErpContext {
  const params = typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query;
  const context: ErpContext = {};
  const text = (name: string): string | undefined => {
    const value = params.get(name);
    return value === null || value.trim() === '' ? undefined : value.trim();
  };
  const integer = (name: string): number | undefined => {
    const value = text(name);
    if (value === undefined || !/^-?\d+$/.test(value)) return undefined;
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : undefined;
  };

  const dataAreaId = text('dataAreaId');
  if (dataAreaId !== undefined) context.dataAreaId = dataAreaId;

  const id = text('id');
  const recordId = text('recordId') ?? (id === undefined ? undefined : id.replace(/[{}]/g, ''));
  if (recordId) context.recordId = recordId;

  const typename = text('typename');
  const prefix = text('prefix') ?? options.typeNamePrefix ?? BUILD.integration;
  const typeName = text('typeName') ?? (typename === undefined ? undefined : joinPrefix(prefix, typename));
  if (typeName !== undefined) context.typeName = typeName;

  const tableId = integer('tableId');
  if (tableId !== undefined) context.tableId = tableId;
  const sitId = integer('sitId');
  if (sitId !== undefined) context.sitId = sitId;
  const sourceType = integer('sourceType');
  if (sourceType !== undefined) context.sourceType = sourceType;

  const isCapturable = params.get('isCapturable');
  if (isCapturable !== null) context.isCapturable = isCapturable === 'true';
  return context;
}

/** Joins a type name to its prefix ('prefix:namespace.name'), unless it already carries one. */
function joinPrefix(prefix: string, typeName: string): string {
  if (typeName.includes(':') || prefix === '') return typeName;
  return `${prefix}:${typeName}`;
}
