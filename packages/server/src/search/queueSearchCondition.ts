import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import { QUEUE_ACCESS_FLAGS, effectiveQueueAccessSql } from '../access';
import type { Viewer } from '../access';

/** The access a queued document needs to show up in search: browse to its queue and search within it. */
export const SEARCHABLE_QUEUE = QUEUE_ACCESS_FLAGS.BrowseToQueue | QUEUE_ACCESS_FLAGS.SearchWithin;

/**
 * "Document `d` may appear in search results, suggestions and counts as far as its queue goes"
 * (issue 5, SECURITY row 10): a document in no queue, or in a queue where the caller's effective
 * access has both BrowseToQueue and SearchWithin. A security manager searches every queue. Search
 * ANDs this with canSeeDocument, so a document in a queue the caller may not browse is never found,
 * suggested or counted, even when a record link would let the caller open it.
 */
export function queueSearchableCondition(viewer: Viewer): RawBuilder<SqlBool> {
  if (viewer.isManager) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(d.queue_id is null or exists (
    select 1 from queues sq where sq.id = d.queue_id
      and (${effectiveQueueAccessSql(viewer, 'sq')} & ${sql.lit(SEARCHABLE_QUEUE)}) = ${sql.lit(SEARCHABLE_QUEUE)}))`;
}

/** "The caller may act on `d` with `flag` in its queue": the document's queue grants it to them. */
export function queueGrantsCondition(viewer: Viewer, flag: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from queues gq where gq.id = d.queue_id
      and (${effectiveQueueAccessSql(viewer, 'gq')} & ${sql.lit(flag)}) <> 0)`;
}
