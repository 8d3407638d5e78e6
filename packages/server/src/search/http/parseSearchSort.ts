import { SEARCH_SORT_COLUMNS } from '../searchSortOrder';
import type { SearchSort, SearchSortColumn } from '../searchSortOrder';
import { badRequest } from '../../http/HttpError';
import { queryString } from '../../http/requestHelpers';
import type { RawQuery } from '../../http/requestHelpers';

/** `sort` (name | createdAt | FileSize) and `desc` (true | false, default false) of a request; undefined without `sort`. */
export function parseSearchSort(query: RawQuery): SearchSort | undefined {
  const by = queryString(query, 'sort');
  const desc = queryString(query, 'desc');
  if (desc !== undefined && desc !== 'true' && desc !== 'false') throw badRequest('desc must be true or false.');
  if (by === undefined) return undefined;
  if (!(SEARCH_SORT_COLUMNS as readonly string[]).includes(by)) throw badRequest(`sort must be one of ${SEARCH_SORT_COLUMNS.join(', ')}.`);
  return { by: by as SearchSortColumn, desc: desc === 'true' };
}
