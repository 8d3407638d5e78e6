import { LIMITS } from '../model';
import { MESSAGES } from './messages';

/** The outcome of checking a note before it is sent (or stored, on the server). */
export type NoteValidation = { valid: true } | { valid: false; message: string };

/** Length of a note in characters (code points, as a database counts them, not UTF-16 units). */
export function noteLength(text: string): number {
  return Array.from(text).length;
}

/** Spec §5: a note is required ('A note is required to submit.') and holds at most 4000 characters. */
export function validateNote(text: string | null | undefined): NoteValidation {
  if (text === null || text === undefined || text.trim() === '') return { valid: false, message: MESSAGES.noteRequired };
  if (noteLength(text) > LIMITS.noteMaxLength) return { valid: false, message: MESSAGES.noteTooLong };
  return { valid: true };
}
