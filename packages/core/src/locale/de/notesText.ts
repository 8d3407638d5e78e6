import type { TextsOf } from '../../rules';
import type { NOTES_TEXT } from '../notesText';
import { pluralFor } from '../plural';

const plural = pluralFor('de');

/** NOTES_TEXT in German. */
export const NOTES_TEXT_DE: TextsOf<typeof NOTES_TEXT> = {
  title: 'Notizen',
  titleOf: (documentName: string): string => `Notizen – ${documentName}`,
  closeNotes: 'Notizen schließen',
  view: 'Anzeige',
  newNote: 'Neue Notiz',
  addNote: 'Notiz hinzufügen',
  noteAdded: 'Notiz hinzugefügt',
  show: 'Anzeigen',
  kindFilters: { user: 'Benutzernotizen', system: 'Systemnotizen', viewed: 'Ansichtsnotizen' },
  kindBadges: { user: 'Benutzer', system: 'System', viewed: 'Angesehen' },
  everyView: 'Jede Ansicht',
  loadingNotes: 'Notizen werden geladen…',
  noNotes: 'Noch keine Notizen.',
  noneMatch: 'Keine Notizen entsprechen den Filtern.',
  viewedBy: (authorName: string, count: number, last: string): string =>
    `Angesehen von ${authorName}, ${plural(count, { one: 'einmal', other: `${count}-mal` })}, zuletzt ${last}`,
};
