import type { Kysely } from 'kysely';
import type { SearchSnippet } from '@datahaven/core/model';
import type { Database } from '../db/schema';
import type { Viewer } from '../access';
import type { SearchFilterTag } from './searchTagCondition';
import type { SearchSort } from './searchSortOrder';

/** What of one document the full-text index holds, as plain text (normalised by the index). */
export interface SearchFields {
  name: string;
  description: string;
  /** The document's user notes, joined. */
  notes: string;
  /** Text extracted from the document's pages. */
  text: string;
}

/** One document and what the index is to hold for it. */
export interface IndexEntry {
  documentId: number;
  fields: SearchFields;
}

/**
 * A search: the typed text, tags ANDed with it, an explicit sort (else relevance with words,
 * newest first without) and the page wanted. Neither words nor tags → no documents.
 */
export interface SearchQuery {
  q: string;
  skip: number;
  take: number;
  tags?: readonly SearchFilterTag[];
  sort?: SearchSort;
  /** Whether words may match note text: only for callers who may read notes. */
  includeNotes: boolean;
}

/** One page of matching, visible document ids, best first, and how many match in all. */
export interface SearchHits {
  ids: number[];
  total: number;
}

/**
 * The full-text index over name, description, notes and page text (SQLite FTS5 or PostgreSQL
 * tsvector + GIN). Writes run inside the caller's transaction; queries join the caller's access
 * in the same SQL (DOMAIN invariant 3), so neither ids nor total reveal an invisible document.
 */
export interface SearchIndex {
  /** Replaces what the index holds for `documentId`. */
  indexDocument(db: Kysely<Database>, documentId: number, fields: SearchFields): Promise<void>;
  /** Replaces what the index holds for each entry's document, in as few statements as the database allows. */
  indexDocuments(db: Kysely<Database>, entries: readonly IndexEntry[]): Promise<void>;
  /** Drops `documentId` from the index (no-op when absent). */
  removeDocument(db: Kysely<Database>, documentId: number): Promise<void>;
  /** Drops the documents from the index (absent ones are ignored). */
  removeDocuments(db: Kysely<Database>, documentIds: readonly number[]): Promise<void>;
  /** Visible documents matching every word of `q` (the last as a prefix) and every tag, exact name hits first. */
  search(db: Kysely<Database>, viewer: Viewer, query: SearchQuery): Promise<SearchHits>;
  /**
   * Where the words of `q` matched in each of `documentIds` (ids the caller's search already
   * returned, so already filtered by access): a piece of the page text or description with the
   * words marked (FTS5 snippet(), PostgreSQL ts_headline). Documents without a text match are left out.
   */
  snippets(db: Kysely<Database>, documentIds: readonly number[], q: string): Promise<Map<number, SearchSnippet>>;
}
