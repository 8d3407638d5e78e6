/** Who wrote a note: a user, the system (upload, change, delete, workflow), or a view record. */
export type NoteKind = 'user' | 'system' | 'viewed';

/** A note on a document (spec §3 "Note"). System notes on views read 'VIEWED'. */
export interface Note {
  id: number;
  docId: number;
  kind: NoteKind;
  text: string;
  /** The author's login. */
  author: string;
  /** The author's display name ("Pat Approver"); the login when the user has no name. Older servers leave it out. */
  authorName?: string;
  createdAt: string;
}
