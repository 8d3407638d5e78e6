import type { Note } from '../model';
import type { ApiClient } from './ApiClient';

/** The notes resource (GET/POST /documents/{id}/notes). */
export interface NotesApi {
  /** A document's notes, oldest first. */
  getNotes(docId: number, signal?: AbortSignal): Promise<Note[]>;
  /** Adds a user note; the server refuses empty notes and notes over 4000 characters. */
  addNote(docId: number, text: string): Promise<Note>;
}

/** Creates the notes resource over an ApiClient. */
export function notesApi(client: ApiClient): NotesApi {
  return {
    getNotes: (docId, signal) => client.get<Note[]>(`/documents/${docId}/notes`, { signal }),
    addNote: (docId, text) => client.post<Note>(`/documents/${docId}/notes`, { text }),
  };
}
