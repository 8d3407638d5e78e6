import type { SearchTag, SearchTagKind } from '@datahaven/core/model';
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DialectName } from '../db/createDatabase';
import type { Database } from '../db/schema';
import { QUEUE_ACCESS_FLAGS } from '../access';
import type { Viewer } from '../access';
import { aiTagCondition, aiTagKeyOf } from './aiTagCondition';
import { linkVisibleCondition } from './linkVisibleCondition';
import { MAX_DOCUMENT_ID } from './typedDocumentId';
import { queueGrantsCondition } from './queueSearchCondition';

/** The tag kinds the server filters on: every kind of the spec (embedded-client §3). */
export const SUPPORTED_SEARCH_TAG_KINDS = [
  'document',
  'documentName',
  'documentDescription',
  'noteTextContains',
  'fileIdContains',
  'fileIdExact',
  'userString1Contains',
  'inCompany',
  'inAllCompanies',
  'queue',
  'queueNameContains',
  'inWorkflow',
  'approval',
  'customIndex',
  'ai',
] as const satisfies readonly SearchTagKind[];

/** A tag kind the server filters on today. */
export type SupportedSearchTagKind = (typeof SUPPORTED_SEARCH_TAG_KINDS)[number];

/** A tag as the search filters on it: its kind and key (text and prefix are only for display). */
export type SearchFilterTag = Pick<SearchTag, 'key'> & { type: SupportedSearchTagKind };

type DocumentScope = ExpressionBuilder<Database & { d: Database['documents'] }, 'd'>;

/** `text` with LIKE's wildcards and the escape character escaped (escape character `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive "`column` contains `key`" on both dialects (lower() on both sides, LIKE with escapes). */
function contains(column: Expression<string>, key: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like lower(${`%${escapeLike(key)}%`}) escape '\\'`;
}

/**
 * A document (or queue) id from a tag key: a positive integer written plainly, else undefined.
 * Ids are 32-bit on PostgreSQL, so a larger number is undefined too (it names nothing, and
 * comparing an integer column with it would fail there).
 */
export function documentIdOfKey(key: string): number | undefined {
  const text = key.trim();
  if (!/^[1-9]\d{0,14}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_DOCUMENT_ID ? id : undefined;
}

/** A customIndex key split into its field (before the first '=', trimmed; null without one) and the value looked for. */
export function customIndexKey(key: string): { field: string | null; value: string } {
  const at = key.indexOf('=');
  if (at <= 0) return { field: null, value: key.trim() };
  return { field: key.slice(0, at).trim(), value: key.slice(at + 1).trim() };
}

/** The SQL condition one tag puts on document `d` for `viewer` on `dialect` (see docs/API.md, search tags). */
export function searchTagCondition(eb: DocumentScope, viewer: Viewer, tag: SearchFilterTag, dialect: DialectName): Expression<SqlBool> {
  switch (tag.type) {
    case 'document':
    case 'fileIdExact': {
      const id = documentIdOfKey(tag.key);
      return id === undefined ? sql<SqlBool>`1 = 0` : eb('d.id', '=', id);
    }
    case 'documentName':
      return contains(eb.ref('d.name'), tag.key);
    case 'documentDescription':
      return contains(eb.ref('d.description'), tag.key);
    case 'userString1Contains':
      return contains(eb.ref('d.user_string1'), tag.key);
    case 'fileIdContains':
      return sql<SqlBool>`cast(${eb.ref('d.id')} as varchar(20)) like ${`%${escapeLike(tag.key.trim())}%`} escape '\\'`;
    case 'noteTextContains':
      return eb.exists(
        eb
          .selectFrom('notes as tn')
          .select('tn.id')
          .whereRef('tn.document_id', '=', 'd.id')
          .where('tn.kind', '=', 'user')
          .where((w) => contains(w.ref('tn.text'), tag.key)),
      );
    case 'inCompany':
      return eb.exists(
        eb
          .selectFrom('record_links as tl')
          .select('tl.id')
          .whereRef('tl.document_id', '=', 'd.id')
          .where('tl.data_area_id', '=', tag.key)
          .where(linkVisibleCondition(viewer, 'tl')),
      );
    case 'inAllCompanies':
      return sql<SqlBool>`1 = 1`;
    case 'queue': {
      const id = documentIdOfKey(tag.key);
      return id === undefined ? sql<SqlBool>`1 = 0` : eb('d.queue_id', '=', id);
    }
    case 'queueNameContains':
      return eb.exists(
        eb
          .selectFrom('queues as tq')
          .select('tq.id')
          .whereRef('tq.id', '=', 'd.queue_id')
          .where((w) => contains(w.ref('tq.name'), tag.key)),
      );
    case 'inWorkflow':
      return tag.key.trim().toLowerCase() === 'false' ? eb('d.queue_id', 'is', null) : eb('d.queue_id', 'is not', null);
    case 'approval':
      // "My approvals": documents waiting in a queue where the caller may approve.
      return queueGrantsCondition(viewer, QUEUE_ACCESS_FLAGS.Approve);
    case 'customIndex': {
      // "Field=value": that custom field (by name or label) contains the value; plain text: any custom field does.
      const { field, value } = customIndexKey(tag.key);
      return eb.exists(
        eb
          .selectFrom('custom_values as cv')
          .innerJoin('custom_fields as cf', 'cf.id', 'cv.field_id')
          .select('cv.field_id')
          .whereRef('cv.document_id', '=', 'd.id')
          .where((w) => contains(w.fn.coalesce('cv.value', sql.lit('')), value))
          .$if(field !== null, (b) =>
            b.where((w) =>
              w.or([w(sql`lower(cf.name)`, '=', (field ?? '').toLowerCase()), w(sql`lower(cf.label)`, '=', (field ?? '').toLowerCase())]),
            ),
          ),
      );
    }
    case 'ai': {
      // parseSearchTags refuses an unknown key; matching nothing keeps any other caller safe.
      const key = aiTagKeyOf(tag.key);
      return key === undefined ? sql<SqlBool>`1 = 0` : aiTagCondition(key, dialect);
    }
  }
}

/** Every tag's condition for `viewer` on `dialect`, ANDed (true when there are none). */
export function searchTagsCondition(
  eb: DocumentScope,
  viewer: Viewer,
  tags: readonly SearchFilterTag[],
  dialect: DialectName,
): Expression<SqlBool> {
  return eb.and(tags.map((tag) => searchTagCondition(eb, viewer, tag, dialect)));
}
