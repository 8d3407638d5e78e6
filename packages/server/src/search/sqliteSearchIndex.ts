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
import { linkedRecordMatches } from './linkedRecordMatches';
import { indexedText, queryWords } from './searchWords';
import { parseMarkedSnippet } from '@datahaven/core/model';
import { markedPassage } from './markedPassage';
import type { SearchSnippet } from '@datahaven/core/model';

/**
 * The FTS5 MATCH expression: every word quoted (ANDed), the last one a prefix; without notes,
 * limited by a column filter to name, description and page text.
 */
export function ftsMatchExpression(words: readonly string[], includeNotes: boolean): string {
  const terms = words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
  return includeNotes ? terms : `{name description body} : (${terms})`;
}

/** A row of the snippet statement: a matching document's page text (its first HEADLINE_TEXT_CHARS) and description. */
interface SnippetRow {
  id: number;
  body: string | null;
  description: string | null;
}

/** Page text read for a snippet: enough around the first pages, never the whole 200 000 characters of a long file. */
const SNIPPET_TEXT_CHARS = 50_000;

/**
 * The statement of a page's snippets: the page text and the description, as written, of each of
 * `documentIds` that `words` match (a document that does not match gets no row). The passage is
 * cut from them (markedPassage), not by FTS5's snippet(), which cuts from the indexed words and
 * so printed "150 00" for 150.00.
 */
export function snippetStatement(documentIds: readonly number[], words: readonly string[]): RawBuilder<SnippetRow> {
  // Name, description and page text only: a snippet never shows note text, whoever asks.
  const match = ftsMatchExpression(words, false);
  // Ids cast as in search(): FTS5 ignores rowid bound as a JavaScript number next to MATCH.
  const ids = sql.join(documentIds.map((id) => sql`cast(${id} as integer)`));
  // `+rowid`: the unary plus keeps the id list away from FTS5, which would otherwise run the
  // whole match once per id (a seek each, re-merging a prefix's doclists every time). One pass of
  // the match, SQLite keeping the page's ids. On 100,000 documents (p50 of a page's snippets): one
  // common word 184 → 19 ms, a common and a specific word 42 → 6 ms, a two-letter prefix 1,513 →
  // 68 ms; two specific words 0.4 ms either way. `cross join` keeps FTS5 the outer loop, so the
  // documents are looked up by id for the matches and never offer FTS5 a rowid to run per row.
  // sqliteSnippetPlan.test.ts holds the plan to one pass.
  return sql<SnippetRow>`
    select document_fts.rowid as id, substr(ft.text, 1, ${SNIPPET_TEXT_CHARS}) as body, sd.description as description
    from document_fts cross join documents sd on sd.id = document_fts.rowid
      left join file_texts ft on ft.file_sha256 = sd.file_sha256
    where document_fts match ${match} and +document_fts.rowid in (${ids})`;
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
    const textHits = db
      .selectFrom('document_fts')
      .select([
        sql<number>`document_fts.rowid`.as('id'),
        sql<number | null>`bm25(document_fts, 10.0, 4.0, 2.0, 1.0)`.as('score'),
        sql<string | null>`document_fts.name`.as('fname'),
      ])
      .where(sql<SqlBool>`document_fts match ${match}`);
    // Documents found other than by their text: their linked record's number, name or facts, and
    // a typed file id. Each is added once and only when its text does not match, so it is counted
    // and paged once (ranked where the match is, as bm25 needs). The id is cast: FTS5 ignored a
    // `rowid = ?` bound as a JavaScript number next to MATCH.
    const linked = linkedRecordMatches(db, 'sqlite', words);
    const otherIds = typedId === undefined ? linked : linked.union(db.selectNoFrom(sql<number>`cast(${typedId} as integer)`.as('id')));
    const otherHits = db
      .selectFrom(otherIds.as('o'))
      .select([sql<number>`o.id`.as('id'), sql<number | null>`null`.as('score'), sql<string | null>`null`.as('fname')])
      .where(sql<SqlBool>`o.id not in (select document_fts.rowid from document_fts where document_fts match ${match})`);
    const base = scoped.innerJoin(textHits.unionAll(otherHits).as('f'), 'f.id', 'd.id');
    const order: MatchOrderKey[] =
      query.sort === undefined
        ? [
            ...(typedId === undefined
              ? []
              : [{ expression: sql`case when d.id = ${typedId} then 0 else 1 end`, direction: 'asc' } satisfies MatchOrderKey]),
            {
              expression: sql`case when f.fname = ${phrase} or f.fname = ${phrase} || ' ' || d.extension then 0 else 1 end`,
              direction: 'asc',
            },
            // A document found by its record alone ranks after those whose text matches (bm25 is below 0).
            { expression: sql`coalesce(f.score, 0)`, direction: 'asc' },
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
      const snippet =
        parseMarkedSnippet(markedPassage(row.body ?? '', words)) ?? parseMarkedSnippet(markedPassage(row.description ?? '', words));
      if (snippet !== null) snippets.set(Number(row.id), snippet);
    }
    return snippets;
  },
};
