import type { ErpContext } from '../model';

/**
 * Spec §3: a context is valid when it has a record id (or related record id) or a data area,
 * and also a type name, sit id or table id. Empty strings and non-numbers count as missing.
 */
export function isValidContext(context: ErpContext | null | undefined): boolean {
  if (!context) return false;
  const hasRecord = present(context.recordId) || present(context.relatedRecordId) || present(context.dataAreaId);
  const hasType = present(context.typeName) || isNumber(context.sitId) || isNumber(context.tableId);
  return hasRecord && hasType;
}

function present(value: string | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function isNumber(value: number | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value);
}
