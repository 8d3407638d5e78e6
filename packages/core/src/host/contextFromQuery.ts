import { BUILD, type ErpContext } from '../model';
import { readContextFields } from './readContextFields';

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
  const context = readContextFields((name) => params.get(name));
  const text = (name: string): string | undefined => {
    const value = params.get(name);
    return value === null || value.trim() === '' ? undefined : value.trim();
  };

  const id = text('id');
  if (context.recordId === undefined && id !== undefined && id.replace(/[{}]/g, '') !== '') context.recordId = id.replace(/[{}]/g, '');

  const typename = text('typename');
  const prefix = text('prefix') ?? options.typeNamePrefix ?? BUILD.integration;
  if (context.typeName === undefined && typename !== undefined) context.typeName = joinPrefix(prefix, typename);

  const isCapturable = params.get('isCapturable');
  if (isCapturable !== null) context.isCapturable = isCapturable === 'true';
  return context;
}

/** Joins a type name to its prefix ('prefix:namespace.name'), unless it already carries one. */
function joinPrefix(prefix: string, typeName: string): string {
  if (typeName.includes(':') || prefix === '') return typeName;
  return `${prefix}:${typeName}`;
}
