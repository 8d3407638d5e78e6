import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { executeShaped } from '../db/statementShapes';
import { isAnyOfPostgresIdArray, postgresIdArray } from '../db/postgresIdArray';
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

/** Page text read for a snippet: enough around the first pages, never the whole 200 000 characters of a long file. */
const SNIPPET_TEXT_CHARS = 50_000;

/**
 * The to_tsquery text: every word quoted and ANDed, the last one a prefix (`:*`); without
 * notes, each word limited to the weights of name, description and page text (A, B, D).
 */
export function tsQueryText(words: readonly string[], includeNotes: boolean): string {
  const weights = includeNotes ? '' : 'ABD';
  return words
    .map((w, i) => {
      const flags = `${i === words.length - 1 ? '*' : ''}${weights}`;
      return `'${w}'${flags === '' ? '' : `:${flags}`}`;
    })
    .join(' & ');
}

/** Documents per statement when writing the index (6 parameters each, far below PostgreSQL's 65,535). */
const WRITE_CHUNK = 500;

/**
 * PostgreSQL index (`document_search`: one row per document with its normalised name and a
 * weighted `tsvector` — name A, description B, notes C, body D — under a GIN index; the 'simple'
 * configuration, so no stemming, like FTS5). Ranked exact name first, then ts_rank.
 */
export const postgresSearchIndex: SearchIndex = {
  async indexDocument(db: Kysely<Database>, documentId: number, fields: SearchFields): Promise<void> {
    await postgresSearchIndex.indexDocuments(db, [{ documentId, fields }]);
  },

  async indexDocuments(db: Kysely<Database>, entries: readonly IndexEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += WRITE_CHUNK) {
      const rows = entries.slice(start, start + WRITE_CHUNK).map(({ documentId, fields }) => {
        const name = indexedText(fields.name);
        const vector = sql<string>`setweight(to_tsvector('simple', ${name}), 'A')
          || setweight(to_tsvector('simple', ${indexedText(fields.description)}), 'B')
          || setweight(to_tsvector('simple', ${indexedText(fields.notes)}), 'C')
          || setweight(to_tsvector('simple', ${indexedText(fields.text)}), 'D')`;
        return { document_id: documentId, name_words: name, vector };
      });
      // One round trip per chunk: with one statement per document the round trips, not the
      // vectors, were most of the cost.
      await db
        .insertInto('document_search')
        .values(rows)
        .onConflict((oc) =>
          oc.column('document_id').doUpdateSet((eb) => ({ name_words: eb.ref('excluded.name_words'), vector: eb.ref('excluded.vector') })),
        )
        .execute();
    }
  },

  async removeDocument(db: Kysely<Database>, documentId: number): Promise<void> {
    await postgresSearchIndex.removeDocuments(db, [documentId]);
  },

  async removeDocuments(db: Kysely<Database>, documentIds: readonly number[]): Promise<void> {
    for (let start = 0; start < documentIds.length; start += WRITE_CHUNK) {
      await db
        .deleteFrom('document_search')
        .where('document_id', 'in', documentIds.slice(start, start + WRITE_CHUNK))
        .execute();
    }
  },

  async search(db, viewer, query) {
    const words = queryWords(query.q);
    if (words.length === 0) return searchWithoutText(db, 'postgres', viewer, query);
    // A sub-select, so the planner sees the query only as a value of an InitPlan (computed once per
    // statement, still an index condition of the GIN scan). With the bare function of a parameter,
    // each execution's custom plan folded the words in and estimated their matches; that made it
    // look cheaper than the generic plan, so PostgreSQL planned every search afresh (~1.1 ms of its
    // CPU, more than running it), for the same plan. Now both estimate alike and the prepared
    // statement keeps its generic plan after the first five runs.
    const tsQuery = sql`(select to_tsquery('simple', ${tsQueryText(words, query.includeNotes)}))`;
    const phrase = words.join(' ');
    const scoped = db
      .selectFrom('documents as d')
      .where((eb) => canSeeDocument(eb, viewer))
      .where(queueSearchableCondition(viewer))
      .where((eb) => searchTagsCondition(eb, viewer, query.tags ?? [], 'postgres'));
    const typedId = typedDocumentId(query.q);
    // The text matches (through the GIN index) united with the documents whose linked record's
    // number, name or facts hold the words, and with a typed file id, so each is found even when
    // its text does not say it, and counted once.
    const textIds = db
      .selectFrom('document_search as hs')
      .select(sql<number>`hs.document_id`.as('id'))
      .where(sql<SqlBool>`hs.vector @@ ${tsQuery}`);
    const linked = textIds.union(linkedRecordMatches(db, 'postgres', words));
    const hits = typedId === undefined ? linked : linked.union(db.selectNoFrom(sql<number>`cast(${typedId} as integer)`.as('id')));
    const base = scoped.innerJoin(hits.as('f'), 'f.id', 'd.id').leftJoin('document_search as ds', 'ds.document_id', 'd.id');
    const order: MatchOrderKey[] =
      query.sort === undefined
        ? [
            ...(typedId === undefined
              ? []
              : [{ expression: sql`case when d.id = ${typedId} then 0 else 1 end`, direction: 'asc' } satisfies MatchOrderKey]),
            {
              expression: sql`case when ds.name_words = ${phrase} or ds.name_words = ${phrase} || ' ' || d.extension then 0 else 1 end`,
              direction: 'asc',
            },
            // A document found by its record alone ranks after those whose text matches.
            { expression: sql`coalesce(ts_rank(ds.vector, ${tsQuery}), 0)`, direction: 'desc' },
            { expression: sql`d.id`, direction: 'desc' },
          ]
        : searchSortOrder(query.sort, 'postgres');
    return pageOfMatches(db, base, order, query.skip, query.take);
  },

  async snippets(db, documentIds, q) {
    const snippets = new Map<number, SearchSnippet>();
    const words = queryWords(q);
    if (words.length === 0 || documentIds.length === 0) return snippets;
    // The stored page text and description as written (not the notes: a snippet never shows note
    // text); the passage is cut in markedPassage, as on SQLite: ts_headline parsed "150.00" as one
    // number that the indexed words "150" "00" never matched, and the two engines cut alike now.
    // Built once (db/statementShapes), one statement for any page length (db/postgresIdArray).
    const values = { ids: postgresIdArray(documentIds) };
    const rows = await executeShaped(db, 'postgres-snippets', values, (shaped) =>
      db
        .selectFrom('documents as d')
        .leftJoin('file_texts as ft', 'ft.file_sha256', 'd.file_sha256')
        .select(['d.id', sql<string | null>`left(ft.text, ${SNIPPET_TEXT_CHARS})`.as('body'), 'd.description'])
        .where(isAnyOfPostgresIdArray('d.id', shaped.ids)),
    );
    for (const row of rows) {
      const snippet =
        parseMarkedSnippet(markedPassage(row.body ?? '', words)) ?? parseMarkedSnippet(markedPassage(row.description ?? '', words));
      if (snippet !== null) snippets.set(row.id, snippet);
    }
    return snippets;
  },
};
