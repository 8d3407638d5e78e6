import type { Note } from '@datahaven/core/model';

/** A notes row joined with its author's username. */
export interface NoteDetailRow {
  id: number;
  document_id: number;
  kind: Note['kind'];
  text: string;
  author_username: string;
  /** The author's first and last name; absent or empty means the login is the name to show. */
  author_first_name?: string;
  author_last_name?: string;
  created_at: string;
}

/** "First Last", or the login when the user has no name. */
function displayName(row: NoteDetailRow): string {
  const name = `${row.author_first_name ?? ''} ${row.author_last_name ?? ''}`.trim();
  return name === '' ? row.author_username : name;
}

/** A note row → `Note`. */
export function presentNote(row: NoteDetailRow): Note {
  return {
    id: row.id,
    docId: row.document_id,
    kind: row.kind,
    text: row.text,
    author: row.author_username,
    authorName: displayName(row),
    createdAt: row.created_at,
  };
}
