import { sql } from 'kysely';
import type { Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { SearchHits } from './SearchIndex';

/** An ORDER BY key of the matches: an expression over the matching row and its direction. */
export interface MatchOrderKey {
  expression: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}

/**
 * One page of the matches of `matches` (a query over documents `d` with the full-text join and
 * every condition applied) in `order`, with the total from a window count in the same pass. The
 * keys are computed in an inner query, so rank functions (FTS5 `bm25`) run where the match is,
 * and the outer query sorts, counts and pages. Counting in a query of its own ran the match — the
 * costly part when a word is common — a second time. Only a page past the end counts separately.
 */
export async function pageOfMatches<DB, TB extends keyof DB>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<DB, TB, object>,
  order: readonly MatchOrderKey[],
  skip: number,
  take: number,
): Promise<SearchHits> {
  const keyed = matches.select([sql<number>`d.id`.as('id'), ...order.map((key, i) => key.expression.as(`k${i}`))]);
  let page = db.selectFrom(keyed.as('m')).select([sql<number>`m.id`.as('id'), sql<number>`count(*) over ()`.as('total')]);
  order.forEach((key, i) => {
    page = page.orderBy(sql.ref(`m.k${i}`), key.direction);
  });
  const rows = await page.limit(take).offset(skip).execute();
  if (rows.length > 0) return { ids: rows.map((r) => Number(r.id)), total: Number(rows[0].total) };
  if (skip === 0) return { ids: [], total: 0 };
  const counted = await db.selectFrom(keyed.as('c')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { ids: [], total: Number(counted.n) };
}
