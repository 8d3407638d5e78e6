import type { Kysely } from 'kysely';
import type { DialectName } from '../db/createDatabase';
import type { Database } from '../db/schema';
import { canSeeDocument } from '../access';
import type { Viewer } from '../access';
import { pageOfMatches } from './pageOfMatches';
import { queueSearchableCondition } from './queueSearchCondition';
import type { SearchHits, SearchQuery } from './SearchIndex';
import { NEWEST_FIRST, searchSortOrder } from './searchSortOrder';
import { searchTagsCondition } from './searchTagCondition';

/** A search with tags and no words, on either dialect: visible documents matching every tag, in `sort` order (newest first by default), page and total in one pass. */
export async function searchWithoutText(
  db: Kysely<Database>,
  dialect: DialectName,
  viewer: Viewer,
  query: SearchQuery,
): Promise<SearchHits> {
  const tags = query.tags ?? [];
  if (tags.length === 0) return { ids: [], total: 0 };
  const base = db
    .selectFrom('documents as d')
    .where((eb) => canSeeDocument(eb, viewer))
    .where(queueSearchableCondition(viewer))
    .where((eb) => searchTagsCondition(eb, viewer, tags, dialect));
  return pageOfMatches(db, base, searchSortOrder(query.sort ?? NEWEST_FIRST, dialect), query.skip, query.take);
}
