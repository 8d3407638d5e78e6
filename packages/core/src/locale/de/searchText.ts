import { messagesFor, type TextsOf } from '../../rules';
import { pluralFor } from '../plural';
import type { SEARCH_TEXT } from '../searchText';

const plural = pluralFor('de');
const MESSAGES_DE = messagesFor('de');

/** SEARCH_TEXT in German. */
export const SEARCH_TEXT_DE: TextsOf<typeof SEARCH_TEXT> = {
  search: 'Suchen',
  searchActions: 'Suchaktionen',
  searchResults: 'Suchergebnisse',
  documentsFound: (total: number): string => `${total} ${plural(total, { one: 'Beleg gefunden', other: 'Belege gefunden' })}`,
  searching: 'Suche läuft…',
  searchingProgress: 'Suche läuft',
  typeToSearch: 'Suchbegriff eingeben',
  noMatch: (searched: string): string => `Keine Belege entsprechen „${searched}“`,
  taggingNote: `Der Markierungsmodus ist an: Klicken Sie auf ein Ergebnis, um es zu ${MESSAGES_DE.taggedItems} hinzuzufügen oder daraus zu entfernen.`,
  taggingHidesViewer: 'Die Belegansicht ist ausgeblendet, solange der Markierungsmodus an ist.',

  searchDocuments: 'Belege suchen',
  searchTags: 'Suchkriterien',
  suggestions: 'Suchvorschläge',
  tagLabel: (prefix: string, text: string): string => `${prefix}: ${text}`,
  tagPrefixes: {
    queue: 'Warteschlange',
    queueNameContains: 'Warteschlangenname',
    document: 'Beleg',
    documentName: 'Name',
    documentDescription: 'Beschreibung',
    approval: 'Freigabe',
    inWorkflow: 'Im Workflow',
    inAllCompanies: 'Alle Mandanten',
    inCompany: 'Mandant',
    noteTextContains: 'Notiz',
    fileIdContains: 'Datei-ID enthält',
    fileIdExact: 'Datei-ID',
    userString1Contains: 'Benutzertext',
    customIndex: 'Benutzerdefinierter Index',
    ai: 'KI',
  },

  columns: { name: 'Name', created: 'Erstellt', size: 'Größe' },
  selectAllRows: 'Alle Zeilen auswählen',
  selectRow: 'Zeile auswählen',
  tag: (documentName: string): string => `${documentName} markieren`,
  openNamed: (documentName: string): string => `${documentName} öffnen`,
  tagged: 'Markiert',
  inQueue: (queueName: string): string => `Warteschlange: ${queueName}`,

  saveSearch: 'Suche speichern',
  savedSearchName: 'Name der gespeicherten Suche',
  savedSearch: (name: string): string => `Gespeicherte Suche ${name}`,
  savedSearches: 'Gespeicherte Suchen',
  savedSearchDefaultName: 'Gespeicherte Suche',
  noSavedSearches: 'Noch keine gespeicherten Suchen.',
  pinnedSearches: 'Angeheftete Suchen',
  noPinnedSearches: 'Noch keine angehefteten Suchen. Suchen, die Sie anheften, erscheinen hier.',
  documentCount: (count: number): string => `${count} ${plural(count, { one: 'Beleg', other: 'Belege' })}`,
  run: (name: string): string => `${name} ausführen`,
  savedAt: (when: string): string => `Gespeichert ${when}`,
  pin: (name: string): string => `${name} anheften`,
  unpin: (name: string): string => `${name} lösen`,
  pinTitle: `An ${MESSAGES_DE.pinnedSearches} anheften`,
  unpinTitle: `Von ${MESSAGES_DE.pinnedSearches} lösen`,
  rename: 'Umbenennen',
  renameNamed: (name: string): string => `${name} umbenennen`,
  newNameFor: (name: string): string => `Neuer Name für ${name}`,
  deleteNamed: (name: string): string => `${name} löschen`,
};
