import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createSearchIndex } from './createSearchIndex';
import { dialectOf } from './dialectOf';

/**
 * Brings the index entry of one document in step with its rows: name, description, user notes
 * and the extracted text of its file; a deleted or missing document is removed. Call it inside
 * the transaction that changed the document, so the index commits with the change.
 */
export async function reindexDocument(db: Kysely<Database>, documentId: number): Promise<void> {
  const index = createSearchIndex(dialectOf(db));
  const document = await db
    .selectFrom('documents as d')
    .leftJoin('file_texts as ft', 'ft.file_sha256', 'd.file_sha256')
    .select(['d.name', 'd.description', 'd.deleted_at', 'ft.text'])
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  if (document === undefined || document.deleted_at !== null) {
    await index.removeDocument(db, documentId);
    return;
  }
  const notes = await db
    .selectFrom('notes')
    .select('text')
    .where('document_id', '=', documentId)
    .where('kind', '=', 'user')
    .orderBy('id')
    .execute();
  await index.indexDocument(db, documentId, {
    name: document.name,
    description: document.description,
    notes: notes.map((n) => n.text).join('\n'),
    text: document.text ?? '',
  });
}
