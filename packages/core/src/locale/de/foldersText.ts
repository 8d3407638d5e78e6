import { messagesFor, type TextsOf } from '../../rules';
import type { FOLDERS_TEXT } from '../foldersText';

const MESSAGES_DE = messagesFor('de');

/** FOLDERS_TEXT in German. */
export const FOLDERS_TEXT_DE: TextsOf<typeof FOLDERS_TEXT> = {
  documentActions: 'Belegaktionen',
  upload: 'Hochladen',
  uploadInto: (folderName: string): string => `In ${folderName} hochladen`,
  chooseFiles: 'Dateien zum Hochladen auswählen',
  taggingNote: `Der Markierungsmodus ist an: Klicken Sie auf einen Beleg, um ihn zu ${MESSAGES_DE.taggedItems} hinzuzufügen oder daraus zu entfernen. Aktionen für einzelne Belege sind aus.`,
  loadingFolders: 'Ordner werden geladen…',
  noRecord: 'Kein Datensatz geöffnet. Öffnen Sie einen Kreditor oder eine Einkaufsrechnung, um die Belege zu sehen.',
  dropFiles: 'Dateien zum Hochladen hier ablegen',
  tree: 'Ordner',
  relatedUnavailable: 'Belege verbundener Datensätze werden nicht angezeigt.',
  retry: 'Erneut versuchen',

  uploads: 'Uploads',
  uploaded: (fileName: string): string => `${fileName} hochgeladen`,
  uploadingSummary: (finished: number, total: number): string => `Hochladen: ${finished} von ${total} fertig`,
  uploadsSummary: (done: number, failed: number): string => `Uploads: ${done} fertig${failed > 0 ? `, ${failed} fehlgeschlagen` : ''}`,
  uploadingPercent: (percent: number, size: string): string => `${percent} % von ${size} hochgeladen`,
  processing: 'Wird verarbeitet…',
  uploadDone: 'Hochgeladen',
  uploadFailed: 'Fehlgeschlagen',
  clearFinished: 'Abgeschlossene entfernen',
  showUploads: 'Uploads anzeigen',
  hideUploads: 'Uploads ausblenden',
  overallProgress: 'Gesamtfortschritt der Uploads',
  view: 'Anzeigen',
  viewUploaded: (documentName: string): string => `${documentName} anzeigen`,
  cancelUpload: (fileName: string): string => `${fileName} abbrechen`,
  progressOf: (fileName: string): string => `Fortschritt von ${fileName}`,
};
