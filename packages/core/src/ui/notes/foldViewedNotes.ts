import type { Note } from '../../model';
import { UI_TEXT } from '../../locale/uiText';

/** One line of the notes list: a note, or every 'VIEWED' entry of one user folded together. */
export type NoteLine = { kind: 'note'; note: Note } | { kind: 'views'; author: string; authorName: string; count: number; lastAt: string };

/**
 * Folds the automatic 'VIEWED' entries into one line per user, placed where that user's last view
 * falls in the (oldest-first) list, so opening a document many times does not bury the notes.
 */
export function foldViewedNotes(notes: readonly Note[]): NoteLine[] {
  const views = new Map<string, { count: number; lastIndex: number; lastAt: string; authorName: string }>();
  notes.forEach((note, index) => {
    if (note.kind !== 'viewed') return;
    const known = views.get(note.author);
    views.set(note.author, {
      count: (known?.count ?? 0) + 1,
      lastIndex: index,
      lastAt: note.createdAt,
      authorName: note.authorName ?? note.author,
    });
  });
  const lines: NoteLine[] = [];
  notes.forEach((note, index) => {
    if (note.kind !== 'viewed') {
      lines.push({ kind: 'note', note });
      return;
    }
    const summary = views.get(note.author);
    if (summary && summary.lastIndex === index)
      lines.push({ kind: 'views', author: note.author, authorName: summary.authorName, count: summary.count, lastAt: summary.lastAt });
  });
  return lines;
}

/** "Viewed by Pat Approver, 3 times, last 10:42" (`last` already formatted for the reader). */
export function viewsText(authorName: string, count: number, last: string): string {
  return UI_TEXT.notes.viewedBy(authorName, count, last);
}
