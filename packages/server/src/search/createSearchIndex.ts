import type { DialectName } from '../db/createDatabase';
import type { SearchIndex } from './SearchIndex';
import { postgresSearchIndex } from './postgresSearchIndex';
import { sqliteSearchIndex } from './sqliteSearchIndex';

/** The search index for a dialect: FTS5 on SQLite, tsvector + GIN on PostgreSQL. */
export function createSearchIndex(dialect: DialectName): SearchIndex {
  return dialect === 'postgres' ? postgresSearchIndex : sqliteSearchIndex;
}
