import type { StoragePort } from '../../host';
import type { Note, NoteKind } from '../../model';

/** Which kinds of notes the notes page shows (spec §2: user, system and 'VIEWED' notes). */
export type NoteFilters = Record<NoteKind, boolean>;

/** Local-storage key of the note filters (spec §3 "Local-storage items: note filters"). */
export const NOTE_FILTERS_KEY = 'noteFilters';

/** Every kind shown. */
export const DEFAULT_NOTE_FILTERS: NoteFilters = { user: true, system: true, viewed: true };

/** Reads the stored filters; anything unreadable counts as the default. */
export function loadNoteFilters(storage: StoragePort): NoteFilters {
  const raw = storage.getItem(NOTE_FILTERS_KEY);
  if (raw === null) return { ...DEFAULT_NOTE_FILTERS };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return { ...DEFAULT_NOTE_FILTERS };
    const stored = value as Record<string, unknown>;
    const flag = (kind: NoteKind): boolean => (typeof stored[kind] === 'boolean' ? (stored[kind] as boolean) : DEFAULT_NOTE_FILTERS[kind]);
    return { user: flag('user'), system: flag('system'), viewed: flag('viewed') };
  } catch {
    return { ...DEFAULT_NOTE_FILTERS };
  }
}

/** Stores the filters for the next visit. */
export function saveNoteFilters(storage: StoragePort, filters: NoteFilters): void {
  storage.setItem(NOTE_FILTERS_KEY, JSON.stringify(filters));
}

/** The notes the filters let through, in their original order. */
export function filterNotes(notes: readonly Note[], filters: NoteFilters): Note[] {
  return notes.filter((note) => filters[note.kind]);
}
