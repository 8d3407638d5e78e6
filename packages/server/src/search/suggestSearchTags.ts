import { SEARCH_TAG_PREFIXES } from '@datahaven/core/model';
import type { SearchTag } from '@datahaven/core/model';
import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import type { DialectName } from '../db/createDatabase';
import type { Database } from '../db/schema';
import { canSeeDocument, effectiveQueueAccessSql } from '../access';
import type { Viewer } from '../access';
import { SEARCHABLE_QUEUE, queueSearchableCondition } from './queueSearchCondition';
import { linkVisibleCondition } from './linkVisibleCondition';
import { documentIdOfKey, escapeLike, searchTagsCondition } from './searchTagCondition';
import type { SearchFilterTag } from './searchTagCondition';

/** What the user has typed so far, the tags already chosen and the page of suggestions wanted. */
export interface SuggestionQuery {
  q: string;
  skip: number;
  take: number;
  tags: readonly SearchFilterTag[];
}

/** Most company tags considered per request (data areas are few). */
const MAX_COMPANIES = 200;

/** Most queue tags considered per request. */
const MAX_QUEUES = 50;

function tag(type: 'documentName' | 'fileIdExact' | 'inCompany' | 'queue', key: string, text = key): SearchTag {
  return { type, key, text, prefix: SEARCH_TAG_PREFIXES[type] };
}

/**
 * Tags to offer while the user types (GET /api/search-tags), in this order: the exact file id
 * (`q` is a visible document's id), queues whose name contains `q` that the caller may browse and
 * search within, companies (data areas whose name contains `q`, of links the
 * caller has view access through, on documents they may see under the current tags), then
 * document names containing `q` (names starting with it first) among documents the caller may see
 * under the current tags. Everything is filtered in SQL by the visibility condition (SECURITY
 * row 10). Names and ids need a non-blank `q`; a blank `q` lists companies only.
 */
export async function suggestSearchTags(
  db: Kysely<Database>,
  dialect: DialectName,
  viewer: Viewer,
  query: SuggestionQuery,
): Promise<SearchTag[]> {
  const q = query.q.trim();
  const visible = () =>
    db
      .selectFrom('documents as d')
      .where((eb) => canSeeDocument(eb, viewer))
      .where(queueSearchableCondition(viewer))
      .where((eb) => searchTagsCondition(eb, viewer, query.tags, dialect));
  const lead: SearchTag[] = [];

  const id = documentIdOfKey(q);
  if (id !== undefined) {
    const row = await visible().select('d.id').where('d.id', '=', id).executeTakeFirst();
    if (row !== undefined) lead.push(tag('fileIdExact', String(row.id)));
  }

  if (q !== '') {
    // Queues the caller may browse and search within whose name contains q; offered with the
    // queue's id as key so the tag stays right when a queue is renamed later.
    const queues = await db
      .selectFrom('queues as sq')
      .select(['sq.id', 'sq.name'])
      .where('sq.enabled', '=', 1)
      .where(sql<SqlBool>`lower(sq.name) like lower(${`%${escapeLike(q)}%`}) escape '\\'`)
      .$if(!viewer.isManager, (b) =>
        b.where(sql<SqlBool>`(${effectiveQueueAccessSql(viewer, 'sq')} & ${sql.lit(SEARCHABLE_QUEUE)}) = ${sql.lit(SEARCHABLE_QUEUE)}`),
      )
      .orderBy(sql`lower(sq.name)`)
      .orderBy('sq.id')
      .limit(MAX_QUEUES)
      .execute();
    lead.push(...queues.map((row) => tag('queue', String(row.id), row.name)));
  }

  const areas = await db
    .selectFrom('record_links as l')
    .select('l.data_area_id')
    .distinct()
    .where('l.document_id', 'in', visible().select('d.id'))
    .where(sql<SqlBool>`lower(l.data_area_id) like lower(${`%${escapeLike(q)}%`}) escape '\\'`)
    .where(linkVisibleCondition(viewer, 'l'))
    .orderBy('l.data_area_id')
    .limit(MAX_COMPANIES)
    .execute();
  lead.push(...areas.map((a) => tag('inCompany', a.data_area_id)));

  const leading = lead.slice(query.skip, query.skip + query.take);
  const nameTake = query.take - leading.length;
  if (q === '' || nameTake === 0) return leading;
  const nameSkip = Math.max(0, query.skip - lead.length);
  const byteOrder = dialect === 'postgres' ? sql`lower(d.name) collate "C"` : sql`lower(d.name)`;
  const names = await visible()
    .select('d.name')
    .where(sql<SqlBool>`lower(d.name) like lower(${`%${escapeLike(q)}%`}) escape '\\'`)
    .groupBy('d.name')
    .orderBy(sql`case when lower(d.name) like lower(${`${escapeLike(q)}%`}) escape '\\' then 0 else 1 end`)
    .orderBy(byteOrder)
    .orderBy('d.name')
    .limit(nameTake)
    .offset(nameSkip)
    .execute();
  return [...leading, ...names.map((n) => tag('documentName', n.name))];
}
