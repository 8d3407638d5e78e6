import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createSearchIndex } from './createSearchIndex';
import { dialectOf } from '../db/dialectOf';
import type { IndexEntry } from './SearchIndex';

/** Documents read and written per round. */
const CHUNK = 500;

/**
 * Brings the index entries of documents in step with their rows: name, description, user notes
 * and the extracted text of their file; deleted or missing documents are removed. Reads and
 * writes a chunk of documents per statement. Call it inside the transaction that changed the
 * documents, so the index commits with the change.
 */
export async function reindexDocuments(db: Kysely<Database>, documentIds: readonly number[]): Promise<void> {
  const dialect = dialectOf(db);
  const index = createSearchIndex(dialect);
  // The user notes in note order, one per line, read with their document: one statement, not two
  // (approving with a note reindexes inside the transaction that racing approvers wait on).
  const notes =
    dialect === 'postgres'
      ? sql<string | null>`(select string_agg(n.text, chr(10) order by n.id) from notes n where n.document_id = d.id and n.kind = 'user')`
      : sql<
          string | null
        >`(select group_concat(n.text, char(10) order by n.id) from notes n where n.document_id = d.id and n.kind = 'user')`;
  const unique = [...new Set(documentIds)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const ids = unique.slice(start, start + CHUNK);
    const documents = await db
      .selectFrom('documents as d')
      .leftJoin('file_texts as ft', 'ft.file_sha256', 'd.file_sha256')
      .select(['d.id', 'd.name', 'd.description', 'ft.text', notes.as('notes')])
      .where('d.id', 'in', ids)
      .where('d.deleted_at', 'is', null)
      .execute();
    const live = new Set(documents.map((d) => d.id));
    const gone = ids.filter((id) => !live.has(id));
    if (gone.length > 0) await index.removeDocuments(db, gone);
    const entries: IndexEntry[] = documents.map((d) => ({
      documentId: d.id,
      fields: { name: d.name, description: d.description, notes: d.notes ?? '', text: d.text ?? '' },
    }));
    if (entries.length > 0) await index.indexDocuments(db, entries);
  }
}
