import type { RecordContextQuery } from '../db/recordContext';
import { badRequest } from './HttpError';
import { queryInteger, queryString } from './requestHelpers';
import type { RawQuery } from './requestHelpers';

const MAX_TEXT = 200;

function text(query: RawQuery, name: string): string | undefined {
  const value = queryString(query, name);
  if (value !== undefined && value.length > MAX_TEXT) throw badRequest(`The parameter ${name} is too long.`);
  return value;
}

/** Reads the record context of a request's query (`id` is an alias of `recordId`, spec §2). */
export function recordContextOf(query: RawQuery): RecordContextQuery {
  return {
    dataAreaId: text(query, 'dataAreaId'),
    recordId: text(query, 'recordId') ?? text(query, 'id'),
    tableId: queryInteger(query, 'tableId'),
    sitId: queryInteger(query, 'sitId'),
    sourceType: queryInteger(query, 'sourceType'),
    typeName: text(query, 'typeName'),
  };
}
