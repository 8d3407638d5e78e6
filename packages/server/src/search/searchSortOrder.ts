import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { DialectName } from '../db/createDatabase';

/** Columns results can be sorted by (`sort=` of GET /api/documents/search). */
export const SEARCH_SORT_COLUMNS = ['name', 'createdAt', 'FileSize'] as const;

/** A column results can be sorted by. */
export type SearchSortColumn = (typeof SEARCH_SORT_COLUMNS)[number];

/** An explicit order: a column and its direction. */
export interface SearchSort {
  by: SearchSortColumn;
  desc: boolean;
}

/** One ORDER BY term over document `d`. */
export interface OrderTerm {
  expression: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}

/**
 * The ORDER BY terms of an explicit sort, ending in `d.id` in the same direction so the order is
 * total and paging is stable. Names compare lower-cased and byte-wise on both dialects
 * (PostgreSQL `collate "C"`, SQLite's default binary collation), so both sort alike.
 */
export function searchSortOrder(sort: SearchSort, dialect: DialectName): OrderTerm[] {
  const direction = sort.desc ? 'desc' : 'asc';
  const first =
    sort.by === 'name'
      ? dialect === 'postgres'
        ? sql`lower(d.name) collate "C"`
        : sql`lower(d.name)`
      : sort.by === 'createdAt'
        ? sql`d.created_at`
        : sql`(select f.size from files f where f.sha256 = d.file_sha256)`;
  return [
    { expression: first, direction },
    { expression: sql`d.id`, direction },
  ];
}

/** The default order without words: newest first. */
export const NEWEST_FIRST: SearchSort = { by: 'createdAt', desc: true };
