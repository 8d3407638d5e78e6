import type { ErpContext } from '../model';

/**
 * Reads the context fields every source carries alike (dataAreaId, recordId with braces
 * stripped, typeName, tableId, sitId, sourceType) through `read`, keeping only well-typed
 * values: text trimmed and non-empty, integers as numbers or digit strings. The query string
 * and the parent frame's answer both come through here, so they agree on what a field means.
 */
export function readContextFields(read: (key: string) => unknown): ErpContext {
  const text = (key: string): string | undefined => {
    const value = read(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const integer = (key: string): number | undefined => {
    const value = read(key);
    const parsed = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
    return Number.isSafeInteger(parsed) ? parsed : undefined;
  };
  const context: ErpContext = {};
  const dataAreaId = text('dataAreaId');
  if (dataAreaId !== undefined) context.dataAreaId = dataAreaId;
  const recordId = text('recordId')?.replace(/[{}]/g, '');
  if (recordId) context.recordId = recordId;
  const typeName = text('typeName');
  if (typeName !== undefined) context.typeName = typeName;
  const tableId = integer('tableId');
  if (tableId !== undefined) context.tableId = tableId;
  const sitId = integer('sitId');
  if (sitId !== undefined) context.sitId = sitId;
  const sourceType = integer('sourceType');
  if (sourceType !== undefined) context.sourceType = sourceType;
  return context;
}
