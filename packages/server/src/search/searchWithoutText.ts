import type { Kysely } from 'kysely';
import type { DialectName } from '../db/createDatabase';
import type { Database } from '../db/schema';
import { canSeeDocument } from '../policies/documentVisibility';
import { queueSearchableCondition } from './queueSearchCondition';
import type { Viewer } from '../policies/documentVisibility';
import type { SearchHits, SearchQuery } from './SearchIndex';
import { NEWEST_FIRST, searchSortOrder } from './searchSortOrder';
import { searchTagsCondition } from './searchTagCondition';

/** A search with tags and no words, on either dialect: visible documents matching every tag, in `sort` order (newest first by default). */
export async function searchWithoutText(db: Kysely<Database>, dialect: DialectName, viewer: Viewer, query: SearchQuery): Promise<SearchHits> {
  const tags = query.tags ?? [];
  if (tags.length === 0) return { ids: [], total: 0 };
  const base = db
    .selectFrom('documents as d')
    .where((eb) => canSeeDocument(eb, viewer))
    .where(queueSearchableCondition(viewer))
    .where((eb) => searchTagsCondition(eb, viewer, tags));
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  if (total === 0 || query.skip >= total) return { ids: [], total };
  let page = base.select('d.id');
  for (const term of searchSortOrder(query.sort ?? NEWEST_FIRST, dialect)) page = page.orderBy(term.expression, term.direction);
  const rows = await page.limit(query.take).offset(query.skip).execute();
  return { ids: rows.map((r) => r.id), total };
}
