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
  const index = createSearchIndex(dialectOf(db));
  const unique = [...new Set(documentIds)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const ids = unique.slice(start, start + CHUNK);
    const documents = await db
      .selectFrom('documents as d')
      .leftJoin('file_texts as ft', 'ft.file_sha256', 'd.file_sha256')
      .select(['d.id', 'd.name', 'd.description', 'ft.text'])
      .where('d.id', 'in', ids)
      .where('d.deleted_at', 'is', null)
      .execute();
    const notes = new Map<number, string[]>();
    if (documents.length > 0) {
      const rows = await db
        .selectFrom('notes')
        .select(['document_id', 'text'])
        .where('document_id', 'in', documents.map((d) => d.id))
        .where('kind', '=', 'user')
        .orderBy('document_id')
        .orderBy('id')
        .execute();
      for (const row of rows) notes.set(row.document_id, [...(notes.get(row.document_id) ?? []), row.text]);
    }
    const live = new Set(documents.map((d) => d.id));
    const gone = ids.filter((id) => !live.has(id));
    if (gone.length > 0) await index.removeDocuments(db, gone);
    const entries: IndexEntry[] = documents.map((d) => ({
      documentId: d.id,
      fields: { name: d.name, description: d.description, notes: (notes.get(d.id) ?? []).join('\n'), text: d.text ?? '' },
    }));
    if (entries.length > 0) await index.indexDocuments(db, entries);
  }
}
