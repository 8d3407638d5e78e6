/** Who wrote a note: a user, the system (upload, change, delete, workflow), or a view record. */
export type NoteKind = 'user' | 'system' | 'viewed';

/** A note on a document (spec §3 "Note"). System notes on views read 'VIEWED'. */
export interface Note {
  id: number;
  docId: number;
  kind: NoteKind;
  text: string;
  author: string;
  createdAt: string;
}
