import { messagesFor } from '../../rules';
import { SHELL_TEXT_DE } from './shellText';
import { EXPORT_TEXT_DE } from './exportText';
import { FOLDERS_TEXT_DE } from './foldersText';
import { LINK_TEXT_DE } from './linkText';
import { MAIL_TEXT_DE } from './mailText';
import { NEW_CARD_TEXT_DE } from './newCardText';
import { PUSH_LINK_TEXT_DE } from './pushLinkText';
import { METADATA_TEXT_DE } from './metadataText';
import { NOTES_TEXT_DE } from './notesText';
import { PAGE_WORK_TEXT_DE } from './pageWorkText';
import { PROPERTIES_TEXT_DE } from './propertiesText';
import { QUICK_LINK_TEXT_DE } from './quickLinkText';
import { QUEUE_IMPORT_TEXT_DE } from './queueImportText';
import { SEARCH_TEXT_DE } from './searchText';
import { WORKFLOW_TEXT_DE } from './workflowText';
import { DECISION_TEXT_DE } from './decisionText';
import { VIEWER_TEXT_DE } from './viewerText';
import { DUPLICATES_TEXT_DE } from './duplicatesText';
import { LIVE_TEXT_DE } from './liveText';
import { SEND_FOR_APPROVAL_TEXT_DE } from './sendForApprovalText';
import { PHONE_TEXT_DE } from './phoneText';
import { SPREADSHEET_TEXT_DE } from './spreadsheetText';

const MESSAGES_DE = messagesFor('de');

/**
 * The UI catalogue in German (de-DE), composed like the English UI_TEXT; its shape is checked
 * against the English one where both become the live UI_TEXT (../uiText.ts). Sie-form, Business
 * Central's own German terms (Kreditor, Einkaufsrechnung, Mandant), Beleg for a stored document.
 */
export const UI_TEXT_DE = {
  loading: 'Wird geladen…',
  save: 'Speichern',
  saving: 'Wird gespeichert…',
  cancel: 'Abbrechen',
  close: 'Schließen',
  back: 'Zurück',
  done: 'Fertig',
  open: 'Öffnen',
  loadingMore: 'Weitere werden geladen…',
  loadMore: 'Weitere laden',
  selectedCount: (count: number): string => `${count} ausgewählt`,
  autoview: 'Automatische Anzeige',
  showViewer: 'Belegansicht anzeigen',
  documentViewer: 'Belegansicht',
  taggingMode: 'Markierungsmodus',
  taggedInto: (documentName: string): string => `${documentName} zu ${MESSAGES_DE.taggedItems} hinzugefügt`,
  removedFromTagged: (documentName: string): string => `${documentName} aus ${MESSAGES_DE.taggedItems} entfernt`,

  shell: SHELL_TEXT_DE,
  export: EXPORT_TEXT_DE,
  folders: FOLDERS_TEXT_DE,
  link: LINK_TEXT_DE,
  mail: MAIL_TEXT_DE,
  newCard: NEW_CARD_TEXT_DE,
  pushLink: PUSH_LINK_TEXT_DE,
  metadata: METADATA_TEXT_DE,
  notes: NOTES_TEXT_DE,
  pageWork: PAGE_WORK_TEXT_DE,
  properties: PROPERTIES_TEXT_DE,
  quickLink: QUICK_LINK_TEXT_DE,
  queueImport: QUEUE_IMPORT_TEXT_DE,
  search: SEARCH_TEXT_DE,
  workflow: WORKFLOW_TEXT_DE,
  decision: DECISION_TEXT_DE,
  viewer: VIEWER_TEXT_DE,
  duplicates: DUPLICATES_TEXT_DE,
  live: LIVE_TEXT_DE,
  sendForApproval: SEND_FOR_APPROVAL_TEXT_DE,
  phone: PHONE_TEXT_DE,
  spreadsheet: SPREADSHEET_TEXT_DE,
};
