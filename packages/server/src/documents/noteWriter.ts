import { VIEWED_NOTE_TEXT, validateNote } from '@datahaven/core/rules';
import type { Note, NoteKind } from '@datahaven/core/model';
import type { Kysely, Transaction } from 'kysely';
import { inWriteTransaction } from '../db/inWriteTransaction';
import type { Database } from '../db/schema';
import { invalid } from '../errors/DomainError';
import { presentNote } from './notePresenter';
import { reindexDocument } from '../search';

/** Inserts a note inside the caller's transaction (system notes travel with their change). */
export async function insertNote(
  trx: Transaction<Database> | Kysely<Database>,
  documentId: number,
  authorId: number,
  kind: NoteKind,
  text: string,
  createdAt: string,
): Promise<number> {
  const row = await trx
    .insertInto('notes')
    .values({ document_id: documentId, author_id: authorId, kind, text, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts notes by one author in one statement, in the order given (their ids ascend so), inside
 * the caller's transaction: a workflow action's system notes and the approver's notes travel
 * together, and inside that transaction every round trip keeps racing approvers waiting.
 */
export async function insertNotes(
  trx: Transaction<Database> | Kysely<Database>,
  authorId: number,
  notes: readonly { documentId: number; kind: NoteKind; text: string }[],
  createdAt: string,
): Promise<void> {
  if (notes.length === 0) return;
  await trx
    .insertInto('notes')
    .values(
      notes.map(({ documentId, kind, text }) => ({ document_id: documentId, author_id: authorId, kind, text, created_at: createdAt })),
    )
    .execute();
}

/** Adds a user note after the spec's checks ('A note is required to submit.', 4000 characters), indexed for search in the same transaction. */
export async function addUserNote(
  db: Kysely<Database>,
  author: { userId: number; username: string },
  documentId: number,
  text: unknown,
  now: Date,
): Promise<Note> {
  const validation = validateNote(typeof text === 'string' ? text : null);
  if (!validation.valid) throw invalid(validation.message);
  const noteText = text as string;
  const createdAt = now.toISOString();
  const { id, name } = await inWriteTransaction(db, async (trx) => {
    const noteId = await insertNote(trx, documentId, author.userId, 'user', noteText, createdAt);
    await reindexDocument(trx, documentId);
    const user = await trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', author.userId).executeTakeFirst();
    return { id: noteId, name: user };
  });
  return presentNote({
    id,
    document_id: documentId,
    kind: 'user',
    text: noteText,
    author_username: author.username,
    author_first_name: name?.first_name,
    author_last_name: name?.last_name,
    created_at: createdAt,
  });
}

/** Records that a user opened a document (a 'viewed' note reading 'VIEWED'). */
export async function recordView(db: Kysely<Database>, userId: number, documentId: number, now: Date): Promise<void> {
  await insertNote(db, documentId, userId, 'viewed', VIEWED_NOTE_TEXT, now.toISOString());
}

/** A document's notes, oldest first, with author names. */
export async function listNotes(db: Kysely<Database>, documentId: number): Promise<Note[]> {
  const rows = await db
    .selectFrom('notes as n')
    .innerJoin('users as u', 'u.id', 'n.author_id')
    .select([
      'n.id',
      'n.document_id',
      'n.kind',
      'n.text',
      'u.username as author_username',
      'u.first_name as author_first_name',
      'u.last_name as author_last_name',
      'n.created_at',
    ])
    .where('n.document_id', '=', documentId)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  return rows.map(presentNote);
}
