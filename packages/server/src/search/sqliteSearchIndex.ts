import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { canSeeDocument } from '../access';
import { pageOfMatches } from './pageOfMatches';
import type { MatchOrderKey } from './pageOfMatches';
import { queueSearchableCondition } from './queueSearchCondition';
import type { IndexEntry, SearchFields, SearchIndex } from './SearchIndex';
import { searchSortOrder } from './searchSortOrder';
import { searchTagsCondition } from './searchTagCondition';
import { searchWithoutText } from './searchWithoutText';
import { typedDocumentId } from './typedDocumentId';
import { indexedText, queryWords } from './searchWords';
import { SNIPPET_MARK_END, SNIPPET_MARK_START, parseMarkedSnippet } from '@datahaven/core/model';
import type { SearchSnippet } from '@datahaven/core/model';

/**
 * The FTS5 MATCH expression: every word quoted (ANDed), the last one a prefix; without notes,
 * limited by a column filter to name, description and page text.
 */
export function ftsMatchExpression(words: readonly string[], includeNotes: boolean): string {
  const terms = words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
  return includeNotes ? terms : `{name description body} : (${terms})`;
}

/** A row of the snippet statement: the marked passages (null where the column did not match). */
interface SnippetRow {
  id: number;
  body: string | null;
  description: string | null;
}

/**
 * The statement of a page's snippets: the marked passage of the page text and of the description
 * of each of `documentIds` that `words` match (a document that does not match gets no row).
 */
export function snippetStatement(documentIds: readonly number[], words: readonly string[]): RawBuilder<SnippetRow> {
  // Name, description and page text only: a snippet never shows note text, whoever asks.
  const match = ftsMatchExpression(words, false);
  // Ids cast as in search(): FTS5 ignores rowid bound as a JavaScript number next to MATCH.
  const ids = sql.join(documentIds.map((id) => sql`cast(${id} as integer)`));
  // `+rowid`: the unary plus keeps the id list away from FTS5, which would otherwise run the
  // whole match once per id (a seek each, re-merging a prefix's doclists every time). One pass of
  // the match, SQLite keeping the page's ids, gives the same rows, and snippet() runs only for
  // those. On 100,000 documents (p50 of a page's snippets): one common word 184 → 19 ms, a common
  // and a specific word 42 → 6 ms, a two-letter prefix 1,513 → 68 ms; two specific words 0.4 ms
  // either way. sqliteSnippetPlan.test.ts holds the plan to one pass.
  return sql<SnippetRow>`
    select rowid as id,
      snippet(document_fts, 3, ${SNIPPET_MARK_START}, ${SNIPPET_MARK_END}, '…', 24) as body,
      snippet(document_fts, 1, ${SNIPPET_MARK_START}, ${SNIPPET_MARK_END}, '…', 24) as description
    from document_fts where document_fts match ${match} and +rowid in (${ids})`;
}

/** Documents per statement when writing the index (5 values each, far below SQLite's variable limit). */
const WRITE_CHUNK = 500;

/**
 * SQLite FTS5 index (`document_fts`, rowid = document id; columns name, description, notes,
 * body). Ranked exact name first, then bm25 weighting name 10, description 4, notes 2, body 1.
 */
export const sqliteSearchIndex: SearchIndex = {
  async indexDocument(db: Kysely<Database>, documentId: number, fields: SearchFields): Promise<void> {
    await sqliteSearchIndex.indexDocuments(db, [{ documentId, fields }]);
  },

  async indexDocuments(db: Kysely<Database>, entries: readonly IndexEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += WRITE_CHUNK) {
      const chunk = entries.slice(start, start + WRITE_CHUNK);
      // FTS5 has no upsert: the old rows go, the new ones come, both in one statement each.
      await sqliteSearchIndex.removeDocuments(
        db,
        chunk.map((entry) => entry.documentId),
      );
      await db
        .insertInto('document_fts')
        .values(
          chunk.map(({ documentId, fields }) => ({
            rowid: documentId,
            name: indexedText(fields.name),
            description: indexedText(fields.description),
            notes: indexedText(fields.notes),
            body: indexedText(fields.text),
          })),
        )
        .execute();
    }
  },

  async removeDocument(db: Kysely<Database>, documentId: number): Promise<void> {
    await sqliteSearchIndex.removeDocuments(db, [documentId]);
  },

  async removeDocuments(db: Kysely<Database>, documentIds: readonly number[]): Promise<void> {
    for (let start = 0; start < documentIds.length; start += WRITE_CHUNK) {
      await db
        .deleteFrom('document_fts')
        .where('rowid', 'in', documentIds.slice(start, start + WRITE_CHUNK))
        .execute();
    }
  },

  async search(db, viewer, query) {
    const words = queryWords(query.q);
    if (words.length === 0) return searchWithoutText(db, 'sqlite', viewer, query);
    const match = ftsMatchExpression(words, query.includeNotes);
    const phrase = words.join(' ');
    const scoped = db
      .selectFrom('documents as d')
      .where((eb) => canSeeDocument(eb, viewer))
      .where(queueSearchableCondition(viewer))
      .where((eb) => searchTagsCondition(eb, viewer, query.tags ?? [], 'sqlite'));
    const typedId = typedDocumentId(query.q);
    if (typedId === undefined) {
      const base = scoped.innerJoin('document_fts', 'document_fts.rowid', 'd.id').where(sql<SqlBool>`document_fts match ${match}`);
      const order: MatchOrderKey[] =
        query.sort === undefined
          ? [
              {
                expression: sql`case when document_fts.name = ${phrase} or document_fts.name = ${phrase} || ' ' || d.extension then 0 else 1 end`,
                direction: 'asc',
              },
              { expression: sql`bm25(document_fts, 10.0, 4.0, 2.0, 1.0)`, direction: 'asc' },
              { expression: sql`d.id`, direction: 'desc' },
            ]
          : searchSortOrder(query.sort, 'sqlite');
      return pageOfMatches(db, base, order, query.skip, query.take);
    }
    // A typed file id: the text matches (ranked where the match is, as bm25 needs) plus the
    // document with that id when its text does not match, so it is counted and paged once. The
    // id is cast: FTS5 ignored a `rowid = ?` bound as a JavaScript number next to MATCH.
    const textHits = db
      .selectFrom('document_fts')
      .select([
        sql<number>`document_fts.rowid`.as('id'),
        sql<number | null>`bm25(document_fts, 10.0, 4.0, 2.0, 1.0)`.as('score'),
        sql<string | null>`document_fts.name`.as('fname'),
      ])
      .where(sql<SqlBool>`document_fts match ${match}`);
    const idHit = db
      .selectNoFrom([
        sql<number>`cast(${typedId} as integer)`.as('id'),
        sql<number | null>`null`.as('score'),
        sql<string | null>`null`.as('fname'),
      ])
      .where(
        sql<SqlBool>`not exists (select 1 from document_fts where document_fts.rowid = cast(${typedId} as integer) and document_fts match ${match})`,
      );
    const base = scoped.innerJoin(textHits.unionAll(idHit).as('f'), 'f.id', 'd.id');
    const order: MatchOrderKey[] =
      query.sort === undefined
        ? [
            { expression: sql`case when d.id = ${typedId} then 0 else 1 end`, direction: 'asc' },
            {
              expression: sql`case when f.fname = ${phrase} or f.fname = ${phrase} || ' ' || d.extension then 0 else 1 end`,
              direction: 'asc',
            },
            { expression: sql`f.score`, direction: 'asc' },
            { expression: sql`d.id`, direction: 'desc' },
          ]
        : searchSortOrder(query.sort, 'sqlite');
    return pageOfMatches(db, base, order, query.skip, query.take);
  },

  async snippets(db, documentIds, q) {
    const snippets = new Map<number, SearchSnippet>();
    const words = queryWords(q);
    if (words.length === 0 || documentIds.length === 0) return snippets;
    const rows = await snippetStatement(documentIds, words).execute(db);
    for (const row of rows.rows) {
      const snippet = parseMarkedSnippet(row.body) ?? parseMarkedSnippet(row.description);
      if (snippet !== null) snippets.set(Number(row.id), snippet);
    }
    return snippets;
  },
};
