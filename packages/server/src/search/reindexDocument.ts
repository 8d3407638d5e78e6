import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { reindexDocuments } from './reindexDocuments';

/**
 * Brings the index entry of one document in step with its rows: name, description, user notes
 * and the extracted text of its file; a deleted or missing document is removed. Call it inside
 * the transaction that changed the document, so the index commits with the change.
 */
export async function reindexDocument(db: Kysely<Database>, documentId: number): Promise<void> {
  await reindexDocuments(db, [documentId]);
}
