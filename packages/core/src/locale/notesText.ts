import { pluralFor } from './plural';

const plural = pluralFor('en');

/** The notes panel (beside the viewer, in the folders) and the notes screen. */
export const NOTES_TEXT = {
  title: 'Notes',
  titleOf: (documentName: string): string => `Notes – ${documentName}`,
  closeNotes: 'Close notes',
  view: 'View',
  newNote: 'New note',
  addNote: 'Add note',
  noteAdded: 'Note added',
  /** The legend of the note-kind filters. */
  show: 'Show',
  kindFilters: { user: 'User notes', system: 'System notes', viewed: 'Viewed notes' },
  kindBadges: { user: 'User', system: 'System', viewed: 'Viewed' },
  /** The switch that shows each 'VIEWED' entry instead of one line per user. */
  everyView: 'Every view',
  loadingNotes: 'Loading notes…',
  noNotes: 'No notes yet.',
  noneMatch: 'No notes match the filters.',
  /** One line per user for their 'VIEWED' entries; `last` is already formatted for the reader. */
  viewedBy: (authorName: string, count: number, last: string): string =>
    `Viewed by ${authorName}, ${plural(count, { one: 'once', other: `${count} times` })}, last ${last}`,
} as const;
