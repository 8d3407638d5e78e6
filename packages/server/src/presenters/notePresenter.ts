import type { Note } from '@datahaven/core/model';

/** A notes row joined with its author's username. */
export interface NoteDetailRow {
  id: number;
  document_id: number;
  kind: Note['kind'];
  text: string;
  author_username: string;
  created_at: string;
}

/** A note row → `Note`. */
export function presentNote(row: NoteDetailRow): Note {
  return { id: row.id, docId: row.document_id, kind: row.kind, text: row.text, author: row.author_username, createdAt: row.created_at };
}
