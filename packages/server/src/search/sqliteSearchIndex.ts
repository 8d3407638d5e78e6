import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { canSeeDocument } from '../policies/documentVisibility';
import { queueSearchableCondition } from './queueSearchCondition';
import type { SearchFields, SearchIndex } from './SearchIndex';
import { searchSortOrder } from './searchSortOrder';
import { searchTagsCondition } from './searchTagCondition';
import { searchWithoutText } from './searchWithoutText';
import { indexedText, queryWords } from './searchWords';

/**
 * The FTS5 MATCH expression: every word quoted (ANDed), the last one a prefix; without notes,
 * limited by a column filter to name, description and page text.
 */
export function ftsMatchExpression(words: readonly string[], includeNotes: boolean): string {
  const terms = words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
  return includeNotes ? terms : `{name description body} : (${terms})`;
}

/**
 * SQLite FTS5 index (`document_fts`, rowid = document id; columns name, description, notes,
 * body). Ranked exact name first, then bm25 weighting name 10, description 4, notes 2, body 1.
 */
export const sqliteSearchIndex: SearchIndex = {
  async indexDocument(db: Kysely<Database>, documentId: number, fields: SearchFields): Promise<void> {
    await db.deleteFrom('document_fts').where('rowid', '=', documentId).execute();
    await db
      .insertInto('document_fts')
      .values({
        rowid: documentId,
        name: indexedText(fields.name),
        description: indexedText(fields.description),
        notes: indexedText(fields.notes),
        body: indexedText(fields.text),
      })
      .execute();
  },

  async removeDocument(db: Kysely<Database>, documentId: number): Promise<void> {
    await db.deleteFrom('document_fts').where('rowid', '=', documentId).execute();
  },

  async search(db, viewer, query) {
    const words = queryWords(query.q);
    if (words.length === 0) return searchWithoutText(db, 'sqlite', viewer, query);
    const match = ftsMatchExpression(words, query.includeNotes);
    const phrase = words.join(' ');
    const base = db
      .selectFrom('documents as d')
      .where((eb) => canSeeDocument(eb, viewer))
      .where(queueSearchableCondition(viewer))
      .where((eb) => searchTagsCondition(eb, viewer, query.tags ?? []))
      .innerJoin('document_fts', 'document_fts.rowid', 'd.id')
      .where(sql<SqlBool>`document_fts match ${match}`);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const total = Number(counted.n);
    if (total === 0 || query.skip >= total) return { ids: [], total };
    let page = base.select('d.id');
    if (query.sort === undefined) {
      page = page
        .orderBy(sql`case when document_fts.name = ${phrase} or document_fts.name = ${phrase} || ' ' || d.extension then 0 else 1 end`)
        .orderBy(sql`bm25(document_fts, 10.0, 4.0, 2.0, 1.0)`)
        .orderBy('d.id', 'desc');
    } else {
      for (const term of searchSortOrder(query.sort, 'sqlite')) page = page.orderBy(term.expression, term.direction);
    }
    const rows = await page.limit(query.take).offset(query.skip).execute();
    return { ids: rows.map((r) => r.id), total };
  },
};
